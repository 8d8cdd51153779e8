import { css, html, nothing, svg } from 'lit';
import { BoardElement, svgTitle, PerAnalysis } from './board';
import { winningMoves, type Board, type Interval, type MoveInfo, type Moves } from '../engine/model';
import { componentColour, inkOn } from '../elements/palette';
import { define } from '../elements/define';

type LineBoard = Extract<Board, { kind: 'line' }>;

/** The line's width before the element has been measured. */
const DEFAULT_WIDTH = 720;
const ROW = 18;
const TOP = 22;
/** Depths drawn as rows; deeper intervals share one aggregated row. */
const SHOWN_DEPTHS = 24;
/** Bars narrower than this many pixels are drawn as one strip per row. */
const THIN = 2;
/** About how wide one character of an axis label is, in pixels. */
const LABEL_CHAR_WIDTH = 6;

/**
 * A number line: intervals as bars stacked by nesting depth, each labelled
 * with its subtree's nimber; the outermost of each tree outlined in its
 * component's colour. Pointing at an integer previews the pick (the
 * intervals holding it vanish); the wheel zooms and dragging pans.
 */
export class LineBoardElement extends BoardElement {
  static properties = {
    ...BoardElement.properties,
    view: { state: true },
    held: { state: true },
    hoverValue: { state: true },
    selected: { state: true },
    draft: { state: true },
    width: { state: true },
  };

  /** The visible range [lo, hi) of the line. */
  declare private view: [number, number] | undefined;
  /**
   * The fitted range while the pointer is over the line: a move shortens
   * the board, and refitting then would move the axis under the pointer.
   * It is fitted again when the pointer leaves.
   */
  declare private held: [number, number] | undefined;
  declare private hoverValue: number | undefined;
  declare private selected: number;
  /** An interval being drawn or resized: its index (or -1 for new) and ends. */
  declare private draft: { index: number; first: number; last: number; anchor: number } | undefined;
  /**
   * Drawing units across: the element's pixels, so labels stay legible,
   * divided by how much its type has grown beyond 16 px, so they grow with
   * it (in presentation on a projector).
   */
  declare private width: number;
  private readonly resizer = new ResizeObserver(([entry]) => {
    const grown = Math.max(1, parseFloat(getComputedStyle(this).fontSize) / 16);
    const measured = Math.round(entry.contentRect.width / grown);
    if (measured > 0 && measured !== this.width) this.width = measured;
  });
  private dragFrom: { x: number; view: [number, number]; moved: boolean } | undefined;
  /** Move ids by ascending anchor, for finding the pick under the pointer. */
  private readonly sortedMoves = new PerAnalysis((analysis) => alongTheLine(analysis.moves));

  constructor() {
    super();
    this.selected = -1;
    this.width = DEFAULT_WIDTH;
  }

  connectedCallback(): void {
    super.connectedCallback();
    this.resizer.observe(this);
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resizer.disconnect();
  }

  static styles = css`
    :host { display: block; }
    .tools { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; font-size: 0.85rem; margin-bottom: 0.4rem; }
    .tools button { font: inherit; border: 1px solid var(--grundy-border, #999); background: var(--grundy-surface, #fff);
      color: inherit; border-radius: 0.4rem; padding: 0.15rem 0.5rem; cursor: pointer; }
    svg { display: block; width: 100%; height: auto; touch-action: none; user-select: none; cursor: crosshair; }
    svg:focus-visible { outline: 3px solid var(--grundy-focus, #0b57d0); outline-offset: 2px; }
    .bar text { font: 700 10px system-ui, sans-serif; pointer-events: none; }
    .axis text { font: 10px system-ui, sans-serif; fill: var(--grundy-muted, #555); }
    .hint { font-size: 0.8rem; color: var(--grundy-muted, #555); margin: 0.3rem 0 0; }
  `;

  private get board(): LineBoard | undefined {
    const board = this.analysis?.board;
    return board?.kind === 'line' ? board : undefined;
  }

  /** The whole family with a margin, or 0..20 when empty. */
  private fitted(board: LineBoard): [number, number] {
    if (board.intervals.length === 0) return [0, 20];
    // A loop, not Math.min(...list): 100 000 arguments are slow to spread
    // and near what an engine accepts.
    let lo = Infinity;
    let hi = -Infinity;
    for (const { first, last } of board.intervals) {
      lo = Math.min(lo, first);
      hi = Math.max(hi, last + 1);
    }
    const margin = Math.max(1, Math.ceil((hi - lo) * 0.04));
    return [lo - margin, hi + margin];
  }

