import { LitElement, css, html, render, unsafeCSS, type PropertyValues } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { winningMoves, type Analysis, type EngineError } from '../engine/model';
import { engine } from '../engine/client';
import '../elements/grundy-game';
import { escapeHtml, gameMarkup, locateInLesson, parseLesson, type Lesson, type LessonBlock, type Slide } from './lesson';
import { define } from '../elements/define';
import { COLOUR_PROPERTIES, ThemeController, themeStyles } from '../elements/theme';

/**
 * The Markdown at `address`, or an error that says why not in words a
 * lesson's author can act on: the browser names neither a server that
 * refuses cross-origin reads nor one that cannot be reached.
 */
async function fetchLesson(address: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(address);
  } catch {
    throw new Error(
      'the browser could not fetch it. Check the address; a lesson on another site loads only if its server allows ' +
        'cross-origin reads (it must send Access-Control-Allow-Origin), so otherwise download the file and open it here',
    );
  }
  if (!response.ok) throw new Error(`the server answered ${response.status} ${response.statusText}`.trim());
  const text = await response.text();
  const page = (response.headers.get('content-type') ?? '').startsWith('text/html') || /^\s*<(!doctype|html)/i.test(text);
  if (page) throw new Error('it is a web page, not a lesson: link to the Markdown file itself (on GitHub, its Raw address)');
  return text;
}

/**
 * `<grundy-lesson>`: a lesson written in Markdown, shown as slides in which
 * every code block fenced as `grundy` is a live game that keeps its state
 * while the class moves between slides, and printed as a handout.
 *
 * The lesson comes from `src`, from the `text` property, or from a child
 * `<script type="text/markdown">`, in that order.
 *
 * @customElement grundy-lesson
 * @fires {CustomEvent<{ slide: number }>} grundy-slide - When another slide shows; `slide` counts from 1.
 * @cssprop --grundy-lesson-height - The height of the slides with their controls, by default as tall as the slide.
 */
export class GrundyLesson extends LitElement {
  static properties = {
    src: { type: String, reflect: true },
    text: { type: String, attribute: false },
    slide: { type: Number, reflect: true },
    audience: { type: String },
    lastSlide: { type: Number, attribute: 'last-slide' },
    theme: { type: String },
    lesson: { state: true },
    error: { state: true },
    handout: { state: true },
    withAnswers: { state: true },
    notesBelow: { state: true },
  };

  /** The address of the lesson's Markdown file. */
  declare src: string;
  /** The lesson's Markdown itself; set, it wins over `src`. */
  declare text: string;
  /** The slide shown, from 1. */
  declare slide: number;
  /**
   * Who reads the slides: `teacher` (anyone with the lesson: presenter
   * view, handout and every game as its block asks) or `student` (a class's
   * phone: no presenter view, no handout, and every game a board to play
   * with its values hidden).
   * @type {'teacher' | 'student'}
   * @default 'teacher'
   */
  declare audience: string;
  /** The furthest slide a reader may go to, from 1 (a class's pace: the teacher's slide); every slide when unset. */
  declare lastSlide: number | undefined;
  /**
   * Light or dark colours, for the slides and every game on them; `auto` follows the page's `color-scheme`,
   * then the reader's system.
   * @type {'auto' | 'light' | 'dark'}
   * @default 'auto'
   */
  declare theme: string;
  declare private lesson: Lesson | undefined;
  declare private error: string | undefined;
  /** The handout is shown instead of the slides. */
  declare private handout: boolean;
  /** The handout ends with the answers page. */
  declare private withAnswers: boolean;
  /** The browser refused the presenter window: the notes show under the slides instead. */
  declare private notesBelow: boolean;
  /** The presenter window, while it is open. */
  private presenter: Window | undefined;
  /** When the presenter window opened, for its clock. */
  private presentingSince = 0;
  private presenterClock: ReturnType<typeof setInterval> | undefined;

  /** Each slide's HTML with its games, and the handout's, made once per lesson. */
  private deckHtml: string[] = [];
  private handoutHtml: string[] = [];
  /** Which text the lesson was read from, so a change of `src` or `text` reads again. */
  private loadedFrom = '';

  constructor() {
    super();
    this.src = '';
    this.text = '';
    this.slide = 1;
    this.audience = 'teacher';
    this.handout = false;
    this.withAnswers = true;
    this.notesBelow = false;
    this.theme = 'auto';
    new ThemeController(this, () => this.theme);
    this.addEventListener('keydown', (event) => this.onKey(event));
  }

