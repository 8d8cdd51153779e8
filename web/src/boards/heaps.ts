import { css, html, nothing } from 'lit';
import { BoardElement, PerAnalysis, type MovesByCell } from './board';
import { fingerStyles, underFinger } from './finger';
import { isWinning, type MoveInfo } from '../engine/model';
import { componentColour, inkOn } from '../elements/palette';
import { regionHas } from '../engine/regions';
import { heapEditButtons, ruleField } from './heap-edit';
import { escapeXml } from '../elements/export';
import { sentence } from '../elements/sentence';
import { define } from '../elements/define';

/** Counters drawn individually up to this many per heap; taller heaps shrink them. */
const FULL_SIZE_COUNTERS = 12;
/** The height in pixels that taller heaps share, until their counters reach the thinnest. */
const STACK_PX = 288;
/** The thinnest counter, in pixels, that still shows its colour inside its outline. */
const THINNEST_COUNTER_PX = 4;
/** Past this many heaps the columns narrow, so that a row holds more of them. */
const WIDE_HEAPS = 16;

/**
 * Under a finger, counters 24 px apart, the least target WCAG asks for
 * (2.5.8), while heaps have up to this many; taller ones shrink as under a
 * pointer, and the picker steps through their moves with large buttons.
 */
const TOUCH_PITCH_PX = 24;
const TOUCH_PITCH_COUNTERS = 40;

/**
 * How tall a stack's counters are drawn, and the gap between them: full
 * size while the tallest heap fits, else sharing `STACK_PX` (under a
 * finger, never less than `TOUCH_PITCH_PX` apart while they are few),
 * but never thinner than `THINNEST_COUNTER_PX`, where the stack grows
 * instead. A stack never overflows its row onto the heaps above.
 */
export function stackLayout(tallest: number, touch: boolean): { counter: string; gap: number; height: string; thin: boolean } {
  if (tallest <= FULL_SIZE_COUNTERS) return { counter: 'var(--full-counter, 1.4rem)', gap: 3, height: 'auto', thin: false };
  const fingered = touch && tallest <= TOUCH_PITCH_COUNTERS;
  const gap = tallest > 32 && !fingered ? 1 : 3;
  const shared = Math.floor((STACK_PX - tallest * gap) / tallest);
  const counter = Math.max(THINNEST_COUNTER_PX, fingered ? Math.max(TOUCH_PITCH_PX - gap, shared) : shared);
  return { counter: `${counter}px`, gap, height: `${tallest * (counter + gap) - gap}px`, thin: counter < 10 };
}

/**
 * The kinds of move (take, split) that share a counter, in the order the
 * moves first show them: a click needs to be told which to play. Kinds
 * that never share one (a subtraction game's takes) need no choosing.
 */
function sharedKinds(byCell: MovesByCell): string[] {
  const kinds = new Set<string>();
  for (const [, , moves] of byCell.cells()) {
    if (moves.length > 1) for (const m of moves) if (m.variant) kinds.add(m.variant);
  }
  return [...kinds];
}

/**
 * Heaps as stacks of counters. Clicking a counter plays the move whose
 * anchor is that counter: in Nim and subtraction games it and every counter
 * above it are taken; in Grundy's game the heap splits below it. Where a
 * counter anchors moves of several kinds (Lasker's Nim takes from it or
 * splits below it), the kind a click plays is chosen above the heaps. Each
 * heap's badge is its component's nimber; a staircase stands each heap on
 * its step.
 */
export class HeapsBoard extends BoardElement {
  static properties = { ...BoardElement.properties, variant: { state: true } };

  /** The kind of move a click plays; '' for the first the game names. */
  declare private variant: string;
  private readonly variants = new PerAnalysis(() => sharedKinds(this.movesByCell()));

  constructor() {
    super();
    this.variant = '';
  }

  /** Counter 1 is at the bottom of its stack. */
  protected readonly stackedUp = true;

