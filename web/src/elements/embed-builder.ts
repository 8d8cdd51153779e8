import { LitElement, css, html, nothing } from 'lit';
import { buildFor, engine, ENGINE_FILES } from '../engine/client';
import { fingerDeclarations } from '../boards/finger';
import type { GameInfo } from '../engine/model';
import './grundy-game';
import { readValues, type PuzzleSource } from './options';
import { define } from './define';
import { sentence } from './sentence';
import type { Theme } from './theme';
import type { BoardElement } from '../boards/board';
import { pictureOfBoard } from '../picture/live';

/** Text made safe inside a double-quoted HTML attribute. */
export function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The reader's columns the snippet keeps the game's height for: a phone's
 * (390 px less margins), and a blog's usual desktop column. A screen under
 * `WIDE_SCREEN_PX` is taken for a phone.
 */
const COLUMNS = { phone: 358, desktop: 720 };
const WIDE_SCREEN_PX = 640;
/** How long the choice rests before the snippet's picture is drawn again. */
const PICTURE_REST_MS = 250;
/** frame.html's padding around its game, above and below. */
const FRAME_PADDING_PX = 16;

interface Choice {
  game: string;
  position: string;
  mode: string;
  opponent: string;
  first: string;
  level: string;
  /** `normal` or `misere`. */
  play: string;
  /** `full`, `play` or `none`: how much surrounds the board. */
  controls: string;
  /** `shown` or `hidden`. */
  values: string;
  hints: boolean;
  /** Ask the reader to find a winning move: in this position, the day's puzzle or one of the bank's. */
  puzzle: 'off' | 'position' | 'daily' | 'random';
  /** A random puzzle's theme, or empty for any. */
  puzzleTheme: string;
  /** Ask "P or N?" or a part's nimber before each of the reader's moves. */
  quiz: boolean;
  theme: Theme;
}

/**
 * The embed page: choose a game, a position and options, see the live
 * element, and copy a snippet for a blog (or an iframe where scripts are
 * not allowed).
 */
export class EmbedBuilder extends LitElement {
  static properties = {
    ...{ games: { state: true }, choice: { state: true }, copied: { state: true }, size: { state: true }, problem: { state: true } },
    ...{ puzzleThemes: { state: true }, reserved: { state: true }, picture: { state: true } },
  };

  declare private games: GameInfo[];
  declare private choice: Choice;
  declare private copied: string;
  /** Why the preview cannot read the position typed, said beside the field. */
  declare private problem: string;
  /** The preview's size on this page, so a blogger sees what each controls level takes. */
  declare private size: { width: number; height: number } | undefined;
  /** The themes of the bank's puzzles of the game and play chosen, offered for a random puzzle. */
  declare private puzzleThemes: string[];
  /** The height the game takes in a reader's column, on a phone and on a desktop, measured by a copy at each width. */
  declare private reserved: Partial<Record<keyof typeof COLUMNS, number>>;
  private readonly measure = new ResizeObserver((entries) => {
    for (const entry of entries) {
      const box = entry.borderBoxSize[0];
      const column = (entry.target as HTMLElement).dataset.column as keyof typeof COLUMNS | undefined;
      if (column) this.reserved = { ...this.reserved, [column]: Math.ceil(box.blockSize) };
      else this.size = { width: Math.round(box.inlineSize), height: Math.round(box.blockSize) };
    }
  });
  /**
   * The picture of the position the snippet's element shows until its live
   * board is ready (and where scripts never run): drawn from the desktop
   * copy's board, so by the live board's own code, each time it changes.
   */
  declare private picture: string | undefined;
  /** Seeds every copy's draw alike, so that a bank puzzle's copies measure the puzzle shown. */
  private readonly seed = Math.floor(Math.random() * 2 ** 31);

  constructor() {
    super();
    this.games = [];
    this.copied = '';
    this.problem = '';
    this.puzzleThemes = [];
    this.reserved = {};
    this.choice = {
      ...{ game: 'nim', position: '3 4 5\n', mode: 'play', opponent: 'ai', first: 'human', level: 'optimal', play: 'normal' },
      ...{ controls: 'full', values: 'shown', hints: false, puzzle: 'off', puzzleTheme: '', quiz: false, theme: 'auto' },
    };
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.measure.disconnect();
    clearTimeout(this.pictureTimer);
  }