  /** The range drawn: zoomed or panned, else held under the pointer, else fitted to the board. */
  private shownView(board: LineBoard): [number, number] {
    return this.view ?? this.held ?? this.fitted(board);
  }

  private x(value: number, [lo, hi]: [number, number]): number {
    return ((value - lo) / (hi - lo)) * this.width;
  }

  private valueAt(event: PointerEvent | WheelEvent, [lo, hi]: [number, number]): number {
    const box = (this.renderRoot.querySelector('svg') as SVGSVGElement).getBoundingClientRect();
    return Math.floor(lo + ((event.clientX - box.left) / box.width) * (hi - lo));
  }

  private moveAt(value: number): MoveInfo | undefined {
    const { moves } = this.analysis;
    const sorted = this.sortedMoves.of(this.analysis);
    let low = 0;
    let high = sorted.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const span = moves.anchorSpanOf(sorted[mid]);
      if (!span) return undefined;
      if (value < span[0]) high = mid - 1;
      else if (value > span[1]) low = mid + 1;
      else return moves.at(sorted[mid]);
    }
    return undefined;
  }

  /** The intervals a move removes: the chain the engine names, from its deepest interval out. */
  private removedBy(move: MoveInfo | undefined, board: LineBoard): Set<number> {
    const removed = new Set<number>();
    if (move?.footprint.kind !== 'chain') return removed;
    let at: number | null = move.footprint.item;
    for (let left = move.footprint.length; left > 0 && at !== null; left--) {
      removed.add(at);
      at = board.intervals[at]?.parent ?? null;
    }
    return removed;
  }

  render() {
    const board = this.board;
    if (!board) return nothing;
    const view = this.shownView(board);
    const maxDepth = Math.min(SHOWN_DEPTHS, Math.max(0, ...board.intervals.map((i) => i.depth)));
    const axisY = TOP + (maxDepth + 1) * ROW + 8;
    const height = axisY + 26;
    const removed = this.removedBy(this.previewed, board);
    const [roots, strips] = [new Map<number, number>(), new Map<number, Set<number>>()];
    board.intervals.forEach((interval, index) => {
      if (interval.depth === 0) roots.set(index, roots.size);
    });
    // Only the bars drawn are listed: 100 000 intervals mostly fall in strips or out of view.
    const bars = board.intervals
      .map((interval, index) => this.renderBar(interval, index, view, roots, removed, strips))
      .filter((bar) => bar !== nothing);
    return html`
      <div class="tools" data-tool>
        <button @click=${() => this.zoom(0.5)} aria-label="Zoom in">+</button>
        <button @click=${() => this.zoom(2)} aria-label="Zoom out">−</button>
        <button @click=${() => ([this.view, this.held] = [undefined, undefined])}>Fit</button>
        ${this.editing && this.selected >= 0
          ? html`<button @click=${() => this.removeSelected()}>Delete [${board.intervals[this.selected]?.first}, ${board.intervals[this.selected]?.last}]</button>`
          : nothing}
        <span>${this.hoverValue !== undefined ? `at ${this.hoverValue}` : ''}</span>
      </div>
      <svg viewBox="0 0 ${this.width} ${height}" role="group" tabindex="0" @keydown=${this.onKey}
        aria-label=${`Number line with ${board.intervals.length} intervals${this.hoverValue !== undefined ? `; cursor at ${this.hoverValue}` : ''}`}
        @pointerdown=${this.onPointerDown} @pointermove=${this.onPointerMove} @pointerup=${this.onPointerUp}
        @pointerleave=${() => {
          this.hoverValue = undefined;
          this.held = undefined;
          this.previewMove(undefined);
        }}
        @wheel=${this.onWheel}>
        ${this.hints ? this.renderWinningRanges(view, axisY) : nothing}
        ${bars}
        ${[...strips].map(([depth, columns]) => {
          const y = TOP + depth * ROW;
          const path = [...columns].map((px) => `M${px} ${y + 2}v${ROW - 4}`).join('');
          return svg`<path d=${path} stroke="var(--grundy-muted, #777)" stroke-width="1"></path>`;
        })}
        ${this.renderLastMove(view)}
        ${this.draft ? this.renderDraft(view) : nothing}
        ${this.renderAxis(view, axisY)}
        ${this.hoverValue !== undefined
          ? svg`<line x1=${this.x(this.hoverValue + 0.5, view)} x2=${this.x(this.hoverValue + 0.5, view)} y1="4" y2=${axisY}
              stroke="var(--grundy-accent, #0b57d0)" stroke-dasharray="3 3" pointer-events="none"></line>`
          : nothing}
      </svg>
      <p class="hint" data-tool>
        ${this.editing
          ? 'Drag on the line to draw an interval, drag an end to resize, click one to select it.'
          : this.interactive
            ? 'Point at an integer to see which intervals vanish; click to pick it. Wheel to zoom, drag to pan.'
            : 'Wheel to zoom, drag to pan.'}
      </p>
    `;
  }

  private renderBar(
    interval: Interval,
    index: number,
    view: [number, number],
    roots: Map<number, number>,
    removed: Set<number>,
    strips: Map<number, Set<number>>,
  ) {
    const x1 = this.x(interval.first, view);
    const x2 = this.x(interval.last + 1, view);
    if (x2 < 0 || x1 > this.width) return nothing;
    const depth = Math.min(interval.depth, SHOWN_DEPTHS);
    if (x2 - x1 < THIN || interval.depth > SHOWN_DEPTHS) {
      const columns = strips.get(depth) ?? new Set<number>();
      columns.add(Math.round(Math.max(0, Math.min(this.width, x1))));
      strips.set(depth, columns);
      return nothing;
    }
    const y = TOP + depth * ROW;
    const component = roots.get(index);
    const colour = component === undefined ? undefined : componentColour(component);
    const gone = removed.has(index);
    const left = Math.max(0, x1);
    const right = Math.min(this.width, x2);
    const label = `[${interval.first}, ${interval.last}]${this.quiet ? '' : `, nimber *${interval.nimber}`}${gone ? ', vanishes' : ''}`;
    return svg`<g class="bar" role="img" aria-label=${label}>
      <rect x=${left} y=${y + 1} width=${Math.max(1, right - left)} height=${ROW - 3} rx="3"
        fill=${gone ? 'var(--grundy-lose, #aa3377)' : colour ?? 'var(--grundy-surface, #e8e8e8)'} fill-opacity=${gone ? 0.55 : colour ? 0.45 : 1}
        stroke=${colour ?? 'var(--grundy-border, #999)'} stroke-width=${this.selected === index ? 3 : colour ? 2 : 1}
        data-index=${index}>${svgTitle(label)}</rect>
      ${right - left >= 26 && !this.quiet
        ? svg`<text x=${(left + right) / 2} y=${y + 12} text-anchor="middle" fill=${colour ? inkOn(colour) : 'var(--grundy-ink, #222)'}>*${interval.nimber}</text>`
        : nothing}
    </g>`;
  }

  /** The winning picks in view; each item of a Lit list costs two nodes, so those out of view are not listed. */
  private renderWinningRanges(view: [number, number], axisY: number) {
    const ranges = [];
    for (const move of winningMoves(this.analysis)) {
      if (move.anchor.kind !== 'span') continue;
      const x1 = Math.max(0, this.x(move.anchor.first, view));
      const x2 = Math.min(this.width, this.x(move.anchor.last + 1, view));
      if (x2 < 0 || x1 > this.width) continue;
      ranges.push(svg`<rect x=${x1} y=${axisY - 5} width=${Math.max(2, x2 - x1)} height="5" fill="var(--grundy-win, #117733)">
          ${svgTitle(`${move.label} wins`)}</rect>`);
    }
    return ranges;
  }

  /** The interval the last move picked, outlined above the line where it was. */
  private renderLastMove(view: [number, number]) {
    const last = this.lastMove;
    if (last?.kind !== 'span') return nothing;
    const x1 = Math.max(0, this.x(last.first, view));
    const x2 = Math.min(this.width, this.x(last.last + 1, view));
    if (x2 < 0 || x1 > this.width) return nothing;
    const said = `${this.lastMoveTitle}: picked [${last.first}, ${last.last}]`;
    return svg`<g class="last" role="img" aria-label=${said}>${svgTitle(said)}
      <rect x=${x1} y="2" width=${Math.max(2, x2 - x1)} height=${TOP - 4} rx="3" fill="none"
        stroke="var(--grundy-last, #c2410c)" stroke-width="2.5" stroke-dasharray="5 3"></rect></g>`;
  }

  private renderDraft(view: [number, number]) {
    const draft = this.draft!;
    const x1 = this.x(Math.min(draft.first, draft.last), view);
    const x2 = this.x(Math.max(draft.first, draft.last) + 1, view);
    return svg`<rect x=${x1} y="2" width=${Math.max(1, x2 - x1)} height=${TOP - 4} rx="3" fill="var(--grundy-accent, #0b57d0)" opacity="0.5"></rect>
      <text x=${x1} y=${TOP - 6} font-size="10" fill="var(--grundy-ink, #222)">[${Math.min(draft.first, draft.last)}, ${Math.max(draft.first, draft.last)}]</text>`;
  }

  /** Ticks spaced so their labels never meet, each label kept inside the line. */
  private renderAxis(view: [number, number], y: number) {
    const [lo, hi] = view;
    const widest = Math.max(String(Math.round(lo)).length, String(Math.round(hi)).length) * LABEL_CHAR_WIDTH;
    const step = niceStep((hi - lo) / Math.max(1, Math.min(8, Math.floor(this.width / (widest * 1.5)))));
    const ticks: number[] = [];
    for (let t = Math.ceil(lo / step) * step; t <= hi; t += step) ticks.push(t);
    return svg`<g class="axis">
      <line x1="0" x2=${this.width} y1=${y} y2=${y} stroke="var(--grundy-ink, #222)"></line>
      ${ticks.map((t) => {
        const x = this.x(t + 0.5, view);
        const half = (String(t).length * LABEL_CHAR_WIDTH) / 2;
        return svg`<line x1=${x} x2=${x} y1=${y} y2=${y + 4} stroke="var(--grundy-ink, #222)"></line>
          ${x - half >= 0 && x + half <= this.width ? svg`<text x=${x} y=${y + 15} text-anchor="middle">${t}</text>` : nothing}`;
      })}
    </g>`;
  }

  private zoom(factor: number, around?: number): void {
    const board = this.board;
    if (!board) return;
    const [lo, hi] = this.shownView(board);
    const centre = around ?? (lo + hi) / 2;
    const span = Math.max(4, (hi - lo) * factor);
    const share = (centre - lo) / (hi - lo);
    this.view = [centre - span * share, centre + span * (1 - share)];
  }

  private onWheel(event: WheelEvent): void {
    const board = this.board;
    if (!board) return;
    event.preventDefault();
    this.zoom(event.deltaY > 0 ? 1.25 : 0.8, this.valueAt(event, this.shownView(board)));
  }

  private onPointerDown(event: PointerEvent): void {
    const board = this.board;
    if (!board) return;
    const view = this.shownView(board);
    (event.target as Element).setPointerCapture?.(event.pointerId);
    const value = this.valueAt(event, view);
    if (this.editing) {
      const index = Number((event.composedPath()[0] as Element).getAttribute?.('data-index') ?? -1);
      const hit = board.intervals[index];
      if (hit) {
        this.selected = index;
        const nearFirst = Math.abs(value - hit.first) <= Math.abs(value - hit.last);
        this.draft = { index, first: hit.first, last: hit.last, anchor: nearFirst ? hit.last : hit.first };
      } else {
        this.selected = -1;
        this.draft = { index: board.intervals.length, first: value, last: value, anchor: value };
      }
      return;
    }
    this.dragFrom = { x: event.clientX, view, moved: false };
  }

  private onPointerMove(event: PointerEvent): void {
    const board = this.board;
    if (!board) return;
    const view = this.shownView(board);
    if (!this.view) this.held = view;
    const value = this.valueAt(event, view);
    this.hoverValue = value;
    if (this.draft) {
      this.draft = { ...this.draft, first: this.draft.anchor, last: value };
      return;
    }
    if (this.dragFrom && event.buttons) {
      const box = (this.renderRoot.querySelector('svg') as SVGSVGElement).getBoundingClientRect();
      const shift = ((event.clientX - this.dragFrom.x) / box.width) * (this.dragFrom.view[1] - this.dragFrom.view[0]);
      if (Math.abs(event.clientX - this.dragFrom.x) > 3) this.dragFrom.moved = true;
      if (this.dragFrom.moved) this.view = [this.dragFrom.view[0] - shift, this.dragFrom.view[1] - shift];
      return;
    }
    if (!this.editing) this.previewMove(this.moveAt(value));
  }

  private onPointerUp(event: PointerEvent): void {
    const board = this.board;
    if (!board) return;
    if (this.draft) {
      const { index, first, last } = this.draft;
      this.draft = undefined;
      const [a, b] = [Math.min(first, last), Math.max(first, last)];
      const existing = board.intervals[index];
      if (a < b && (!existing || existing.first !== a || existing.last !== b)) this.edit({ kind: 'setSpan', index, first: a, last: b });
      return;
    }
    const clicked = this.dragFrom && !this.dragFrom.moved;
    this.dragFrom = undefined;
    if (clicked) this.play(this.moveAt(this.valueAt(event, this.shownView(board))));
  }

  /**
   * ← and → move an integer cursor to the next integer that can be picked
   * (with Shift, ten integers along), Enter picks it.
   */
  private onKey(event: KeyboardEvent): void {
    const board = this.board;
    if (!board) return;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      const forward = event.key === 'ArrowRight';
      const cursor =
        event.shiftKey && this.hoverValue !== undefined
          ? this.hoverValue + (forward ? 10 : -10)
          : this.nextPickable(this.hoverValue, forward);
      if (cursor === undefined) return;
      this.hoverValue = cursor;
      const [lo, hi] = this.shownView(board);
      if (cursor < lo || cursor >= hi) this.view = undefined;
      this.previewMove(this.moveAt(cursor));
    } else if ((event.key === 'Enter' || event.key === ' ') && this.hoverValue !== undefined && !this.editing) {
      this.play(this.moveAt(this.hoverValue));
    } else if (event.key === 'Delete' && this.editing) {
      this.removeSelected();
    } else {
      return;
    }
    event.preventDefault();
  }

  /** The nearest integer past `from` that some move picks, or `from` if none. */
  private nextPickable(from: number | undefined, forward: boolean): number | undefined {
    const { moves } = this.analysis;
    const sorted = this.sortedMoves.of(this.analysis);
    const span = (index: number): [number, number] => moves.anchorSpanOf(sorted[index]) ?? [0, -1];
    if (sorted.length === 0) return from;
    if (from === undefined) return span(0)[0];
    if (forward) {
      for (let i = 0; i < sorted.length; i++) {
        const [first, last] = span(i);
        if (last > from) return Math.max(from + 1, first);
      }
      return from;
    }
    for (let i = sorted.length - 1; i >= 0; i--) {
      const [first, last] = span(i);
      if (first < from) return Math.min(from - 1, last);
    }
    return from;
  }

  private removeSelected(): void {
    if (this.selected >= 0) this.edit({ kind: 'removeSpan', index: this.selected });
    this.selected = -1;
  }
}

