import { isServer, LitElement, svg, type SVGTemplateResult } from 'lit';
import { unsafeSVG } from 'lit/directives/unsafe-svg.js';
import { escapeXml, standaloneSvg } from '../elements/export';
import { roveIndex } from '../elements/rove';
import { isDrawing, isWinning, movedValueText, type Analysis, type Component, type Edit, type MoveInfo, type Region } from '../engine/model';

/**
 * An SVG `<title>` saying `text`. Lit's server rendering (the picture,
 * `web/src/picture/`) reads a `<title>` in a template as HTML's, which
 * takes no expression (lit/lit#4405), so there it is written out whole.
 */
export function svgTitle(text: string): SVGTemplateResult | ReturnType<typeof unsafeSVG> {
  return isServer ? unsafeSVG(`<title>${escapeXml(text)}</title>`) : svg`<title>${text}</title>`;
}

/** What a board asks of the game around it. */
export interface BoardEvents {
  'board-play': { move: number };
  /** `touch`: chosen by a tap, which previews; a second tap on it plays it. */
  'board-preview': { move: number | null; touch?: boolean };
  'board-edit': { edit: Edit };
}

/**
 * The base of every renderer: it draws an `Analysis` and reports what the
 * person did. It never decides what is legal; the moves say that. Controls
 * beside the drawing (tools, the kind of move a click plays, hints) carry
 * `data-tool`: a picture of the position (`web/src/picture/`) leaves them out.
 */
export class BoardElement extends LitElement {
  static properties = {
    analysis: { attribute: false },
    editing: { type: Boolean },
    interactive: { type: Boolean },
    hints: { type: Boolean },
    preview: { type: Number },
    quiet: { type: Boolean },
    lastBy: { type: String },
  };

  declare analysis: Analysis;
  /** Drawing the position rather than playing it. */
  declare editing: boolean;
  /** Whether the person may move now (their turn, in play). */
  declare interactive: boolean;
  /** Mark the winning moves. */
  declare hints: boolean;
  /** The id of the move being previewed, or -1. */
  declare preview: number;
  /** Draw the position alone, without nimbers (a presentation's first step). */
  declare quiet: boolean;
  /** Who made the last move ("You", "Computer", "Player 1"), for its mark's label. */
  declare lastBy: string;

  constructor() {
    super();
    this.editing = false;
    this.interactive = false;
    this.hints = false;
    this.preview = -1;
    this.quiet = false;
    this.lastBy = '';
  }

  /**
   * A move in words for its title and aria-label: what it does, then what
   * it leaves and whether it wins, unless values are hidden. Every board
   * says a move through this, so hiding values hides them in every board.
   */
  protected moveWords(move: MoveInfo, where = ''): string {
    const said = `${where}${move.label}`;
    if (this.quiet) return said;
    const verdict = isWinning(this.analysis, move) ? ', a winning move' : isDrawing(this.analysis, move) ? ', holds a draw' : '';
    return move.loopy ? `${said} (${movedValueText(move)})${verdict}` : `${said}; leaves *${move.after}${verdict}`;
  }

  /** Where the last move shows, marked until the next one; none while drawing. */
  protected get lastMove(): Region | undefined {
    return this.editing ? undefined : this.analysis.lastMove;
  }

  /** The last move's mark, said in words. */
  protected get lastMoveTitle(): string {
    return this.lastBy ? `Last move, by ${this.lastBy}` : 'Last move';
  }

  /**
   * Whether the board was last pressed by a finger. A tap then previews its
   * move and a second tap on the same move plays it, and pointer hovers
   * (which touch screens fake before every tap) preview nothing.
   */
  private touching = false;

