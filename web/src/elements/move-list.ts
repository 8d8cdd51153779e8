import { LitElement, css, html, nothing } from 'lit';
import type { Outcome } from '../engine/model';
import { define } from './define';

/** One move of the game as it was played. */
export interface PlayedMove {
  /** Its id among the moves of the position it was played from. */
  id: number;
  /** Who made it, as the page names them: "You", "Computer", "Player 1". */
  by: string;
  label: string;
  /** The position's value after the move, shown when values are on: `*3`, or a total by Smith's rule. */
  value: string;
  /** Who wins after it; `undefined` if unknown. */
  outcome: Outcome | undefined;
  /** How the move played the position it was made from; `undefined` where who wins there is not known. */
  judged: MoveJudgement | undefined;
}

/** A move kept a win that existed, threw it away, or was made where no move wins. */
export type MoveJudgement = 'kept' | 'threw' | 'none';

/**
 * The moves of the game so far, numbered by ply, each with the value it
 * left, and a strip of one mark per ply coloured by who was winning, so
 * the move where a game was lost stands out. Clicking a ply asks to go
 * back (or forward) to the position after it.
 */
export class MoveList extends LitElement {
  static properties = {
    moves: { attribute: false },
    ply: { type: Number },
    values: { type: Boolean },
    copied: { state: true },
  };

  declare moves: PlayedMove[];
  /** The ply shown now; moves after it can be redone. */
  declare ply: number;
  /** Show nimbers and who is winning. */
  declare values: boolean;
  /** What the last copy did, said beside its button. */
  declare private copied: string;

  constructor() {
    super();
    this.moves = [];
    this.ply = 0;
    this.values = true;
    this.copied = '';
  }

  static styles = css`
    :host { display: block; font-size: 0.85rem; }
    .strip { display: flex; flex-wrap: wrap; gap: 2px; margin: 0.3rem 0; }
    .strip span { width: 0.8rem; height: 0.8rem; border-radius: 2px; background: var(--grundy-border, #ccc); }
    .strip .n { background: var(--grundy-win, #117733); }
    .strip .p { background: var(--grundy-error, #a0153e); }
    .strip .d { background: var(--grundy-draw, #b45309); }
    ol { margin: 0; padding-left: 2rem; max-height: 14rem; overflow-y: auto; }
    li.future { opacity: 0.5; }
    li button { font: inherit; text-align: left; border: 0; background: none; color: inherit; padding: 0.1rem 0.2rem; cursor: pointer;
      border-radius: 0.3rem; min-height: 1.6rem; vertical-align: top; }
    li button:hover, li button:focus-visible { background: var(--grundy-surface, #eef); }
    li.current button { font-weight: 700; }
    .value { color: var(--grundy-muted, #555); font-variant-numeric: tabular-nums; }
    .tools { display: flex; gap: 0.4rem; align-items: center; margin-top: 0.3rem; }
    .tools button { font: inherit; font-size: 0.8rem; border-radius: 0.4rem; border: 1px solid var(--grundy-border, #999);
      background: var(--grundy-surface, #fff); color: inherit; cursor: pointer; }
    .empty { color: var(--grundy-muted, #555); margin: 0; }
  `;

  /** The list as plain text, one move per line, for pasting elsewhere. */
  get text(): string {
    return this.moves
      .map((m, i) => `${i + 1}. ${m.by}: ${m.label}${this.values ? ` (→ ${m.value})` : ''}`)
      .join('\n');
  }

  private go(ply: number): void {
    this.dispatchEvent(new CustomEvent('move-list-go', { detail: { ply }, bubbles: true, composed: true }));
  }

  private async copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(this.text);
      this.copied = 'Copied.';
    } catch {
      this.copied = 'The browser refused the clipboard: select the moves above to copy them.';
    }
  }

  render() {
    if (this.moves.length === 0) return html`<p class="empty">No moves yet.</p>`;
    const verdict = (m: PlayedMove) => (m.outcome === undefined ? 'unknown' : { next: 'N', previous: 'P', draw: 'D' }[m.outcome]);
    return html`
      ${this.values
        ? html`<div class="strip" role="img" aria-label=${`After each move, who was winning: ${this.moves.map(verdict).join(' ')}`}>
            ${this.moves.map((m, i) => html`<span class=${verdict(m).toLowerCase()} title=${`After move ${i + 1}: ${verdict(m)}-position`}></span>`)}
          </div>`
        : nothing}
      <ol>
        <li class=${this.ply === 0 ? 'current' : ''} value="0"><button @click=${() => this.go(0)}>Start</button></li>
        ${this.moves.map(
          (m, i) => html`<li class="${i + 1 === this.ply ? 'current' : ''} ${i + 1 > this.ply ? 'future' : ''}">
            <button @click=${() => this.go(i + 1)}>${m.by}: ${m.label}${this.values
              ? html` <span class="value">→ ${m.value}, ${verdict(m)}</span>`
              : nothing}</button>
          </li>`,
        )}
      </ol>
      <div class="tools"><button @click=${this.copy}>Copy moves</button><span role="status">${this.copied}</span></div>
    `;
  }
}

define('grundy-move-list', MoveList);
