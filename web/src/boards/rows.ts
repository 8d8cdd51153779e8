import { css, html, nothing } from 'lit';
import { BoardElement, PerAnalysis, type MovesByCell } from './board';
import { isWinning, winningMoves, type Board } from '../engine/model';
import { componentColour, inkOn } from '../elements/palette';
import { regionHas } from '../engine/regions';
import { heapEditButtons, ruleField } from './heap-edit';
import { define } from '../elements/define';

type RowsBoard = Extract<Board, { kind: 'rows' }>;

/**
 * Heaps of an octal game as rows of pins, pawns or counters. A move takes
 * a run of neighbouring pieces, whose length is chosen above the rows (1 or
 * 2 in Kayles); pointing at a piece previews taking the run that starts
 * there, and the pieces on either side stay as heaps.
 */
export class RowsBoardElement extends BoardElement {
  static properties = { ...BoardElement.properties, take: { state: true } };
  /** How many pieces a move takes; 0 splits a row without taking. */
  declare private take: number;

  constructor() {
    super();
    this.take = -1;
  }

  static styles = css`
    :host { display: block; }
    .takes { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; font-size: 0.9rem; margin-bottom: 0.5rem; }
    .takes button { font: inherit; min-width: 2.4rem; min-height: 2rem; border-radius: 0.4rem; border: 1px solid var(--grundy-border, #999);
      background: var(--grundy-surface, #fff); color: inherit; cursor: pointer; }
    .takes button[aria-pressed='true'] { background: var(--grundy-accent, #0b57d0); color: #fff; border-color: transparent; }
    /* Room for the rings drawn outside the pieces, which the board's scroller would clip. */
    .rows { display: flex; flex-direction: column; gap: 0.6rem; padding: 0.3rem; }
    /* A row is one line however narrow the column: adjacency is the game. Its pieces
       close up to a least width, then the row scrolls; padding keeps the rings inside it. */
    .row { display: flex; align-items: center; gap: 0.5rem; }
    .pieces { display: flex; gap: 2px; min-width: 0; overflow-x: auto; padding: 4px; }
    .row.last .pieces { outline: 3px dashed var(--grundy-last, #c2410c); outline-offset: 3px; border-radius: 0.4rem; }
    button.piece { width: 2rem; flex: 0 1 auto; min-width: 1.75rem; height: 2.6rem; padding: 0; border: 0; background: none; cursor: default; display: flex; align-items: center; justify-content: center; }
    .interactive button.piece.playable { cursor: pointer; }
    button.piece .shape { display: block; border: 2px solid var(--grundy-ink, #222); background: var(--heap-colour); }
    button.piece.pin { min-width: 1.15rem; }
    .pin .shape { width: 0.9rem; height: 2.2rem; border-radius: 0.45rem 0.45rem 0.3rem 0.3rem; }
    .counter .shape { width: 1.6rem; height: 1.6rem; border-radius: 50%; }
    .pawn .shape { width: 1.6rem; height: 2rem; border: 0; background: none; font-size: 1.7rem; line-height: 2rem; color: var(--heap-colour);
      -webkit-text-stroke: 1px var(--grundy-ink, #222); }
    button.piece.taken .shape { opacity: var(--grundy-taken-opacity, 0.25); border-style: dashed; outline: var(--grundy-taken-outline, none); }
    button.piece.winning .shape { box-shadow: 0 0 0 3px var(--grundy-win, #117733); }
    .pawn.winning .shape { text-decoration: underline 3px var(--grundy-win, #117733); box-shadow: none; }
    button.piece:focus-visible { outline: 3px solid var(--grundy-focus, #0b57d0); outline-offset: 1px; }
    .badge { flex: none; font: inherit; font-weight: 700; border: 0; border-radius: 0.7em; padding: 0.05rem 0.5rem; font-variant-numeric: tabular-nums; cursor: pointer; }
    .name { font-size: 0.75rem; color: var(--grundy-muted, #555); min-width: 3.5rem; flex: none; }
    .edit { display: flex; gap: 0.2rem; flex: none; }
    .edit button, .add { font: inherit; font-size: 0.8rem; min-width: 1.8rem; padding: 0.15rem 0.3rem; border-radius: 0.4rem;
      border: 1px solid var(--grundy-border, #999); background: var(--grundy-surface, #fff); color: inherit; cursor: pointer; }
    .add { align-self: flex-start; }
    .empty { color: var(--grundy-muted, #555); }
    .rule { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; font-size: 0.9rem; margin-bottom: 0.5rem; }
    .rule input { font: inherit; width: 8rem; }
    .rule span { color: var(--grundy-muted, #555); font-size: 0.8rem; }
    /* A printed board is a picture: no control of the screen's. */
    @media print { .takes { display: none; } }
  `;

  private get board(): RowsBoard | undefined {
    return this.analysis.board.kind === 'rows' ? this.analysis.board : undefined;
  }

  /** The run length in use: the chosen one if the code allows it, else its first. */
  private currentTake(board: RowsBoard): number {
    return board.takes.includes(this.take) ? this.take : (board.takes[0] ?? 1);
  }