  protected firstUpdated(): void {
    for (const game of this.renderRoot.querySelectorAll('grundy-game')) this.measure.observe(game);
  }

  /**
   * The height to keep for the game before it draws, in CSS: the phone
   * column's below `WIDE_SCREEN_PX`, the desktop column's above, switched
   * by the reader's screen, since an inline style sees no other width.
   * Undefined until both are measured.
   */
  private get reservedHeight(): string | undefined {
    const { phone, desktop } = this.reserved;
    if (phone === undefined || desktop === undefined) return undefined;
    if (phone <= desktop) return `${desktop}px`;
    // A step: (WIDE - 100vw) is positive below the breakpoint, and times 1000 it reaches the phone's height at once.
    return `clamp(${desktop}px, ${desktop}px + (${WIDE_SCREEN_PX}px - 100vw) * 1000, ${phone}px)`;
  }

  connectedCallback(): void {
    super.connectedCallback();
    void engine()
      .games()
      .then((games) => (this.games = games));
  }

  protected updated(changed: Map<PropertyKey, unknown>): void {
    // Options the board draws differently (values, hints, theme) change no position, so no `grundy-change` says so.
    if (changed.has('choice')) this.redrawPicture();
  }

  private pictureTimer?: ReturnType<typeof setTimeout>;
  /** Counts the redraws asked for, so that a drawing overtaken by a newer choice is dropped. */
  private pictureAsked = 0;

  /**
   * Draws `picture` afresh once the choice has rested: a large board's
   * takes a tenth of a second, too long for every keystroke. Until then
   * the snippet holds none, rather than one of an earlier position.
   */
  private readonly redrawPicture = () => {
    clearTimeout(this.pictureTimer);
    this.picture = undefined;
    const asked = ++this.pictureAsked;
    this.pictureTimer = setTimeout(() => void this.takePicture(asked), PICTURE_REST_MS);
  };

  /** Draws `picture` from the desktop copy's board, unless a newer redraw was asked for meanwhile. */
  private async takePicture(asked: number): Promise<void> {
    const copy = this.renderRoot.querySelector<LitElement>('grundy-game[data-column="desktop"]');
    if (!copy) return;
    await copy.updateComplete;
    const board = copy.shadowRoot?.querySelector<BoardElement>('[part="board"]');
    if (!board) return;
    await board.updateComplete;
    if (asked !== this.pictureAsked) return;
    const name = this.games.find((g) => g.id === this.choice.game)?.name ?? this.choice.game;
    this.picture = pictureOfBoard(board, name, this.choice.theme === 'dark' ? 'dark' : 'light').svg;
  }

  private set(change: Partial<Choice>): void {
    const before = this.choice;
    this.choice = { ...before, ...change };
    const { game, play, puzzle } = this.choice;
    if (puzzle === 'random' && (before.puzzle !== 'random' || before.game !== game || before.play !== play)) void this.loadPuzzleThemes();
  }

  /** The attribute `puzzle` takes for the choice made, or undefined for none. */
  private get puzzleAttribute(): PuzzleSource | undefined {
    const puzzle = this.choice.puzzle;
    return puzzle === 'off' ? undefined : puzzle === 'position' ? '' : puzzle;
  }

  /** Whether the puzzle is the bank's, which brings its own position (and, daily, its own game). */
  private get fromBank(): boolean {
    return this.choice.puzzle === 'daily' || this.choice.puzzle === 'random';
  }

  /**
   * A puzzle starts with its values hidden, as the element does, and with
   * the play controls only, since the full ones would show the values.
   * The daily puzzle is played by normal play, as the bank draws it.
   */
  private puzzleChanged(puzzle: Choice['puzzle']): void {
    const on = puzzle !== 'off';
    this.set({
      ...{ puzzle, puzzleTheme: '', values: readValues(undefined, on), controls: on ? 'play' : 'full' },
      ...(puzzle === 'daily' ? { play: 'normal', mode: 'play' } : on ? { mode: 'play' } : {}),
    });
  }