  connectedCallback(): void {
    super.connectedCallback();
    if (!this.hasAttribute('tabindex')) this.tabIndex = 0;
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.closePresenter();
  }

  /**
   * Opens the presenter view: a window of its own, for the teacher's
   * screen while the slides are on the projector, with the slide's notes,
   * the next slide's title and a clock. Where the browser refuses the
   * window, the notes show under the slides.
   */
  private openPresenter(): void {
    if (this.presenter && !this.presenter.closed) {
      this.presenter.focus();
      return;
    }
    const opened = window.open('', 'grundy-presenter', 'popup,width=760,height=560') ?? undefined;
    if (!opened) {
      this.notesBelow = !this.notesBelow;
      return;
    }
    this.presenter = opened;
    this.presentingSince = Date.now();
    opened.document.title = `Presenter view: ${this.lesson?.title ?? 'lesson'}`;
    const style = opened.document.createElement('style');
    style.textContent = PRESENTER_STYLES;
    opened.document.head.append(style);
    opened.document.addEventListener('keydown', (event) => this.onKey(event));
    opened.addEventListener('pagehide', () => this.closePresenter());
    this.presenterClock = setInterval(() => this.renderPresenter(), 1000);
    this.renderPresenter();
  }

  private closePresenter(): void {
    clearInterval(this.presenterClock);
    if (this.presenter && !this.presenter.closed) this.presenter.close();
    this.presenter = undefined;
  }

  /** Draws the presenter window for the slide shown. */
  private renderPresenter(): void {
    const presenter = this.presenter;
    if (!presenter || presenter.closed || !this.lesson) {
      this.closePresenter();
      return;
    }
    const slides = this.lesson.slides;
    const slide = slides[this.slide - 1];
    const next = slides[this.slide];
    const seconds = Math.floor((Date.now() - this.presentingSince) / 1000);
    const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
    render(
      html`<header>
          <button @click=${() => this.go(this.slide - 1)} ?disabled=${this.slide <= 1} aria-label="Previous slide">◀</button>
          <strong>${this.slide} / ${slides.length}: ${slide.title}</strong>
          <button @click=${() => this.go(this.slide + 1)} ?disabled=${!next} aria-label="Next slide">▶</button>
          <span class="clock" role="timer" aria-label="Time presenting">${clock}</span>
        </header>
        <section class="notes" aria-label="Notes">${notesOf(slide)}</section>
        <p class="next">${next ? `Next: ${next.title}` : 'This is the last slide.'}</p>`,
      presenter.document.body,
    );
  }