/**
 * Move ids in order of where their picks start on the line, ties in id
 * order. Starts are read in place and sorted as numeric keys (start, then
 * id): making every move and comparing them took about 200 ms for 200 000
 * moves on the first pointer move after every move.
 */
function alongTheLine(moves: Moves): Uint32Array {
  // Starts lie in −2³¹…2³¹ and a position has at most 200 000 moves, so
  // every key is a whole number below 2⁵³: exact in a double.
  const slots = 2 ** Math.ceil(Math.log2(moves.length + 1));
  const keys = new Float64Array(moves.length);
  for (let id = 0; id < moves.length; id++) keys[id] = ((moves.anchorSpanOf(id)?.[0] ?? 0) + 2 ** 31) * slots + id;
  keys.sort();
  // A loop: `Uint32Array.from` with a mapping function took several times longer.
  const ids = new Uint32Array(keys.length);
  for (let i = 0; i < keys.length; i++) ids[i] = keys[i] % slots;
  return ids;
}

/** A round tick step near `raw`: 1, 2 or 5 times a power of ten. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  const scaled = raw / power;
  return (scaled < 1.5 ? 1 : scaled < 3.5 ? 2 : scaled < 7.5 ? 5 : 10) * power;
}

define('grundy-line', LineBoardElement);