  static styles = [
    fingerStyles,
    css`
    :host { display: block; }
    .heaps { display: flex; flex-wrap: wrap; gap: 1.25rem 1rem; align-items: flex-end; justify-content: center; padding: 1rem 0.5rem; }
    .heap { display: flex; flex-direction: column; align-items: center; gap: 0.35rem; }
    .stack { display: flex; flex-direction: column-reverse; gap: var(--counter-gap); height: var(--stack-height); justify-content: flex-start; }
    button.counter {
      width: 3.2rem; height: var(--counter-height); min-height: 3px; padding: 0; border-radius: 0.6rem;
      border: 2px solid var(--grundy-ink, #222); background: var(--heap-colour); cursor: default;
    }
    .interactive button.counter { cursor: pointer; }
    /* Thin counters keep a hairline outline, or they would be all outline. */
    .thin button.counter, .thin .counter.ghost { border-width: 1px; border-radius: 2px; }
    .narrow { gap: 1rem 0.4rem; }
    .narrow button.counter, .narrow .counter.ghost { width: 1.8rem; }
    .narrow .badge { padding: 0.05rem 0.25rem; font-size: 0.8rem; }
    .narrow .name { font-size: 0.65rem; }
    /* A page may mark what a move takes more strongly, as presentation does for a projector. */
    button.counter.taken { opacity: var(--grundy-taken-opacity, 0.25); border-style: dashed; outline: var(--grundy-taken-outline, none); }
    button.counter.split-off { border-style: dashed; transform: translateX(0.9rem); }
    .counter.ghost { display: block; box-sizing: border-box; width: 3.2rem; height: var(--counter-height); min-height: 3px; border-radius: 0.6rem;
      border: 2px dashed var(--grundy-last, #c2410c); background: transparent; }
    .heap.last .stack { outline: 3px dashed var(--grundy-last, #c2410c); outline-offset: 4px; border-radius: 0.7rem; }
    button.counter.winning { box-shadow: 0 0 0 3px var(--grundy-win, #117733); }
    button.counter.winning::after { content: '★'; font-size: 0.65rem; color: var(--heap-ink); }
    button.counter:focus-visible { outline: 3px solid var(--grundy-focus, #0b57d0); outline-offset: 2px; }
    /* A focused counter previews its move, so it is dimmed as taken: not its ring. */
    button.counter.taken:focus-visible { opacity: 0.85; }
    .badge { font: inherit; font-weight: 700; border: 0; border-radius: 0.7em; padding: 0.05rem 0.5rem; font-variant-numeric: tabular-nums; cursor: pointer; }
    .name { font-size: 0.75rem; color: var(--grundy-muted, #555); }
    .edit { display: flex; gap: 0.2rem; }
    .edit button, .add { font: inherit; font-size: 0.8rem; min-width: 1.8rem; padding: 0.15rem 0.3rem; border-radius: 0.4rem;
      border: 1px solid var(--grundy-border, #999); background: var(--grundy-surface, #fff); color: inherit; cursor: pointer; }
    .add { align-self: center; }
    .empty { color: var(--grundy-muted, #555); }
    .kinds { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; justify-content: center; font-size: 0.9rem; }
    .kinds button { font: inherit; padding: 0.2rem 0.7rem; border-radius: 0.4rem; border: 1px solid var(--grundy-border, #999);
      background: var(--grundy-surface, #fff); color: inherit; cursor: pointer; }
    .kinds button[aria-pressed='true'] { background: var(--grundy-accent, #0b57d0); border-color: var(--grundy-accent, #0b57d0); color: #fff; }
    /* A staircase: each heap on its step, step k k treads high, and the top step at most 8rem. */
    .stairs { column-gap: 0; }
    .stairs .heap { min-width: 4.4rem; }
    .tread { align-self: stretch; height: calc(var(--step) * min(0.9rem, 8rem / var(--steps))); background: var(--grundy-tread, #c8c2b4);
      border-top: 3px solid var(--grundy-ink, #222); margin-top: -0.2rem; }
    .rule { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; font-size: 0.9rem; }
    .rule input { font: inherit; width: 10rem; }
    .rule span { color: var(--grundy-muted, #555); font-size: 0.8rem; }
  `,
  ];