  private async loadPuzzleThemes(): Promise<void> {
    const { game, play } = this.choice;
    const bank = await import('../puzzles/bank');
    // A game the bank has no puzzles of has no themes to offer.
    const puzzles = await bank.puzzlesOf(game).catch(() => []);
    if (game !== this.choice.game || play !== this.choice.play) return;
    this.puzzleThemes = bank.themesOf(puzzles.filter((p) => p.play === play));
    if (!this.puzzleThemes.includes(this.choice.puzzleTheme)) this.choice = { ...this.choice, puzzleTheme: '' };
  }

  private pickGame(id: string): void {
    const game = this.games.find((g) => g.id === id);
    this.set({ game: id, position: game?.samples[0]?.input ?? '' });
  }

  /** Where the bundle lives, next to this page. */
  private get scriptUrl(): string {
    return new URL('embed/grundy-game.js', location.href).href;
  }

  /**
   * What the element fetches once its script runs, named before it so that
   * all of it downloads at once rather than one file after another: the
   * code the script imports and the engine of the game (a daily puzzle's
   * game is known only on the day). `crossorigin` makes the hint match the
   * element's own fetch.
   */
  private get preloadHints(): string {
    const beside = (file: string) => attribute(new URL(file, this.scriptUrl).href);
    const hints = [`<link rel="modulepreload" href="${beside('grundy-chunk-grundy-game.js')}">`];
    const { game, play, puzzle } = this.choice;
    if (puzzle !== 'daily') {
      const engineFile = ENGINE_FILES[buildFor(game, play === 'misere' ? 'misere' : 'normal')];
      hints.push(`<link rel="preload" href="${beside(engineFile)}" as="fetch" crossorigin>`);
    }
    return hints.join('\n');
  }

  /**
   * The element's attributes for the choice, in the order the snippet
   * writes them; the iframe's address carries the same as its query. A
   * flag's value is empty.
   */
  private get gameAttributes(): [name: string, value: string][] {
    const c = this.choice;
    const puzzle = this.puzzleAttribute;
    // A puzzle's computer never moves; the bank's bring their own position, and the daily its own game.
    const playing = puzzle === undefined && c.mode === 'play';
    const againstAi = playing && c.opponent === 'ai';
    const pairs: [string, string | undefined][] = [
      ['game', c.puzzle !== 'daily' ? c.game : undefined],
      ['position', this.fromBank ? undefined : c.position.trimEnd()],
      ['mode', puzzle === undefined ? c.mode : undefined],
      ['opponent', playing ? c.opponent : undefined],
      ['first', againstAi ? c.first : undefined],
      ['level', againstAi ? c.level : undefined],
      ['play', c.play === 'misere' ? 'misere' : undefined],
      ['controls', c.controls !== 'full' ? c.controls : undefined],
      ['values', c.values !== readValues(undefined, puzzle !== undefined) ? c.values : undefined],
      ['hints', c.hints ? '' : undefined],
      ['puzzle', puzzle],
      ['puzzle-theme', c.puzzle === 'random' && c.puzzleTheme ? c.puzzleTheme : undefined],
      ['quiz', c.quiz ? '' : undefined],
      ['theme', c.theme !== 'auto' ? c.theme : undefined],
    ];
    return pairs.filter((pair): pair is [string, string] => pair[1] !== undefined);
  }

  get snippet(): string {
    const options = this.gameAttributes.map(([name, value]) => (value === '' && name !== 'position' ? name : `${name}="${attribute(value)}"`));
    // The page keeps the game's place, as tall as it will be in the reader's column, while it loads: nothing below it jumps.
    const reserved = this.reservedHeight;
    const place = reserved ? ` style="display:block;min-height:${reserved}"` : '';
    // A bank's puzzle is chosen as the reader opens the page: no picture can show it beforehand.
    const picture = this.fromBank ? '' : (this.picture ?? '');
    return `${this.preloadHints}\n<script type="module" src="${attribute(this.scriptUrl)}"></script>\n<grundy-game ${options.join(' ')}${place}>${picture}</grundy-game>`;
  }