  connectedCallback(): void {
    super.connectedCallback();
    this.addEventListener('pointerdown', this.notePointer, { capture: true });
    this.addEventListener('keydown', this.noteKey, { capture: true });
    // On the shadow root: focus moving between parts of the board never
    // reaches the host, whose focusin sees only focus arriving from outside.
    this.renderRoot.addEventListener('focusin', this.noteFocus as EventListener);
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.removeEventListener('pointerdown', this.notePointer, { capture: true });
    this.removeEventListener('keydown', this.noteKey, { capture: true });
    this.renderRoot.removeEventListener('focusin', this.noteFocus as EventListener);
  }

  private readonly notePointer = (event: PointerEvent) => {
    this.touching = event.pointerType === 'touch';
  };

  private readonly noteKey = (event: KeyboardEvent) => {
    this.touching = false;
    this.roveOnKey(event);
  };

  /**
   * Which of the board's moves takes Tab: a board is one Tab stop, its
   * moves (the parts marked `data-stop`) reached with the arrow keys, so a
   * keyboard user crosses a board of a hundred counters with one Tab.
   */
  private stopIndex = 0;

  private stops(): Element[] {
    return [...this.renderRoot.querySelectorAll('[data-stop]')];
  }

  /** The part that took Tab after the last render. */
  private tabStop?: Element;

  /** Whether one of the board's moves had the focus as a render began. */
  private hadFocus = false;

  protected willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    // No root is there while a board is drawn on a server (`web/src/picture`).
    const focused = (this.renderRoot as ShadowRoot | undefined)?.activeElement;
    this.hadFocus = focused?.hasAttribute('data-stop') ?? false;
  }

  /**
   * After each render the remembered move takes Tab and no other does. A
   * move played from the keyboard takes its counter off the board: the
   * focus then goes to the move in its place, not to the page, and the
   * page does not scroll for it.
   */
  protected updated(changed: Map<PropertyKey, unknown>): void {
    super.updated(changed);
    const stops = this.stops();
    const current = Math.min(this.stopIndex, stops.length - 1);
    this.tabStop?.setAttribute('tabindex', '-1');
    stops.forEach((stop, index) => {
      stop.setAttribute('tabindex', index === current ? '0' : '-1');
    });
    this.tabStop = stops[current];
    if (this.hadFocus && !(this.renderRoot as ShadowRoot).activeElement) (this.tabStop as HTMLElement | undefined)?.focus({ preventScroll: true });
  }

  /** Focuses what Tab would reach on the board: its remembered move, or the board itself where it is one stop. */
  focusMoves(): void {
    const stop = this.tabIndex >= 0 ? this : this.renderRoot.querySelector<HTMLElement>('[data-stop][tabindex="0"], [tabindex="0"]');
    stop?.focus();
  }

  /** A move focused by a click or a script is the one Tab comes back to. */
  private readonly noteFocus = (event: FocusEvent) => {
    const to = event.composedPath()[0];
    if (!(to instanceof Element)) return;
    const index = this.stops().indexOf(to);
    if (index < 0) return;
    this.tabStop?.setAttribute('tabindex', '-1');
    to.setAttribute('tabindex', '0');
    [this.stopIndex, this.tabStop] = [index, to];
  };

  /** Whether the moves are stacked bottom first, so that ArrowUp goes to the next one. */
  protected readonly stackedUp: boolean = false;

  /** Arrows step through the moves in reading order, Home and End go to the ends. */
  private roveOnKey(event: KeyboardEvent): void {
    const from = event.composedPath()[0];
    if (!(from instanceof Element) || !from.hasAttribute('data-stop')) return;
    const stops = this.stops();
    const to = roveIndex(event.key, stops.indexOf(from), stops.length, { stackedUp: this.stackedUp });
    if (to === undefined) return;
    event.preventDefault();
    // Focusing it makes it the Tab stop (`noteFocus`).
    (stops[to] as HTMLElement | SVGElement).focus();
  }

  /** The board as a standalone SVG document, for slides and handouts. */
  exportSvg(): { markup: string; width: number; height: number } | undefined {
    const svg = this.renderRoot.querySelector('svg');
    if (!svg) return undefined;
    const box = svg.viewBox.baseVal;
    return { markup: standaloneSvg(svg, this), width: box.width, height: box.height };
  }

  /** Asks the game to explain a component (a click on its badge). */
  protected selectComponent(id: number): void {
    this.dispatchEvent(new CustomEvent('component-select', { detail: { id }, bubbles: true, composed: true }));
  }

  protected emit<K extends keyof BoardEvents>(type: K, detail: BoardEvents[K]): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  protected play(move: MoveInfo | undefined): void {
    if (!move || !this.interactive || this.editing) return;
    if (this.touching && this.preview !== move.id) this.emit('board-preview', { move: move.id, touch: true });
    else this.emit('board-play', { move: move.id });
  }

  /** Plays a move picked from a menu, where a tap is already a deliberate choice. */
  protected playChosen(move: MoveInfo): void {
    if (this.interactive && !this.editing) this.emit('board-play', { move: move.id });
  }

  /** Enter and Space do `action`, as they would on a button: for drawn shapes with a button's role. */
  protected activateOnKey(event: KeyboardEvent, action: () => void): void {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    action();
  }

  protected previewMove(move: MoveInfo | undefined): void {
    if (this.touching) return;
    this.emit('board-preview', { move: move && !this.editing ? move.id : null });
  }

  protected edit(edit: Edit): void {
    if (this.editing) this.emit('board-edit', { edit });
  }

  protected get previewed(): MoveInfo | undefined {
    return this.analysis.moves.at(this.preview);
  }

  /** Built once per analysis: hovering asks for it on every pointer move. */
  private readonly byCell = new PerAnalysis((analysis) => new MovesByCell(analysis));

  protected movesByCell(): MovesByCell {
    return this.byCell.of(this.analysis);
  }

  /** Each heap's own component, by heap: one whose region is that heap alone. */
  private readonly ownComponents = new PerAnalysis((analysis) => {
    const own = new Map<number, Component>();
    for (const component of analysis.components) {
      const { region } = component;
      if (region.kind === 'items' && region.items.length === 1) own.set(region.items[0], component);
    }
    return own;
  });

  /**
   * The component that is heap (or row) `heap` alone, whose nimber its
   * badge shows: none where the game's heaps are not independent parts,
   * whose values only the whole position has.
   */
  protected componentOfHeap(heap: number): Component | undefined {
    return this.ownComponents.of(this.analysis).get(heap);
  }
}

