import { css, html, nothing, svg } from 'lit';
import { live } from 'lit/directives/live.js';
import { BoardElement, svgTitle } from './board';
import { fingerStyles, underFinger } from './finger';
import { isWinning, type Board, type MoveInfo } from '../engine/model';
import { componentColour, inkOn } from '../elements/palette';
import { define } from '../elements/define';

type TextBoard = Extract<Board, { kind: 'text' }>;

const TILE = 26;
/** The height of an occurrence's lane: taller where fingers tap the bars (`FINGER`). */
const LANE = { pointer: 9, finger: 16 } as const;
/** Letters per line where the board's width is not yet known. */
const PER_LINE = 24;
/**
 * A short string is drawn up to this many times larger, as far as the
 * board's width allows: said in CSS, so that a picture of the board
 * (drawn with no width known) grows in a page just as the board does.
 */
const MAX_GROWTH = 1.6;
/**
 * Lanes a line may take. A run of 150 a's with the words a to a¹⁰⁰ has
 * thousands of occurrences over each letter: drawn all, they made a board
 * thousands of lanes tall and held the page for 10 s.
 */
const MAX_LANES = 16;

/**
 * Where the string's letters and occurrence bars go: letters wrap at
 * `perLine`, and each line is followed only by the lanes its own
 * occurrences need: as many as overlap at one letter, up to `MAX_LANES`.
 * Occurrences first in `order` get lanes first; one that finds no lane on
 * some line is not drawn.
 */
class Layout {
  /** For each line, its top, and how many lanes it has. */
  readonly lines: { top: number; lanes: number }[] = [];
  /** Lane of each occurrence's piece on each line: key `"moveId:line"`. */
  readonly lane = new Map<string, number>();
  /** The ids of occurrences left without a lane. */
  readonly undrawn = new Set<number>();
  readonly height: number;

  constructor(
    moves: readonly MoveInfo[],
    length: number,
    readonly perLine: number,
    order: (a: MoveInfo, b: MoveInfo) => number,
    /** The height of each lane. */
    readonly laneHeight: number,
  ) {
    const count = Math.max(1, Math.ceil(length / perLine));
    const onLine: MoveInfo[][] = Array.from({ length: count }, () => []);
    for (const move of moves) {
      const [first, last] = spanOf(move);
      for (let line = Math.floor(first / perLine); line <= Math.floor(last / perLine); line++) onLine[line].push(move);
    }
    let top = 0;
    onLine.forEach((lineMoves, line) => {
      // Greedy interval packing: as many lanes as occurrences overlap here.
      const ends: number[] = [];
      for (const move of [...lineMoves].sort((a, b) => order(a, b) || spanOf(a)[0] - spanOf(b)[0])) {
        const [first, last] = spanOf(move);
        let lane = ends.findIndex((end) => end < first);
        if (lane < 0 && ends.length < MAX_LANES) lane = ends.length;
        if (lane < 0) {
          this.undrawn.add(move.id);
          continue;
        }
        ends[lane] = last;
        this.lane.set(`${move.id}:${line}`, lane);
      }
      this.lines.push({ top, lanes: ends.length });
      top += TILE + 8 + ends.length * laneHeight + 10;
    });
    this.height = top;
  }

  /** The top-left corner of letter `i`'s tile. */
  at(i: number): { x: number; y: number } {
    return { x: (i % this.perLine) * TILE, y: this.lines[Math.floor(i / this.perLine)].top + 18 };
  }

  /** Splits an index range at line ends, each piece with its line. */
  segments(first: number, last: number): [number, number, number][] {
    const out: [number, number, number][] = [];
    const per = this.perLine;
    for (let start = first; start <= last; start = (Math.floor(start / per) + 1) * per) {
      out.push([start, Math.min(last, (Math.floor(start / per) + 1) * per - 1), Math.floor(start / per)]);
    }
    return out;
  }
}

/**
 * A string as letter tiles wrapped to the board's width, erased letters as
 * gaps, every playable occurrence as a bar in a lane under its line (so
 * overlaps are visible), each remaining piece outlined with its nimber.
 */
export class TextBoardElement extends BoardElement {
  static properties = {
    ...BoardElement.properties,
    newWord: { state: true },
    draft: { state: true },
    perLine: { state: true },
  };
  declare private newWord: string;
  /**
   * The String field's text while it differs from the board's: typed and
   * not yet sent, or refused. A new position (the board's own) replaces it,
   * so the field never shows a string the board does not hold once its
   * error has gone.
   */
  declare private draft: string | undefined;
  /** Letters per line: as many as the board's width holds. */
  declare private perLine: number;
  private readonly resize = new ResizeObserver(([entry]) => {
    const fits = Math.floor((entry.contentRect.width - 8) / TILE);
    if (fits > 0) this.perLine = Math.max(6, Math.min(48, fits));
  });

  constructor() {
    super();
    this.newWord = '';
    this.perLine = PER_LINE;
  }

  connectedCallback(): void {
    super.connectedCallback();
    this.resize.observe(this);
  }