  get iframe(): string {
    const c = this.choice;
    const params = new URLSearchParams(this.gameAttributes);
    const src = new URL(`frame.html?${params}`, location.href).href;
    // The frame starts as tall as its game and padding will be in the reader's
    // column; it reports its content's height, and the script sizes the iframe
    // to it. Where a page runs no script, the iframe keeps its first height.
    const reserved = this.reservedHeight;
    const height = reserved ? `calc(${reserved} + ${FRAME_PADDING_PX}px)` : '640px';
    const resize =
      `<script>addEventListener('message', (e) => { const d = e.data; if (!d || d.type !== 'grundy-frame-height') return;` +
      ` for (const f of document.querySelectorAll('iframe')) if (f.contentWindow === e.source) f.style.height = d.height + 'px'; });</script>`;
    return `<iframe src="${attribute(src)}" title="${attribute(c.game)} position" style="width:100%;height:${height};border:0"></iframe>\n${resize}`;
  }

  /** A snippet to copy; none while the position cannot be read, since it would show readers only an error. */
  private renderCode(which: 'snippet' | 'iframe', heading: string, code: string) {
    const label = which === 'snippet' ? 'Snippet' : 'Iframe';
    const refused = this.problem !== '';
    return html`<section>
      <h2>${heading}</h2>
      <textarea class="code" readonly aria-label=${label} .value=${refused ? `Mend the position first: ${this.problem}` : code}></textarea>
      <button ?disabled=${refused} @click=${() => this.copy(which)}>${this.copied === which ? 'Copied' : `Copy ${label.toLowerCase()}`}</button>
    </section>`;
  }

  private async copy(which: 'snippet' | 'iframe'): Promise<void> {
    try {
      await navigator.clipboard.writeText(which === 'snippet' ? this.snippet : this.iframe);
      this.copied = which;
    } catch {
      this.copied = '';
    }
  }

  static styles = css`
    :host { display: block; max-width: 72rem; margin: 0 auto; padding: 1rem; box-sizing: border-box; }
    h1 { font-size: 1.5rem; margin: 0 0 0.25rem; }
    form { display: flex; flex-wrap: wrap; gap: 0.6rem 1rem; align-items: flex-end; margin: 1rem 0; }
    label { display: flex; flex-direction: column; gap: 0.2rem; font-size: 0.85rem; }
    label.inline { flex-direction: row; align-items: center; }
    .field { display: flex; flex-direction: column; gap: 0.2rem; }
    .error { color: #aa3377; margin: 0; max-width: 24rem; font-size: 0.85rem; }
    @media (prefers-color-scheme: dark) { .error { color: #ee7799; } }
    textarea, select, input { font: inherit; }
    textarea { font-family: ui-monospace, monospace; }
    .code { width: 100%; box-sizing: border-box; min-height: 5rem; font-size: 0.8rem; }
    section { margin-top: 1rem; }
    h2 { font-size: 1.05rem; margin: 0 0 0.4rem; }
    button { font: inherit; padding: 0.25rem 0.7rem; cursor: pointer; }
    /* The measuring copies lay out as a reader's column would, out of sight. */
    .columns { position: absolute; left: -10000px; top: 0; visibility: hidden; }
  `;

  /**
   * The game as the snippet writes it: the preview, which says what it
   * cannot read, or a copy that only measures, in a reader's `column` of
   * its width (on the phone with what a finger gets).
   */
  private renderGame(column?: keyof typeof COLUMNS) {
    const c = this.choice;
    const style = column ? `width:${COLUMNS[column]}px;${column === 'phone' ? fingerDeclarations : ''}` : nothing;
    const invalid = (e: CustomEvent<{ message: string }>) => (this.problem = sentence(e.detail.message));
    return html`<grundy-game data-column=${column ?? nothing} style=${style} seed=${this.seed} game=${c.puzzle === 'daily' ? nothing : c.game}
      .position=${this.fromBank ? nothing : c.position} mode=${c.mode} opponent=${c.opponent} first=${c.first} level=${c.level} play=${c.play}
      controls=${c.controls} values=${c.values} theme=${c.theme} ?hints=${c.hints} puzzle=${this.puzzleAttribute ?? nothing}
      puzzle-theme=${c.puzzleTheme} ?quiz=${c.quiz} @grundy-invalid=${column ? nothing : invalid}
      @grundy-change=${column === 'desktop' ? this.redrawPicture : column ? nothing : () => (this.problem = '')}></grundy-game>`;
  }