/**
 * A value a board works out from its analysis, kept until the analysis
 * changes: boards render again on every preview, and a position can have
 * 200 000 moves.
 */
export class PerAnalysis<T> {
  private kept?: { analysis: Analysis; value: T };

  constructor(private readonly work: (analysis: Analysis) => T) {}

  of(analysis: Analysis): T {
    if (this.kept?.analysis !== analysis) this.kept = { analysis, value: this.work(analysis) };
    return this.kept.value;
  }
}

/**
 * Moves by the first cell of their anchor, found by row and column. Anchors
 * are read in place and cells are array indices, not text keys: the worst
 * octal position has 179 392 moves.
 */
export class MovesByCell {
  private readonly rows: MoveInfo[][][] = [];

  constructor({ moves }: Analysis) {
    for (let id = 0; id < moves.length; id++) {
      const cell = moves.anchorCellOf(id);
      if (!cell) continue;
      const cols = (this.rows[cell[0]] ??= []);
      (cols[cell[1]] ??= []).push(moves.at(id)!);
    }
  }

  /** The moves anchored on this cell, in id order. */
  get(row: number, col: number): MoveInfo[] | undefined {
    return this.rows[row]?.[col];
  }

  /** Every cell with moves, with its moves. */
  *cells(): Generator<[row: number, col: number, moves: MoveInfo[]]> {
    for (const [row, cols] of this.rows.entries()) {
      if (!cols) continue;
      for (const [col, moves] of cols.entries()) if (moves) yield [row, col, moves];
    }
  }
}