  /** Heaps are drawn with buttons on screen; exports draw them afresh. */
  exportSvg(): { markup: string; width: number; height: number } | undefined {
    if (this.analysis.board.kind !== 'heaps') return undefined;
    const { sizes, stairs } = this.analysis.board;
    const [column, counter, gap] = [56, 18, 4];
    // A staircase's steps, as on screen: the top one at most 8 counters high.
    const tread = stairs ? Math.min(14, (8 * counter) / Math.max(1, sizes.length)) : 0;
    const tallest = Math.max(1, ...sizes.map((size, heap) => size + ((heap + 1) * tread) / (counter + gap)));
    const width = Math.max(1, sizes.length) * column + 16;
    const height = tallest * (counter + gap) + 50;
    const heaps = sizes.map((size, heap) => {
      const colour = componentColour(heap);
      const x = 8 + heap * column + 6;
      const step = (heap + 1) * tread;
      const stone = stairs
        ? `<rect x="${x - 6}" y="${height - 46 - step}" width="${column}" height="${step}" fill="#c8c2b4"/>` +
          `<line x1="${x - 6}" y1="${height - 46 - step}" x2="${x + column - 6}" y2="${height - 46 - step}" stroke="#222" stroke-width="3"/>`
        : '';
      const counters = Array.from({ length: size }, (_, i) => {
        const y = height - 46 - step - (i + 1) * (counter + gap);
        return `<rect x="${x}" y="${y}" width="${column - 12}" height="${counter}" rx="9" fill="${colour}" stroke="#222" stroke-width="2"/>`;
      }).join('');
      const component = this.componentOfHeap(heap);
      const label = `<rect x="${x + 6}" y="${height - 40}" width="${column - 24}" height="18" rx="9" fill="${colour}"/>` +
        (component && !this.quiet
          ? `<text x="${x + column / 2 - 6}" y="${height - 27}" text-anchor="middle" font-weight="700" fill="${inkOn(colour)}">*${component.nimber}</text>`
          : '') +
        `<text x="${x + column / 2 - 6}" y="${height - 8}" text-anchor="middle" font-size="11" fill="#555">${escapeXml(this.partName(heap))}</text>`;
      return stone + counters + label;
    });
    const markup = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
      `<rect width="${width}" height="${height}" fill="#ffffff"/><style>text{font-family:system-ui,sans-serif;font-size:13px}</style>${heaps.join('')}</svg>`;
    return { markup, width, height };
  }

  render() {
    if (this.analysis.board.kind !== 'heaps') return nothing;
    const { sizes, ruleField: rule, maxHeaps, stairs } = this.analysis.board;
    const byCell = this.movesByCell();
    const tallest = Math.max(1, ...sizes.map((size, heap) => size + this.ghosts(heap, size)));
    const layout = stackLayout(tallest, underFinger(this));
    const classes = [
      this.interactive && !this.editing ? 'interactive' : '',
      stairs ? 'stairs' : '',
      layout.thin ? 'thin' : '',
      sizes.length > WIDE_HEAPS ? 'narrow' : '',
    ].join(' ');
    const previewed = this.previewed;
    const kinds = this.variants.of(this.analysis);
    const kind = this.chosenKind();
    return html`${this.editing && rule ? ruleField(rule, (e) => this.edit(e)) : nothing}
      ${kinds.length > 1 && this.interactive && !this.editing
        ? html`<div class="kinds" data-tool role="group" aria-label="What a click on a counter does">A click on a counter:
            ${kinds.map((k) => html`<button aria-pressed=${k === kind ? 'true' : 'false'} @click=${() => (this.variant = k)}>${k}</button>`)}</div>`
        : nothing}
      <div class="heaps ${classes}" style="--counter-height:${layout.counter};--counter-gap:${layout.gap}px;--stack-height:${layout.height};--steps:${sizes.length}">
      ${sizes.length === 0 ? html`<p class="empty">No heaps, so no move can be made.</p>` : nothing}
      ${sizes.map((size, heap) => this.renderHeap(heap, size, byCell, previewed, stairs ?? false))}
      ${this.editing && sizes.length < maxHeaps
        ? html`<button class="add" @click=${() => this.edit({ kind: 'setHeap', index: sizes.length, size: 3 })}>+ heap</button>`
        : nothing}
    </div>`;
  }