  render() {
    const c = this.choice;
    const select = (
      name: keyof Choice,
      label: string,
      values: [string, string][],
      change = (value: string) => this.set({ [name]: value }),
    ) => html`<label
      >${label}
      <select @change=${(e: Event) => change((e.target as HTMLSelectElement).value)}>
        ${values.map(([value, text]) => html`<option value=${value} ?selected=${c[name] === value}>${text}</option>`)}
      </select></label
    >`;
    return html`
      <h1>Embed a game</h1>
      <p>Choose a position and how it plays, then copy the snippet into any page. <a href="./">Back to the playground</a></p>
      <form @submit=${(e: Event) => e.preventDefault()}>
        ${c.puzzle !== 'daily' ? select('game', 'Game', this.games.map((g) => [g.id, g.name]), (id) => this.pickGame(id)) : nothing}
        <div class="field">
          ${!this.fromBank
            ? html`<label>Position <textarea rows="4" cols="24" .value=${c.position} aria-invalid=${this.problem ? 'true' : 'false'}
                aria-describedby="position-problem" @input=${(e: Event) => this.set({ position: (e.target as HTMLTextAreaElement).value })}></textarea></label>`
            : nothing}
          <p class="error" id="position-problem" role="alert">${this.problem}</p>
        </div>
        ${select('puzzle', 'Puzzle', [
          ['off', 'None'],
          ['position', 'This position: find the winning move'],
          ['daily', 'The daily puzzle: a new one each day'],
          ['random', "One of the game's puzzles, another on request"],
        ], (value) => this.puzzleChanged(value as Choice['puzzle']))}
        ${c.puzzle === 'random'
          ? select('puzzleTheme', 'Puzzle theme', [['', 'Any'], ...this.puzzleThemes.map((theme): [string, string] => [theme, theme])])
          : nothing}
        ${c.puzzle === 'off'
          ? html`${select('mode', 'Mode', [['play', 'Play'], ['analyse', 'Analyse'], ['edit', 'Edit']])}
              ${select('opponent', 'Opponent', [['ai', 'Computer'], ['human', 'Two people']])}
              ${select('first', 'Who starts', [['human', 'The reader'], ['ai', 'The computer']])}
              ${select('level', 'Level', [['optimal', 'Optimal'], ['strong', 'Strong'], ['casual', 'Casual'], ['random', 'Random']])}`
          : nothing}
        ${c.puzzle !== 'daily' ? select('play', 'Play', [['normal', 'Normal: the last move wins'], ['misere', 'Misère: the last move loses']]) : nothing}
        ${select('controls', 'Controls', [['full', 'Full: toolbar, analysis, text'], ['play', 'Play: status, undo, new game'], ['none', 'None: the board alone']])}
        ${select('values', 'Values', [['shown', 'Shown'], ['hidden', 'Hidden: no nimbers or verdicts']])}
        ${select('theme', 'Theme', [['auto', "Auto: the page's, else the reader's"], ['light', 'Light'], ['dark', 'Dark']])}
        <label class="inline"><input type="checkbox" .checked=${c.hints} @change=${(e: Event) => this.set({ hints: (e.target as HTMLInputElement).checked })} /> Hints</label>
        <label class="inline"><input type="checkbox" .checked=${c.quiz} @change=${(e: Event) => this.set({ quiz: (e.target as HTMLInputElement).checked })} /> Quiz: a question before each move (P or N, a nimber, the total, the winning move)</label>
      </form>
      <section aria-label="Preview">
        <h2>Preview</h2>
        <p class="size" aria-live="polite">${this.size ? `${this.size.height} px tall at ${this.size.width} px wide; the controls level sets most of it.` : ''}</p>
        ${this.renderGame()}
      </section>
      <div class="columns" aria-hidden="true" inert>
        ${(Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]).map((column) => this.renderGame(column))}
      </div>
      ${this.renderCode('snippet', 'Snippet', this.snippet)}
      ${this.renderCode('iframe', 'Or an iframe', this.iframe)}
    `;
  }

}

define('grundy-embed-builder', EmbedBuilder);