  protected willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    if (changed.has('analysis')) this.draft = undefined;
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resize.disconnect();
  }

  static styles = [
    fingerStyles,
    css`
    :host { display: block; }
    svg { display: block; margin: 0 auto; max-width: 100%; height: auto; user-select: none; }
    .letter text { font: 600 15px ui-monospace, monospace; pointer-events: none; }
    .bar { cursor: default; }
    .interactive .bar { cursor: pointer; }
    .bar:focus-visible { outline: none; stroke: var(--grundy-focus, #0b57d0); stroke-width: 3; }
    .badge text { font: 700 11px system-ui, sans-serif; }
    .edit { display: flex; flex-direction: column; gap: 0.5rem; margin-bottom: 0.6rem; font-size: 0.85rem; }
    .edit input { font: inherit; font-family: ui-monospace, monospace; padding: 0.2rem 0.35rem; }
    .chips { display: flex; flex-wrap: wrap; gap: 0.3rem; align-items: center; }
    .chip { display: inline-flex; align-items: center; gap: 0.2rem; border: 1px solid var(--grundy-border, #999);
      border-radius: 999px; padding: 0.05rem 0.15rem 0.05rem 0.55rem; font-family: ui-monospace, monospace; }
    .chip button, .edit button { font: inherit; border: 0; background: transparent; color: inherit; cursor: pointer; }
    .lane-names { font-size: 0.75rem; color: var(--grundy-muted, #555); }
  `,
  ];

  private get board(): TextBoard | undefined {
    const board = this.analysis?.board;
    return board?.kind === 'text' ? board : undefined;
  }

  render() {
    const board = this.board;
    if (!board) return nothing;
    const winsFirst = (a: MoveInfo, b: MoveInfo) => (this.hints ? Number(isWinning(this.analysis, b)) - Number(isWinning(this.analysis, a)) : 0);
    const moves = this.analysis.moves.all();
    const layout = new Layout(moves, board.text.length, this.perLine, winsFirst, underFinger(this) ? LANE.finger : LANE.pointer);
    const lanes = [...new Set(moves.map((m) => wordOf(m, board.text)))];
    const width = Math.min(board.text.length, this.perLine) * TILE;
    const previewed = this.previewed;
    const last = this.lastMove;
    const lastSpan = last?.kind === 'span' ? last : undefined;
    const at = (i: number) => layout.at(i);
    return html`
      ${this.editing ? this.renderEditor(board) : nothing}
      <svg class=${this.interactive && !this.editing ? 'interactive' : ''} viewBox="-4 -4 ${Math.max(width, TILE) + 8} ${layout.height + 8}"
        width=${Math.max(width, TILE) + 8} style=${`width: min(100%, ${(Math.max(width, TILE) + 8) * MAX_GROWTH}px)`}
        role="group" aria-label=${`The string, ${board.text.length} letters`}>
        ${[...board.text].map((letter, i) => {
          const { x, y } = at(i);
          const gone = board.erased[i];
          const hit = previewed && previewed.footprint.kind === 'span' && i >= previewed.footprint.first && i <= previewed.footprint.last;
          const justErased = lastSpan !== undefined && i >= lastSpan.first && i <= lastSpan.last;
          const said = gone ? `letter ${i + 1}, erased${justErased ? ` by the last move (${this.lastBy || 'last'})` : ''}` : `letter ${i + 1}: ${letter}`;
          return svg`<g class="letter ${justErased ? 'last' : ''}" aria-label=${said} role="img"
            @click=${layout.undrawn.size > 0 ? () => this.chooseAt(i) : nothing}>
            ${justErased ? svgTitle(this.lastMoveTitle) : nothing}
            <rect x=${x + 1} y=${y} width=${TILE - 2} height=${TILE} rx="4"
              fill=${gone ? 'none' : hit ? 'var(--grundy-accent, #0b57d0)' : 'var(--grundy-surface, #f4f4f4)'}
              stroke=${justErased ? 'var(--grundy-last, #c2410c)' : 'var(--grundy-border, #999)'} stroke-width=${justErased ? 2.5 : 1}
              stroke-dasharray=${gone ? '3 3' : 'none'}></rect>
            ${gone ? nothing : svg`<text x=${x + TILE / 2} y=${y + 18} text-anchor="middle" fill=${hit ? '#fff' : 'var(--grundy-ink, #222)'}>${letter}</text>`}
          </g>`;
        })}
        ${this.analysis.components.map((component) => {
          if (component.region.kind !== 'span') return nothing;
          const colour = componentColour(component.id);
          return layout.segments(component.region.first, component.region.last).map(([first, last], k) => {
            const start = at(first);
            const end = at(last);
            const outline = svg`<rect x=${start.x - 1} y=${start.y - 2} width=${end.x - start.x + TILE + 2} height=${TILE + 4} rx="6"
              fill="none" stroke=${colour} stroke-width="2.5"></rect>`;
            if (k > 0 || this.quiet) return outline;
            const text = `*${component.nimber}`;
            const badgeWidth = 8 + text.length * 7;
            return svg`${outline}<g class="badge" role="button" tabindex="-1" style="cursor:pointer"
              aria-label=${`${component.label}: nimber ${text}; explain it`} @click=${() => this.selectComponent(component.id)}>
              <rect x=${start.x} y=${start.y - 17} width=${badgeWidth} height="14" rx="7" fill=${colour}></rect>
              <text x=${start.x + badgeWidth / 2} y=${start.y - 6} text-anchor="middle" fill=${inkOn(colour)}>${text}</text></g>`;
          });
        })}
        ${moves.map((move) => (layout.undrawn.has(move.id) ? nothing : this.renderBar(move, layout)))}
      </svg>
      ${layout.undrawn.size > 0
        ? html`<p class="lane-names undrawn">
            ${moves.length - layout.undrawn.size} of ${moves.length} occurrences are drawn as bars.
            Click a letter to choose among every occurrence over it.
          </p>`
        : nothing}
      ${lanes.length ? html`<p class="lane-names">Each bar under the letters is an occurrence of a word: ${lanes.join(', ')}</p>` : nothing}
    `;
  }

  /**
   * Opens the move picker at the first occurrence over letter `i`, from
   * which every move can be reached: for occurrences left without a bar.
   */
  private chooseAt(i: number): void {
    const over = this.analysis.moves.all().find((move) => {
      const [first, last] = spanOf(move);
      return first <= i && i <= last;
    });
    if (over && this.interactive && !this.editing) this.emit('board-preview', { move: over.id, touch: true });
  }


  private renderBar(move: MoveInfo, layout: Layout) {
    if (move.anchor.kind !== 'span') return nothing;
    const { first, last } = move.anchor;
    const wins = this.hints && isWinning(this.analysis, move);
    const active = this.preview === move.id;
    const label = this.moveWords(move);
    return layout.segments(first, last).map(([a, b, line]) => {
      const start = layout.at(a);
      const end = layout.at(b);
      const y = start.y + TILE + 6 + (layout.lane.get(`${move.id}:${line}`) ?? 0) * layout.laneHeight;
      return svg`<rect class="bar" role="button" data-stop aria-label=${label} x=${start.x + 3} y=${y}
          width=${end.x - start.x + TILE - 6} height=${layout.laneHeight - 3} rx="3"
          fill=${wins ? 'var(--grundy-win, #117733)' : active ? 'var(--grundy-accent, #0b57d0)' : 'var(--grundy-muted, #777)'}
          opacity=${active || wins ? 1 : 0.6}
          @mouseenter=${() => this.previewMove(move)} @mouseleave=${() => this.previewMove(undefined)}
          @focus=${() => this.previewMove(move)} @blur=${() => this.previewMove(undefined)}
          @click=${() => this.play(move)}
          @keydown=${(e: KeyboardEvent) => this.activateOnKey(e, () => this.play(move))}>
          ${svgTitle(label)}</rect>
        ${wins ? svg`<text x=${end.x + TILE - 4} y=${y + layout.laneHeight - 3} font-size="9" text-anchor="end" fill="var(--grundy-win, #117733)" pointer-events="none">★</text>` : nothing}`;
    });
  }

  /** Sends the String field's text as the new string; the field keeps it until the board answers. */
  private sendDraft(): void {
    if (this.draft !== undefined) this.edit({ kind: 'setText', text: this.draft.trim() });
  }

  private renderEditor(board: TextBoard) {
    const text = [...board.text].map((c, i) => (board.erased[i] ? '-' : c)).join('');
    const addWord = () => {
      const word = this.newWord.trim();
      if (word) this.edit({ kind: 'setWords', words: [...board.words, word] });
      this.newWord = '';
    };
    return html`<div class="edit">
      <label>String <input .value=${live(this.draft ?? text)} size="32" spellcheck="false"
        title="Lowercase letters a–z, and '-' for an erased letter"
        @input=${(e: Event) => (this.draft = (e.target as HTMLInputElement).value)}
        @change=${() => this.sendDraft()}
        @keydown=${(e: KeyboardEvent) => e.key === 'Enter' && this.sendDraft()} /></label>
      <div class="chips" aria-label="Dictionary">
        Words:
        ${board.words.map(
          (word, i) => html`<span class="chip">${word}<button aria-label=${`Remove ${word}`}
            @click=${() => this.edit({ kind: 'setWords', words: board.words.filter((_, k) => k !== i) })}>×</button></span>`,
        )}
        <input aria-label="New word" placeholder="add a word" size="10" spellcheck="false" .value=${this.newWord}
          @input=${(e: Event) => (this.newWord = (e.target as HTMLInputElement).value)}
          @keydown=${(e: KeyboardEvent) => e.key === 'Enter' && addWord()} />
        <button @click=${addWord}>Add</button>
      </div>
    </div>`;
  }
}

function wordOf(move: MoveInfo, text: string): string {
  return move.anchor.kind === 'span' ? text.slice(move.anchor.first, move.anchor.last + 1) : '';
}

function spanOf(move: MoveInfo): [number, number] {
  return move.anchor.kind === 'span' ? [move.anchor.first, move.anchor.last] : [0, 0];
}

define('grundy-text', TextBoardElement);