  protected willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('text') || changed.has('src') || changed.has('audience')) void this.load();
    if (this.lesson) this.slide = clampSlide(this.slide, this.reachable(this.lesson));
  }

  /** How many slides the reader may go through: all, or up to the class's pace. */
  private reachable(lesson: Lesson): number {
    const last = this.lastSlide;
    return last === undefined || !Number.isFinite(last) ? lesson.slides.length : clampSlide(last, lesson.slides.length);
  }

  private get forStudent(): boolean {
    return this.audience === 'student';
  }

  /** Reads the lesson from wherever it is given. */
  private async load(): Promise<void> {
    const inline = this.querySelector('script[type="text/markdown"]')?.textContent ?? '';
    // Defined by a script in the page's head, the element is upgraded as
    // its start tag is parsed, before the lesson written inside it.
    if (!this.text && !this.src && !inline && document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', () => void this.load(), { once: true });
      return;
    }
    const from = `${this.audience}:${this.text ? `text:${this.text}` : this.src ? `src:${this.src}` : `inline:${inline}`}`;
    if (from === this.loadedFrom) return;
    this.loadedFrom = from;
    if (this.text || !this.src) return this.show(this.text || inline);
    try {
      const text = await fetchLesson(this.src);
      if (this.loadedFrom === from) this.show(text);
    } catch (error) {
      if (this.loadedFrom !== from) return;
      this.lesson = undefined;
      this.error = `The lesson at ${this.src} could not be loaded: ${(error as Error).message}.`;
    }
  }

  private show(text: string): void {
    const lesson = parseLesson(text);
    const games = lesson.slides.flatMap((slide) => slide.blocks.flatMap((block) => (block.ok ? [block] : [])));
    engine().prepare(games.map(({ game, settings }) => ({ game, convention: settings.play === 'misere' ? 'misere' : 'normal' })));
    let exercise = 0;
    const kind = this.forStudent ? 'student' : 'slide';
    this.deckHtml = lesson.slides.map((slide) => {
      const [only, ...others] = slide.blocks;
      if (this.forStudent || !only?.ok || only.settings.reveal !== 'steps' || others.length > 0) {
        return fillBlocks(slide.html, slide.blocks, (block, index) => gameMarkup(block, kind, index));
      }
      // A game revealed step by step stands beside the text, so both fit a projector's screen.
      return `<div class="text">${slide.html.replace(PLACEHOLDER, '')}</div>${gameMarkup(only, 'slide', 0)}`;
    });
    this.handoutHtml = this.forStudent ? [] : lesson.slides.map((slide) =>
      fillBlocks(slide.html, slide.blocks, (block) => {
        exercise += 1;
        return `<figure class="exercise"><figcaption>Exercise ${exercise}</figcaption>${gameMarkup(block, 'handout')}
          <p class="write">Who wins, and with which move? Why?</p></figure>`;
      }),
    );
    this.error = undefined;
    this.lesson = lesson;
    this.slide = clampSlide(this.slide, this.reachable(lesson));
  }

  /**
   * A slide's game could not read what its block gave it: says so under
   * the game at the lesson's own line, which is where the author fixes it.
   */
  private onInvalid(event: CustomEvent<EngineError>): void {
    const game = event.composedPath()[0];
    if (!(game instanceof HTMLElement) || game.dataset.block === undefined) return;
    const slides = [...this.renderRoot.querySelectorAll('section.slide')];
    const slide = slides.findIndex((section) => section.contains(game));
    const block = this.lesson?.slides[slide]?.blocks[Number(game.dataset.block)];
    if (!block?.ok) return;
    const said = game.nextElementSibling?.classList.contains('block-error') ? game.nextElementSibling : document.createElement('p');
    said.className = 'error block-error';
    said.setAttribute('role', 'alert');
    said.textContent = locateInLesson(block.source, event.detail);
    game.after(said);
  }

  /** Shows slide `n` (from 1), if there is one. */
  go(n: number): void {
    if (!this.lesson) return;
    const slide = clampSlide(n, this.reachable(this.lesson));
    if (slide === this.slide) return;
    this.slide = slide;
    this.dispatchEvent(new CustomEvent('grundy-slide', { detail: { slide }, bubbles: true, composed: true }));
  }

  /** Arrow keys and Page Up/Down turn slides, except inside a game or a field, which have their own keys. */
  private onKey(event: KeyboardEvent): void {
    if (this.handout || event.altKey || event.ctrlKey || event.metaKey) return;
    const inside = event.composedPath().some((target) => target instanceof HTMLElement && /^(GRUNDY-GAME|INPUT|TEXTAREA|SELECT|BUTTON)$/.test(target.tagName));
    if (inside && event.key !== 'PageDown' && event.key !== 'PageUp') return;
    const steps: Record<string, number> = { ArrowRight: 1, PageDown: 1, ArrowLeft: -1, PageUp: -1, Home: -Infinity, End: Infinity };
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const last = this.lesson ? this.reachable(this.lesson) : 1;
    this.go(step === -Infinity ? 1 : step === Infinity ? last : this.slide + step);
  }

  private toggleFullscreen(): void {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void this.requestFullscreen?.().catch(() => undefined);
  }

  /** Shows the handout, to print or to read. */
  private openHandout(on: boolean): void {
    this.handout = on;
  }

  static styles = [
    themeStyles,
    // The games on the slides take the lesson's colours, the page's own included.
    unsafeCSS(`grundy-game { ${COLOUR_PROPERTIES.map((name) => `${name}: inherit;`).join(' ')} }`),
    css`
    /* The lesson lays out by its own width, not the window's: it may sit in a blog's column. */
    :host { display: block; box-sizing: border-box; height: var(--grundy-lesson-height, auto); color: inherit;
      container-type: inline-size; outline: none; }
    .deck { font-size: clamp(1rem, min(2.6vh, 4.2cqi), 4rem); }
    /* A theme asked for by name draws the slides in it; auto leaves them to the page. */
    :host([theme='light']), :host([theme='dark']) { color: var(--grundy-ink); background: var(--grundy-bg); }
    :host(:fullscreen) { height: 100vh; background: Canvas; color: CanvasText; }
    .deck { display: flex; flex-direction: column; height: 100%; }
    nav { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; padding: 0.3rem 0.5rem;
      border-bottom: 1px solid var(--page-border, #c9ced6); font-size: max(0.9rem, 0.6em); }
    nav .title { font-weight: 600; margin-right: auto; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; min-width: 0; flex: 1 1 8rem; }
    nav .where { font-variant-numeric: tabular-nums; min-width: 4.5em; text-align: center; }
    button { font: inherit; padding: 0.3rem 0.75rem; border-radius: 0.4rem; border: 1px solid var(--page-border, #c9ced6);
      background: transparent; color: inherit; cursor: pointer; }
    button:disabled { opacity: 0.45; cursor: default; }
    button:focus-visible, :host(:focus-visible) { outline: 3px solid var(--page-accent, #0b57d0); outline-offset: 2px; }
    .slides { flex: 1 1 auto; min-height: 0; overflow: auto; }
    .slide { padding: 0.5em 1em 1em; line-height: 1.45; }
    .slide[hidden] { display: none !important; }
    .slide h1 { font-size: 1.8em; margin: 0.2em 0 0.4em; }
    .slide h2 { font-size: 1.4em; margin: 0.2em 0 0.4em; }
    .slide p, .slide li { max-width: 48em; }
    .slide img { max-width: 100%; }
    .slide pre { overflow: auto; padding: 0.5em; border-radius: 0.4rem; background: color-mix(in srgb, currentColor 8%, transparent); }
    table { border-collapse: collapse; }
    th, td { border: 1px solid var(--page-border, #c9ced6); padding: 0.2em 0.5em; }
    .slide grundy-game { margin: 0.5em 0; font-size: 1rem; }
    .slide grundy-game[presenting] { font-size: inherit; }
    /* On a wide screen a step-by-step game stands beside its text rather than below it. */
    @container (min-width: 60rem) {
      .slide:has(> .text) { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 2fr); gap: 0 1.5em; align-items: start; }
      .slide > .text > :first-child { margin-top: 0.2em; }
      .slide > grundy-game { margin: 0; }
    }
    .error { color: #aa3377; }
    .handout { padding: 1rem; font-size: 1rem; line-height: 1.45; }
    .handout .bar { display: flex; gap: 0.5rem; margin-bottom: 1rem; }
    .handout .exercise { margin: 1rem 0; break-inside: avoid; }
    .handout h1, .handout h2, .handout h3 { break-after: avoid; }
    .handout .bar label { display: flex; gap: 0.3rem; align-items: center; }
    .notes-below { border-top: 1px solid var(--page-border, #c9ced6); padding: 0.5em 1em; font-size: 0.8em; }
    .handout .exercise figcaption { font-weight: 700; }
    .handout .write { min-height: 7rem; border: 1px dashed var(--page-border, #c9ced6); border-radius: 0.4rem; padding: 0.4rem; color: var(--page-muted, #5b6270); }
    .handout .answers { break-before: page; }
    .handout .answers li { margin: 0.3rem 0; }
    @media print {
      :host { height: auto; font-size: 12pt; }
      .handout .bar, nav { display: none; }
      .handout grundy-game { --grundy-board-height: 12rem; }
    }
  `,
  ];

  render() {
    if (this.error) return html`<p class="error" role="alert">${this.error}</p>`;
    const lesson = this.lesson;
    if (!lesson) return html`<p role="status">Loading the lesson…</p>`;
    return this.handout && !this.forStudent ? this.renderHandout(lesson) : this.renderDeck(lesson);
  }

  private renderDeck(lesson: Lesson) {
    const count = lesson.slides.length;
    // A student's phone holds only the slides the class has reached.
    const shown = this.forStudent ? lesson.slides.slice(0, this.reachable(lesson)) : lesson.slides;
    return html`<div class="deck">
      <nav aria-label="Slides">
        <span class="title">${lesson.title}</span>
        <button @click=${() => this.go(this.slide - 1)} ?disabled=${this.slide <= 1} aria-label="Previous slide">◀</button>
        <span class="where" aria-live="polite">${this.slide} / ${count}</span>
        <button @click=${() => this.go(this.slide + 1)} ?disabled=${this.slide >= this.reachable(lesson)} aria-label="Next slide">▶</button>
        ${this.forStudent
          ? ''
          : html`<button @click=${() => this.toggleFullscreen()}>Full screen</button>
              <button @click=${() => this.openPresenter()} title="The slide's notes, the next slide and a clock, in a window of their own">Presenter view</button>
              <button @click=${() => this.openHandout(true)}>Handout</button>`}
      </nav>
      <div class="slides" @grundy-invalid=${this.onInvalid}>
        ${shown.map(
          (slide, i) => html`<section class="slide" ?hidden=${i + 1 !== this.slide} aria-label=${`Slide ${i + 1} of ${count}: ${slide.title}`}>
            ${unsafeHTML(this.deckHtml[i])}
          </section>`,
        )}
      </div>
      ${this.notesBelow ? this.renderNotesBelow(lesson) : ''}
    </div>`;
  }

  private renderNotesBelow(lesson: Lesson) {
    return html`<aside class="notes-below" aria-label="Notes">
      <p>The browser kept the presenter window from opening; the notes show here.</p>
      ${notesOf(lesson.slides[this.slide - 1])}
    </aside>`;
  }

  private renderHandout(lesson: Lesson) {
    const games = [...(this.renderRoot.querySelectorAll<HTMLElementTagNameMap['grundy-game']>('.handout grundy-game') ?? [])];
    return html`<div class="handout" @grundy-change=${() => this.requestUpdate()}>
      <div class="bar">
        <button @click=${() => this.openHandout(false)}>Back to the slides</button>
        <button @click=${() => window.print()}>Print</button>
        <label><input type="checkbox" .checked=${this.withAnswers} @change=${(e: Event) => (this.withAnswers = (e.target as HTMLInputElement).checked)} />
          The answers page</label>
      </div>
      ${lesson.slides.map((_, i) => html`<section>${unsafeHTML(this.handoutHtml[i])}</section>`)}
      ${this.withAnswers
        ? html`<section class="answers">
            <h2>Answers</h2>
            ${games.length === 0
              ? html`<p>This lesson has no exercises.</p>`
              : html`<ol>${games.map((game) => html`<li>${answerOf(game.analysis)}</li>`)}</ol>`}
          </section>`
        : ''}
    </div>`;
  }

  protected updated(changed: Map<PropertyKey, unknown>): void {
    if (this.presenter) this.renderPresenter();
    // The answers read the handout's games, which exist only after the first render of it.
    if (changed.has('handout') && this.handout) void this.updateComplete.then(() => this.requestUpdate());
  }
}