  /** The kind of move a click plays, where the game names kinds. */
  private chosenKind(): string | undefined {
    const kinds = this.variants.of(this.analysis);
    return kinds.includes(this.variant) ? this.variant : kinds[0];
  }

  /**
   * What the game calls this heap (a heap, a step of a staircase): its
   * component's label without the size the label ends with.
   */
  private partName(heap: number): string {
    const label = this.componentOfHeap(heap)?.label ?? `heap ${heap + 1}`;
    return label.replace(/ \(.*\)$/, '');
  }

  /** How many counters the last move took from this heap, drawn as outlines above it. */
  private ghosts(heap: number, size: number): number {
    const last = this.lastMove;
    if (last?.kind !== 'rect' || last.row !== heap) return 0;
    return Math.max(0, last.col + last.cols - size);
  }

  private renderHeap(heap: number, size: number, byCell: MovesByCell, previewed: MoveInfo | undefined, stairs: boolean) {
    const colour = componentColour(heap);
    const component = this.quiet ? undefined : this.componentOfHeap(heap);
    const kind = this.chosenKind();
    // A move that leaves two heaps where there was one moves its counters off to the new heap.
    const moved = previewed && previewed.parts.length > 1 ? 'split-off' : 'taken';
    const counters = Array.from({ length: size }, (_, counter) => {
      const offered = byCell.get(heap, counter);
      const move = kind === undefined ? offered?.[0] : offered?.find((m) => m.variant === kind);
      const wins = this.hints && move !== undefined && isWinning(this.analysis, move);
      const description = move
        ? this.moveWords(move, `${sentence(this.partName(heap))}, counter ${counter + 1}: `)
        : `${sentence(this.partName(heap))}, counter ${counter + 1}`;
      return html`<button data-stop
        class="counter ${move ? 'playable' : ''} ${previewed && regionHas(previewed.footprint, heap, counter) ? moved : ''} ${wins ? 'winning' : ''}"
        aria-label=${description}
        title=${description}
        ?disabled=${this.editing}
        @click=${() => this.play(move)}
        @mouseenter=${() => this.previewMove(move)}
        @mouseleave=${() => this.previewMove(undefined)}
        @focus=${() => this.previewMove(move)}
        @blur=${() => this.previewMove(undefined)}
      ></button>`;
    });
    const taken = this.ghosts(heap, size);
    const ghosts = Array.from({ length: taken }, () => html`<span class="counter ghost" title=${`${this.lastMoveTitle}: taken from here`}></span>`);
    const last = this.lastMove;
    const marked = last?.kind === 'items' && last.items.includes(heap);
    const said = taken > 0 ? `; ${this.lastMoveTitle.toLowerCase()} took ${taken}` : marked ? `; ${this.lastMoveTitle.toLowerCase()} left it` : '';
    return html`<div class="heap ${marked ? 'last' : ''}" style="--heap-colour:${colour};--heap-ink:${inkOn(colour)}" title=${marked ? this.lastMoveTitle : nothing}>
      <div class="stack" role="group" aria-label=${`${sentence(this.partName(heap))}: ${size} counters${component ? `, nimber *${component.nimber}` : ''}${said}`}>${counters}${ghosts}</div>
      ${stairs ? html`<span class="tread" style="--step:${heap + 1}"></span>` : nothing}
      ${component
        ? html`<button class="badge" style="background:${colour};color:${inkOn(colour)}"
            aria-label=${`${sentence(this.partName(heap))}: nimber *${component.nimber}; explain it`} @click=${() => this.selectComponent(component.id)}>*${component.nimber}</button>`
        : nothing}
      <span class="name">${this.partName(heap)}</span>
      ${this.editing
        ? heapEditButtons(heap, size, (e) => this.edit(e))
        : nothing}
    </div>`;
  }
}

define('grundy-heaps', HeapsBoard);