  /** The rows drawn afresh as circles, for slides and handouts. */
  exportSvg(): { markup: string; width: number; height: number } | undefined {
    const board = this.board;
    if (!board) return undefined;
    const [step, rowHeight, left] = [22, 34, 70];
    const width = left + Math.max(1, ...board.sizes) * step + 16;
    const height = Math.max(1, board.sizes.length) * rowHeight + 16;
    const rows = board.sizes.map((size, heap) => {
      const colour = componentColour(heap);
      const y = 8 + heap * rowHeight + rowHeight / 2;
      const component = this.quiet ? undefined : this.componentOfHeap(heap);
      const label = `<text x="8" y="${y + 4}" font-size="12" fill="#555">${board.noun} ${heap + 1}${component ? `  *${component.nimber}` : ''}</text>`;
      const pieces = Array.from({ length: size }, (_, i) =>
        `<circle cx="${left + i * step + step / 2}" cy="${y}" r="9" fill="${colour}" stroke="#222" stroke-width="2"/>`).join('');
      return label + pieces;
    });
    const markup = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
      `<rect width="${width}" height="${height}" fill="#ffffff"/><g font-family="system-ui, sans-serif">${rows.join('')}</g></svg>`;
    return { markup, width, height };
  }

  render() {
    const board = this.board;
    if (!board) return nothing;
    const take = this.currentTake(board);
    const byCell = this.movesByCell();
    const pieceName = board.piece;
    const winningTakes = this.winningTakes.of(this.analysis);
    return html`
      ${this.editing ? ruleField(board.ruleField, (e) => this.edit(e)) : nothing}
      ${this.interactive && !this.editing && board.takes.length > 1
        ? html`<div class="takes" data-tool role="group" aria-label="How many ${pieceName}s a move takes">Take:
            ${board.takes.map((t) => html`<button aria-pressed=${t === take ? 'true' : 'false'} @click=${() => (this.take = t)}>
              ${t === 0 ? 'split' : t}${this.hints && winningTakes.has(t) ? ' ★' : ''}</button>`)}
          </div>`
        : nothing}
      <div class="rows ${this.interactive && !this.editing ? 'interactive' : ''}">
        ${board.sizes.length === 0 ? html`<p class="empty">No heaps, so no move can be made.</p>` : nothing}
        ${board.sizes.map((size, heap) => this.renderRow(board, heap, size, take, byCell))}
        ${this.editing && board.sizes.length < board.maxHeaps
          ? html`<button class="add" @click=${() => this.edit({ kind: 'setHeap', index: board.sizes.length, size: 5 })}>+ ${board.noun}</button>`
          : nothing}
      </div>`;
  }

  /** The takes with a winning move. */
  private readonly winningTakes = new PerAnalysis(
    (analysis) => new Set(winningMoves(analysis).map((m) => Number(m.variant))),
  );

  private renderRow(board: RowsBoard, heap: number, size: number, take: number, byCell: MovesByCell) {
    const colour = componentColour(heap);
    const component = this.quiet ? undefined : this.componentOfHeap(heap);
    const previewed = this.previewed;
    const pieceName = board.piece;
    const name = `${board.noun[0].toUpperCase()}${board.noun.slice(1)} ${heap + 1}`;
    const pieces = Array.from({ length: size }, (_, index) => {
      const move = byCell.get(heap, index)?.find((m) => Number(m.variant) === take);
      const wins = this.hints && move !== undefined && isWinning(this.analysis, move);
      const description = move
        ? this.moveWords(move, `${name}, ${pieceName} ${index + 1}: `)
        : `${name}, ${pieceName} ${index + 1}`;
      const taken = previewed !== undefined && regionHas(previewed.footprint, heap, index);
      return html`<button data-stop class="piece ${board.piece} ${move ? 'playable' : ''} ${taken ? 'taken' : ''} ${wins ? 'winning' : ''}"
        aria-label=${description} title=${description} ?disabled=${this.editing}
        @click=${() => this.play(move)}
        @mouseenter=${() => this.previewMove(move)} @mouseleave=${() => this.previewMove(undefined)}
        @focus=${() => this.previewMove(move)} @blur=${() => this.previewMove(undefined)}>
        <span class="shape" aria-hidden="true">${board.piece === 'pawn' ? '♟' : ''}</span></button>`;
    });
    const last = this.lastMove;
    const marked = last?.kind === 'items' && last.items.includes(heap);
    return html`<div class="row ${marked ? 'last' : ''}" style="--heap-colour:${colour};--heap-ink:${inkOn(colour)}"
      title=${marked ? `${this.lastMoveTitle}: it left this ${board.noun}` : nothing}>
      <span class="name">${board.noun} ${heap + 1}</span>
      ${component
        ? html`<button class="badge" style="background:${colour};color:${inkOn(colour)}"
            aria-label=${`${name}: nimber *${component.nimber}; explain it`} @click=${() => this.selectComponent(component.id)}>*${component.nimber}</button>`
        : nothing}
      <div class="pieces" role="group" aria-label=${`${name}: ${size} ${pieceName}s${marked ? `; ${this.lastMoveTitle.toLowerCase()} left it` : ''}`}>${pieces}</div>
      ${this.editing ? heapEditButtons(heap, size, (e) => this.edit(e)) : nothing}
    </div>`;
  }
}

define('grundy-rows', RowsBoardElement);