/** The presenter window's look: large notes to read at a glance. */
const PRESENTER_STYLES = `
  body { font: 1.25rem/1.5 system-ui, sans-serif; margin: 0; padding: 1rem 1.5rem; color-scheme: light dark; }
  header { display: flex; gap: 0.75rem; align-items: center; flex-wrap: wrap; border-bottom: 1px solid #c9ced6; padding-bottom: 0.5rem; }
  header strong { flex: 1 1 12rem; }
  button { font: inherit; padding: 0.2rem 0.8rem; }
  .clock { font-variant-numeric: tabular-nums; font-weight: 700; }
  .notes { font-size: 1.4rem; }
  .none, .next { color: #5b6270; }
`;

/** A slide's speaker notes, or a word that it has none: the presenter view's and the notes under the slides alike. */
function notesOf(slide: Slide | undefined) {
  return slide?.notes ? unsafeHTML(slide.notes) : html`<p class="none">No notes for this slide.</p>`;
}

/** Where `parseLesson` leaves each block, by its index in the slide. */
const PLACEHOLDER = /<div class="block" data-block="(\d+)"><\/div>\n?/g;

/** Replaces each block's placeholder in a slide's HTML by `markup` of it, or by what is wrong with it. */
function fillBlocks(slideHtml: string, blocks: LessonBlock[], markup: (block: LessonBlock & { ok: true }, index: number) => string): string {
  return slideHtml.replace(PLACEHOLDER, (_, index: string) => {
    const block = blocks[Number(index)];
    return block.ok ? markup(block, Number(index)) : `<p class="error" role="alert">${escapeHtml(block.error)}</p>`;
  });
}

/** The answer to an exercise, in words. */
function answerOf(analysis: Analysis | undefined): string {
  if (!analysis) return 'The engine is still working on this one.';
  const misere = analysis.convention === 'misere';
  if (analysis.verdict === null) return 'Too large for the engine to decide.';
  if (analysis.verdict === 'draw') return 'A draw: neither player can force a win.';
  const value = misere ? 'Misère play' : `Worth ${analysis.total}`;
  if (analysis.verdict === 'previous') return `${value}: a P-position, so the player to move loses whatever they do.`;
  const move = winningMoves(analysis)[0];
  return `${value}: an N-position; the player to move wins${move ? ` with “${move.label}”` : ''}.`;
}

function clampSlide(n: number, count: number): number {
  return Number.isFinite(n) ? Math.max(1, Math.min(count, Math.round(n))) : 1;
}

define('grundy-lesson', GrundyLesson);

declare global {
  interface HTMLElementTagNameMap {
    'grundy-lesson': GrundyLesson;
  }
}
