import { css, html, nothing } from 'lit';
import { BoardElement, type BoardEvents } from './board';
import { renderBoard } from './index';
import { escapeXml } from '../elements/export';
import { engine } from '../engine/client';
import { hasInfinite, valueOfText, type Board, type GameInfo } from '../engine/model';
import { define } from '../elements/define';

type SumBoard = Extract<Board, { kind: 'sum' }>;

/**
 * A sum of games: each part drawn by its own renderer in a box of its own,
 * with its nimber. Moves and previews from a part are passed on in the
 * sum's numbering.
 */
export class SumBoardElement extends BoardElement {
  static properties = { ...BoardElement.properties, games: { state: true }, adding: { state: true } };
  declare private games: GameInfo[];
  declare private adding: string;

  constructor() {
    super();
    this.games = [];
    this.adding = 'nim';
  }

  connectedCallback(): void {
    super.connectedCallback();
    void engine()
      .games()
      .then((games) => (this.games = games.filter((g) => g.id !== 'sum')));
  }

  static styles = css`
    :host { display: block; }
    .parts { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: flex-start; }
    .term { display: flex; gap: 0.75rem; align-items: center; max-width: 100%; }
    .part { flex: 0 1 auto; min-width: 10rem; border: 1px solid var(--grundy-border, #999); border-radius: 0.6rem; padding: 0.5rem; max-width: 100%; box-sizing: border-box; }
    .part h3 { display: flex; gap: 0.5rem; align-items: center; font-size: 0.95rem; margin: 0 0 0.4rem; }
    .nimber { font-variant-numeric: tabular-nums; border-radius: 0.6em; padding: 0 0.4em; background: var(--grundy-surface, #eee); }
    .plus { align-self: center; font-size: 1.4rem; font-weight: 700; color: var(--grundy-muted, #555); }
    .add { display: flex; gap: 0.4rem; align-items: center; margin-top: 0.6rem; font-size: 0.85rem; }
    button, select { font: inherit; }
  `;

  /**
   * The parts side by side, each under its name and nimber, joined by ⊕:
   * every part board's own drawing, nested.
   */
  exportSvg(): { markup: string; width: number; height: number } | undefined {
    const board = this.board;
    const drawn = [...this.renderRoot.querySelectorAll<BoardElement>('section.part [part="board"]')].map((b) => b.exportSvg());
    if (!board || drawn.length === 0 || drawn.some((d) => !d)) return undefined;
    const [title, gap, plus] = [28, 16, 36];
    let x = gap;
    const pieces: string[] = [];
    drawn.forEach((part, index) => {
      const { markup, width, height } = part!;
      const info = board.parts[index];
      if (index > 0) {
        pieces.push(`<text x="${x + plus / 2}" y="${title + height / 2}" text-anchor="middle" font-size="24" font-weight="700">⊕</text>`);
        x += plus;
      }
      const label = this.quiet ? info.name : `${info.name}  ${valueOfText(info.analysis)}`;
      pieces.push(`<text x="${x}" y="20" font-size="15" font-weight="600">${escapeXml(label)}</text>`);
      pieces.push(markup.replace(/^<\?xml[^>]*>\s*/, '').replace('<svg', `<svg x="${x}" y="${title}"`));
      x += width;
    });
    const width = x + gap;
    const height = title + Math.max(...drawn.map((d) => d!.height)) + gap;
    const markup =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
      `font-family="system-ui, sans-serif"><rect width="100%" height="100%" fill="#ffffff"/>${pieces.join('')}</svg>`;
    return { markup, width, height };
  }

  private get board(): SumBoard | undefined {
    const board = this.analysis?.board;
    return board?.kind === 'sum' ? board : undefined;
  }

  render() {
    const board = this.board;
    if (!board) return nothing;
    return html`
      <div class="parts">
        ${board.parts.map((part, index) => {
          const local = this.preview - part.moveOffset;
          const preview = local >= 0 && local < part.analysis.moves.length ? local : -1;
          // Part boards speak in their own numbering; the sum adds the offset.
          const relay = (event: CustomEvent<BoardEvents['board-preview']>) => {
            event.stopPropagation();
            const { move, touch } = event.detail;
            if (event.type === 'board-play' && move !== null) this.emit('board-play', { move: move + part.moveOffset });
            if (event.type === 'board-preview') this.emit('board-preview', { move: move === null ? null : move + part.moveOffset, touch });
          };
          const value = valueOfText(part.analysis);
          // The ⊕ travels with the part after it, so a wrapped row never starts or ends on one.
          return html`<div class="term">${index > 0 ? html`<span class="plus" aria-hidden="true">⊕</span>` : nothing}
            <section class="part" role="group" aria-label=${this.quiet ? part.name : `${part.name}, ${hasInfinite(part.analysis) ? 'value' : 'nimber'} ${value}`}
              @board-play=${relay} @board-preview=${relay} @board-edit=${(e: Event) => e.stopPropagation()}>
              <h3>${part.name} ${this.quiet ? nothing : html`<span class="nimber">${value}</span>`}
                ${this.editing
                  ? html`<button aria-label=${`Remove ${part.name}`} @click=${() => this.edit({ kind: 'removePart', index })}>×</button>`
                  : nothing}
              </h3>
              ${renderBoard({
                game: part.game,
                analysis: { ...part.analysis, solveMs: 0 },
                editing: false,
                interactive: this.interactive && !this.editing,
                hints: this.hints,
                preview,
                quiet: this.quiet,
                lastBy: this.lastBy,
              })}
            </section></div>`;
        })}
      </div>
      ${this.editing
        ? html`<div class="add">
            <label>Add a game
              <select @change=${(e: Event) => (this.adding = (e.target as HTMLSelectElement).value)}>
                ${this.games.map((g) => html`<option value=${g.id} ?selected=${g.id === this.adding}>${g.name}</option>`)}
              </select></label>
            <button @click=${() => this.edit({ kind: 'addPart', game: this.adding })}>Add</button>
          </div>`
        : nothing}
    `;
  }
}

define('grundy-sum', SumBoardElement);
