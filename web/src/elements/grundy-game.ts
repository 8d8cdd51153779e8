import { LitElement, css, html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { engine } from '../engine/client';
import type { Analysis, Convention, Edit, MoveInfo, TreeNode, View } from '../engine/model';
import { afterText, isWinning, outcomeOf, winningMoves } from '../engine/model';
import { renderBoard } from '../boards/index';
import type { BoardEvents } from '../boards/board';
import {
  MAX_POSITION_LENGTH,
  readLevel,
  readMode,
  readOpponent,
  readSide,
  type Mode,
} from './options';
import { download, pngFromSvg } from './export';
import type { BoardElement } from '../boards/board';
import './nim-sum-table';
import { sentence } from './readout';
import './sequence-explorer';
import './move-list';
import './quiz';
import { GameController, type GameSettings, type GrundyChangeDetail, type Origin } from './game-controller';

export type { GrundyChangeDetail, GrundyEndDetail, GrundyMoveDetail, Winner } from './game-controller';

/**
 * The longest position text the text box shows. Laying out a text box
 * costs about 2 µs a character, so 100 000 intervals (1.3 MB) held the page
 * for 2.5 s; a longer position is copied and replaced, not shown.
 */
const SHOWN_TEXT_LENGTH = 50_000;

/** How many edits Undo can take back while drawing. */
const MAX_DRAWING_STEPS = 100;

/** How long typing in the text box must pause before the text is loaded. */
const TYPING_PAUSE_MS = 250;

/** What a presentation reveals, one step per arrow key. */
const STEPS = ['The position', 'The nimber of each part', 'The total: who wins', 'The winning move'];

/**
 * `<grundy-game game="nim" position="3 4 5" mode="play">`: one impartial
 * game to draw, analyse or play against the computer.
 *
 * Events: `grundy-move` after every move, `grundy-end` when the player to
 * move has no move left, `grundy-change` whenever the position changes.
 */
export class GrundyGame extends LitElement {
  static properties = {
    game: { type: String, reflect: true },
    position: { type: String },
    mode: { type: String, reflect: true },
    first: { type: String },
    opponent: { type: String },
    level: { type: String },
    hints: { type: Boolean, reflect: true },
    seed: { type: Number },
    aiDelay: { type: Number, attribute: 'ai-delay' },
    play: { type: String, reflect: true },
    values: { type: String, reflect: true },
    controls: { type: String, reflect: true },
    puzzle: { type: Boolean, reflect: true },
    attempt: { state: true },
    draft: { state: true },
    preview: { state: true },
    tapped: { state: true },
    quiz: { type: Boolean, reflect: true },
    quizAnsweredAt: { state: true },
    density: { state: true },
    explained: { state: true },
    notice: { state: true },
    presenting: { type: Boolean, reflect: true },
    tree: { state: true },
    treeProblem: { state: true },
    step: { state: true },
    explorerOpen: { state: true },
    drawing: { state: true },
  };

  /** The game's id, e.g. `nim`. */
  declare game: string;
  /** The starting position in the game's text format. */
  declare position: string;
  /** `edit`, `play` or `analyse`. */
  declare mode: string;
  /** Who moves first against the computer: `human` or `ai`. */
  declare first: string;
  /** `ai` to play the computer, `human` for two people at one screen. */
  declare opponent: string;
  /** The computer's skill: 0 to 1, or optimal / strong / casual / random. */
  declare level: string;
  declare hints: boolean;
  /** `normal` (the last move wins) or `misere` (the last move loses). */
  declare play: string;
  /** `shown`, or `hidden` to play unspoiled: no nimbers, verdicts or hints. */
  declare values: string;
  /**
   * How much surrounds the board: `full` (everything), `play` (the status,
   * undo and a new game) or `none` (the board alone, as an illustration).
   */
  declare controls: string;
  /** Ask the reader to find a winning move; each try is judged and undone. */
  declare puzzle: boolean;
  /** The reader's last try at the puzzle, or the solution once shown. */
  declare private attempt: { label: string; wins: boolean; value: string; shown?: boolean } | undefined;
  /** Seeds the computer's choices, so a game can be replayed exactly. */
  declare seed: number;
  /** Milliseconds the computer waits before moving, so people see it. */
  declare aiDelay: number;

  declare private draft: string;
  declare private preview: number;
  /** Whether the previewed move was chosen by a tap, which shows the move picker. */
  declare private tapped: boolean;
  /** Ask a question before each of the person's moves, and reveal the values only then. */
  declare quiz: boolean;
  /** The ply whose quiz question was answered. */
  declare private quizAnsweredAt: number;
  /** How full a random position is, from 0 to 1. */
  declare private density: number;
  /** The component the mex explainer shows, or -1. */
  declare private explained: number;
  /** A short word on what the last export or copy did. */
  declare private notice: string;
  /** Presentation mode: large type, no controls, a step-by-step reveal. */
  declare presenting: boolean;
  /** How much of the analysis a presentation has revealed (see `STEPS`). */
  declare private step: number;
  /** The game tree last asked for, while the position stays the same. */
  declare private tree: TreeNode | undefined;
  declare private treeProblem: string;
  declare private explorerOpen: boolean;
  /**
   * The drawing's texts before each edit (`undo`, newest last) and after
   * each undone one (`redo`), for one game: Undo and Redo while drawing.
   */
  declare private drawing: { game: string; undo: string[]; redo: string[] } | undefined;

  /** The game being played: its session, position, moves and turns. */
  private readonly controller = new GameController(
    this,
    () => this.settings,
    (view, origin, cause, positionChanged) => this.onShow(view, origin, cause, positionChanged),
  );
  /** The multi-case text the case picker chooses from. */
  private casesText = '';
  private draftTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    this.game = '';
    this.position = '';
    this.mode = 'play';
    this.first = 'human';
    this.opponent = 'ai';
    this.level = 'optimal';
    this.hints = false;
    this.play = 'normal';
    this.values = 'shown';
    this.controls = 'full';
    this.puzzle = false;
    this.seed = Math.floor(Math.random() * 2 ** 31);
    this.aiDelay = 400;
    this.draft = '';
    this.preview = -1;
    this.tapped = false;
    this.quiz = false;
    this.quizAnsweredAt = -1;
    this.density = 0.2;
    this.explained = -1;
    this.notice = '';
    this.presenting = false;
    this.step = 0;
    this.treeProblem = '';
    this.addEventListener('keydown', (event) => this.onPresentKey(event));
  }

  /** Starts or ends presentation mode; it starts from the bare position. */
  present(on: boolean): void {
    this.presenting = on;
    this.step = 0;
    this.preview = -1;
    if (on) {
      this.tabIndex = -1;
      this.focus();
      // Fill the screen where the browser allows it; the page view works too.
      this.requestFullscreen?.().catch(() => undefined);
    } else if (document.fullscreenElement) {
      // Inside another element's shadow root the document sees that
      // element as the full-screen one, not this.
      void document.exitFullscreen().catch(() => undefined);
    }
  }

  /** Leaving full screen by the browser's own Esc ends the presentation. */
  private readonly onFullscreenChange = () => {
    if (this.presenting && !document.fullscreenElement) this.present(false);
  };

  connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('fullscreenchange', this.onFullscreenChange);
  }

  private setStep(step: number): void {
    this.step = Math.max(0, Math.min(STEPS.length - 1, step));
    const winning = this.analysis && winningMoves(this.analysis)[0];
    this.preview = this.step === STEPS.length - 1 && winning ? winning.id : -1;
  }

  private onPresentKey(event: KeyboardEvent): void {
    if (!this.presenting) return;
    const forward = ['ArrowRight', 'ArrowDown', 'PageDown', ' '];
    const back = ['ArrowLeft', 'ArrowUp', 'PageUp'];
    if (forward.includes(event.key)) this.setStep(this.step + 1);
    else if (back.includes(event.key)) this.setStep(this.step - 1);
    else if (event.key === 'Escape') this.present(false);
    else return;
    event.preventDefault();
  }

  /** The current position in the game's text format. */
  get text(): string {
    return this.view?.text ?? this.position;
  }

  /** The latest analysis, once the engine has answered. */
  get analysis(): Analysis | undefined {
    return this.view?.analysis;
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('fullscreenchange', this.onFullscreenChange);
    clearTimeout(this.draftTimer);
  }

  protected updated(changed: Map<string, unknown>): void {
    if (changed.has('game') || changed.has('position')) this.open();
    else if (changed.has('play') && changed.get('play') !== undefined && this.view) {
      void this.request({ op: 'convention', convention: this.convention }, 'action');
    }
    else if (changed.has('first') && changed.get('first') !== undefined && this.view?.ply) void this.restart();
    else if (changed.has('mode') || changed.has('first') || changed.has('opponent')) this.controller.scheduleAi();
  }

  /** The rules of play the attributes set, as the controller reads them. */
  private get settings(): GameSettings {
    const mode = this.currentMode;
    return {
      game: this.game,
      mode,
      againstAi: this.againstAi,
      humanSeat: this.humanSeat,
      level: readLevel(this.level),
      seed: this.seed,
      aiDelay: this.aiDelay,
      convention: this.convention,
      puzzle: !this.puzzle ? 'off' : this.attempt?.wins && !this.attempt.shown ? 'solved' : 'open',
    };
  }

  private get view(): View | undefined {
    return this.controller.view;
  }

  private request(request: Parameters<GameController['request']>[0], origin: Origin): Promise<View | undefined> {
    return this.controller.request(request, origin);
  }

  private get currentMode(): Mode {
    return readMode(this.mode);
  }

  private get valuesShown(): boolean {
    return this.values !== 'hidden' && !this.quizPending;
  }

  /** The quiz runs in Play, outside puzzles. */
  private get quizActive(): boolean {
    return this.quiz && this.currentMode === 'play' && !this.puzzle;
  }

  /** The person is to move and has a quiz question to answer first. */
  private get quizPending(): boolean {
    const view = this.view;
    if (!this.quizActive || !view || !this.humanTurn || view.analysis.moves.length === 0) return false;
    return outcomeOf(view.analysis) !== undefined && this.quizAnsweredAt !== view.ply;
  }

  private get controlLevel(): 'full' | 'play' | 'none' {
    return this.controls === 'play' || this.controls === 'none' ? this.controls : 'full';
  }

  private get convention(): Convention {
    return this.play === 'misere' ? 'misere' : 'normal';
  }

  private get humanSeat(): number {
    return readSide(this.first) === 'human' ? 0 : 1;
  }

  private get againstAi(): boolean {
    return this.currentMode === 'play' && readOpponent(this.opponent) === 'ai';
  }

  private get humanTurn(): boolean {
    return this.controller.humanTurn;
  }

  private get humanMayMove(): boolean {
    return this.humanTurn && !this.quizPending;
  }

  private open(): void {
    const text = this.position ?? '';
    if (text.length > MAX_POSITION_LENGTH) {
      this.controller.refuse({ message: `the position is ${text.length} characters long; the limit is ${MAX_POSITION_LENGTH}` });
      return;
    }
    if (!this.game) {
      this.controller.refuse({ message: 'no game given: set the game attribute, e.g. game="nim"' });
      return;
    }
    if (text.trim() === '') {
      void this.openFirstSample();
      return;
    }
    this.draft = text;
    this.casesText = text;
    void this.controller.open(text, 'input');
  }

  /** With no position given, a game starts from its first sample. */
  private async openFirstSample(): Promise<void> {
    const game = this.game;
    const info = (await engine().games()).find((g) => g.id === game);
    if (game !== this.game || this.position.trim() !== '') return;
    const text = info?.samples[0]?.input ?? '';
    this.draft = text;
    this.casesText = text;
    void this.controller.open(text, 'input');
  }

  /** Resets what belongs to the position shown when a new one arrives. */
  private onShow(view: View, origin: Origin, cause: GrundyChangeDetail['cause'], positionChanged: boolean): void {
    if (cause !== 'move') {
      this.attempt = undefined;
      this.quizAnsweredAt = -1;
    }
    this.preview = -1;
    this.tapped = false;
    // The text box keeps what the person typed; moves and edits rewrite it.
    if (origin === 'action') this.draft = view.text;
    if (positionChanged) {
      this.tree = undefined;
      this.treeProblem = '';
    }
  }

  /** Stops the engine's work; every open game returns to its last position. */
  cancel(): void {
    this.controller.cancel();
  }

  private async playMove(id: number): Promise<void> {
    const played = await this.controller.playMove(id, this.humanMayMove);
    if (played && this.puzzle) await this.judgeAttempt(played.move, played.view);
  }

  /**
   * A puzzle's try: a move that leaves the opponent lost solves it; any
   * other is explained by the value it leaves, then taken back.
   */
  private async judgeAttempt(move: MoveInfo, after: View): Promise<void> {
    const wins = outcomeOf(after.analysis) === 'previous';
    this.attempt = { label: move.label, wins, value: after.analysis.total };
    if (!wins) await this.request({ op: 'undo' }, 'action');
  }

  /** The puzzle's answer: a winning move, previewed on the board. */
  private showSolution(): void {
    const winning = this.analysis && winningMoves(this.analysis)[0];
    if (!winning) return;
    this.preview = winning.id;
    this.attempt = { label: winning.label, wins: true, value: '*0', shown: true };
  }

  /** What the puzzle says now: the question, or how the last try went. */
  private renderPuzzleStatus() {
    const attempt = this.attempt;
    const why = (a: { value: string }) => (this.valuesShown ? ` It leaves ${a.value}.` : '');
    const solution = html`<button @click=${() => this.showSolution()}>Show solution</button>`;
    if (!attempt) {
      const outcome = this.analysis && outcomeOf(this.analysis);
      if (outcome === 'draw') return 'Puzzle: no move wins here; the best play holds a draw.';
      return outcome === 'next'
        ? html`Puzzle: find a winning move. ${solution}`
        : 'Puzzle: every move here loses against perfect play.';
    }
    if (attempt.shown) return html`A winning move: ${attempt.label}.`;
    if (attempt.wins) return html`<span class="win">✔ ${attempt.label} wins: your opponent loses against perfect play.${why(attempt)}</span>`;
    return html`<span class="lose">✘ ${attempt.label} does not win: your opponent could win from there.${why(attempt)}</span>
      Try another. ${solution}`;
  }

  private stepHistory(op: 'undo' | 'redo'): Promise<void> {
    return this.controller.stepHistory(op);
  }

  private async restart(): Promise<void> {
    this.attempt = undefined;
    await this.controller.restart();
  }

  private randomise(): void {
    const seed = Math.floor(Math.random() * 2 ** 31);
    void this.editDrawing({ kind: 'random', seed, density: this.density });
  }

  /** The undo and redo stacks of the game shown, empty after a switch of game. */
  private get drawingSteps(): { game: string; undo: string[]; redo: string[] } {
    return this.drawing?.game === this.game ? this.drawing : { game: this.game, undo: [], redo: [] };
  }

  /** Applies a drawing edit, remembering the drawing before it for Undo. */
  private async editDrawing(edit: Edit): Promise<void> {
    const before = this.view?.text;
    const after = await this.request({ op: 'edit', edit }, 'action');
    if (after && before !== undefined && after.text !== before) {
      const { game, undo } = this.drawingSteps;
      this.drawing = { game, undo: [...undo.slice(-(MAX_DRAWING_STEPS - 1)), before], redo: [] };
    }
  }

  /** Steps back or forward through the drawing's edits. */
  private async stepDrawing(op: 'undo' | 'redo'): Promise<void> {
    const steps = this.drawingSteps;
    const [from, to] = op === 'undo' ? [steps.undo, steps.redo] : [steps.redo, steps.undo];
    const text = from.at(-1);
    const current = this.view?.text;
    if (text === undefined || current === undefined) return;
    const after = await this.request({ op: 'load', text, case: 0 }, 'action');
    if (!after) return;
    const [left, other] = [from.slice(0, -1), [...to, current]];
    this.drawing = op === 'undo' ? { game: steps.game, undo: left, redo: other } : { game: steps.game, undo: other, redo: left };
  }

  /** Typing waits for a pause; a paste or a drop is a whole text, loaded at once. */
  private onDraft(event: InputEvent): void {
    const whole = event.inputType?.startsWith('insertFrom') ?? false;
    this.takeDraft((event.target as HTMLTextAreaElement).value, whole ? 0 : TYPING_PAUSE_MS);
  }

  /**
   * A paste that leaves the text too long to show goes straight to the
   * position: Chromium's own paste of 2 MB over a selection in a text box
   * took 105 s.
   */
  private onPaste(event: ClipboardEvent): void {
    const box = event.target as HTMLTextAreaElement;
    const pasted = event.clipboardData?.getData('text/plain') ?? '';
    const text = box.value.slice(0, box.selectionStart) + pasted + box.value.slice(box.selectionEnd);
    if (text.length <= SHOWN_TEXT_LENGTH) return;
    event.preventDefault();
    this.takeDraft(text, 0);
  }

  private takeDraft(text: string, pauseMs: number): void {
    this.draft = text;
    clearTimeout(this.draftTimer);
    this.draftTimer = setTimeout(() => this.loadDraft(0), pauseMs);
  }

  private loadDraft(caseIndex: number): void {
    if (this.draft.length > MAX_POSITION_LENGTH) {
      this.controller.refuse({ message: `the text is ${this.draft.length} characters long; the limit is ${MAX_POSITION_LENGTH}` });
      return;
    }
    this.casesText = this.draft;
    void this.request({ op: 'load', text: this.draft, case: caseIndex }, 'input');
  }

  private pickCase(event: Event): void {
    const index = Number((event.target as HTMLSelectElement).value);
    void this.request({ op: 'load', text: this.casesText, case: index }, 'action');
  }

  private setMode(mode: Mode): void {
    this.mode = mode;
    // The controller reads the new mode once the element has it.
    void this.updateComplete.then(() => this.controller.forgetEnd());
  }

  private onBoardPlay(event: CustomEvent<BoardEvents['board-play']>): void {
    void this.playMove(event.detail.move);
  }

  private onBoardPreview(event: CustomEvent<BoardEvents['board-preview']>): void {
    this.preview = event.detail.move ?? -1;
    this.tapped = event.detail.touch === true && this.preview >= 0;
  }

  /**
   * After a tap, the chosen move in words with large buttons: step to the
   * neighbouring moves (for counters and cells too small to hit), play it,
   * or let it go. Tapping the move again on the board plays it too.
   */
  private renderPicker(analysis: Analysis) {
    const move = analysis.moves.at(this.preview);
    if (!this.tapped || !move || !this.humanMayMove) return nothing;
    const step = (by: number) => {
      this.preview = (this.preview + by + analysis.moves.length) % analysis.moves.length;
    };
    const value = this.valuesShown ? html` <span class="after">→ ${afterText(analysis, move)}${isWinning(analysis, move) && this.hints ? ' ★' : ''}</span>` : nothing;
    return html`<div class="picker" role="group" aria-label="Chosen move">
      <button @click=${() => step(-1)} aria-label="Previous move">◀</button>
      <span class="label" aria-live="polite">${move.label}${value}</span>
      <button @click=${() => step(1)} aria-label="Next move">▶</button>
      <button class="play" @click=${() => void this.playMove(move.id)}>Play</button>
      <button @click=${() => ((this.preview = -1), (this.tapped = false))} aria-label="Cancel">✕</button>
    </div>`;
  }

  /** A click on a component's badge or row explains it; a second click closes. */
  private onComponentSelect(event: CustomEvent<{ id: number }>): void {
    this.explained = this.explained === event.detail.id ? -1 : event.detail.id;
  }

  private onBoardEdit(event: CustomEvent<BoardEvents['board-edit']>): void {
    void this.editDrawing(event.detail.edit);
  }

  static styles = css`
    :host {
      --grundy-bg: #ffffff;
      --grundy-surface: #f6f7f9;
      --grundy-ink: #1b1d21;
      --grundy-muted: #5b6270;
      --grundy-border: #c9ced6;
      --grundy-accent: #0b57d0;
      --grundy-win: #117733;
      --grundy-last: #c2410c;
      --grundy-lose: #aa3377;
      --grundy-focus: #0b57d0;
      display: block;
      container-type: inline-size;
      color: var(--grundy-ink);
      background: var(--grundy-bg);
      font-family: system-ui, -apple-system, 'Segoe UI', sans-serif;
      border: 1px solid var(--grundy-border);
      border-radius: 0.75rem;
      padding: 0.75rem;
      box-sizing: border-box;
      max-width: 100%;
    }
    @media (prefers-color-scheme: dark) {
      :host {
        --grundy-bg: #16181d;
        --grundy-surface: #20242b;
        --grundy-ink: #e8eaef;
        --grundy-muted: #a3aab8;
        --grundy-border: #3a404b;
        --grundy-accent: #8ab4f8;
        --grundy-win: #44bb77;
        --grundy-last: #fb923c;
        --grundy-lose: #ee7799;
        --grundy-focus: #8ab4f8;
      }
    }
    :host([hidden]) { display: none; }
    .toolbar { display: flex; flex-wrap: wrap; gap: 0.4rem 0.75rem; align-items: center; }
    .modes { display: inline-flex; border: 1px solid var(--grundy-border); border-radius: 0.5rem; overflow: hidden; }
    .modes button { border: 0; border-radius: 0; }
    .modes button[aria-pressed='true'] { background: var(--grundy-accent); color: var(--grundy-bg); }
    button, select { font: inherit; font-size: 0.85rem; color: inherit; background: var(--grundy-surface);
      border: 1px solid var(--grundy-border); border-radius: 0.4rem; padding: 0.25rem 0.55rem; cursor: pointer; }
    button:disabled { opacity: 0.45; cursor: default; }
    button:focus-visible, select:focus-visible, textarea:focus-visible, input:focus-visible { outline: 3px solid var(--grundy-focus); outline-offset: 1px; }
    label { font-size: 0.85rem; display: inline-flex; gap: 0.3rem; align-items: center; }
    .status { margin: 0.6rem 0; font-weight: 600; min-height: 1.4em; }
    .status .win { color: var(--grundy-win); }
    .status .lose { color: var(--grundy-lose); }
    .main { display: grid; grid-template-columns: minmax(0, 1fr) minmax(14rem, 19rem); gap: 1rem; }
    @container (max-width: 640px) { .main { grid-template-columns: minmax(0, 1fr); } }
    .board { min-width: 0; overflow-x: auto; }
    aside, .readout { display: flex; flex-direction: column; gap: 0.75rem; min-width: 0; }
    .picker { display: flex; align-items: center; gap: 0.4rem; margin-top: 0.5rem; padding: 0.4rem;
      border: 1px solid var(--grundy-border); border-radius: 0.6rem; background: var(--grundy-surface); }
    .picker button { min-width: 2.5rem; min-height: 2.5rem; font: inherit; border-radius: 0.5rem; border: 1px solid var(--grundy-border);
      background: var(--grundy-bg); color: inherit; }
    .picker button.play { background: var(--grundy-accent); color: var(--grundy-bg); border-color: transparent; font-weight: 700; padding: 0 1rem; }
    .picker .label { flex: 1 1 0; min-width: 0; font-weight: 600; }
    .picker .after { color: var(--grundy-muted); font-weight: 400; }
    textarea { width: 100%; box-sizing: border-box; min-height: 5.5rem; font-family: ui-monospace, monospace; font-size: 0.85rem;
      color: inherit; background: var(--grundy-surface); border: 1px solid var(--grundy-border); border-radius: 0.4rem; padding: 0.4rem; }
    textarea[aria-invalid='true'] { border-color: var(--grundy-lose); }
    .error { color: var(--grundy-lose); font-size: 0.85rem; margin: 0.3rem 0 0; white-space: pre-wrap; }
    .timing { color: var(--grundy-muted); font-size: 0.75rem; }
    .field-label { font-size: 0.8rem; color: var(--grundy-muted); display: block; margin-bottom: 0.2rem; }
    .export { display: flex; flex-wrap: wrap; gap: 0.3rem; align-items: center; margin-top: 0.5rem; }
    :host([presenting]) { font-size: 1.3rem; padding: 1.25rem; outline: none; overflow: auto; }
    /* Drawn boards fill the screen and stop at its height; HTML boards are enlarged. */
    :host([presenting]) .board { --grundy-board-width: 100%; --grundy-board-height: calc(100vh - 8rem); }
    :host([presenting]) .board grundy-heaps, :host([presenting]) .board grundy-rows { zoom: 1.6; }
    :host([presenting]) nim-sum-table { zoom: 1.4; }
    :host([presenting]) .main { grid-template-columns: minmax(0, 1fr) minmax(16rem, 24rem); }
    :host([presenting]) button { font-size: 1rem; }
    .toolbar.presenting .step { font-weight: 700; }
    .verdict-big { font-size: 1.2rem; }
    .busy { display: flex; gap: 0.5rem; align-items: center; margin: 0.2rem 0; font-size: 0.9rem; color: var(--grundy-muted); }
    .explorer { margin-top: 0.75rem; }
    .moves summary { cursor: pointer; font-weight: 600; font-size: 0.9rem; }
    .values-off { color: var(--grundy-muted); font-size: 0.9rem; margin: 0; }
    .explorer summary { cursor: pointer; font-weight: 600; }
    .stale { opacity: 0.45; pointer-events: none; }
    .busy .elapsed { font-variant-numeric: tabular-nums; display: inline-block; min-width: 3.5em; }
    .spinner { width: 0.9rem; height: 0.9rem; border-radius: 50%; border: 2px solid var(--grundy-border);
      border-top-color: var(--grundy-accent); animation: spin 0.8s linear infinite; }
    @keyframes spin { to { transform: rotate(360deg); } }
    @media (prefers-reduced-motion: reduce) { .spinner { animation: none; } }
  `;

  render() {
    const view = this.view;
    if (this.presenting) return this.renderPresentation(view);
    // While slow work runs, what is drawn belongs to the previous position.
    const busy = this.controller.busyMs !== undefined;
    if (this.controlLevel !== 'full') return this.renderCompact(view, this.controlLevel, busy);
    return html`
      ${this.renderToolbar()}
      <p class="status" part="status" role="status" aria-live="polite">${this.renderStatus()}</p>
      ${this.controller.busyMs !== undefined
        ? html`<p class="busy" part="busy"><span class="spinner" aria-hidden="true"></span>
            Working… <span class="elapsed">${(this.controller.busyMs / 1000).toFixed(1)} s</span>
            <button @click=${() => this.cancel()}>Cancel</button></p>`
        : nothing}
      ${this.controller.actionError ? html`<p class="error" role="alert">${sentence(this.controller.actionError)}</p>` : nothing}
      <div class="main" aria-busy=${busy ? 'true' : 'false'}>
        <div class="board ${busy ? 'stale' : ''}" @board-play=${this.onBoardPlay} @board-preview=${this.onBoardPreview} @board-edit=${this.onBoardEdit}
          @component-select=${this.onComponentSelect}>
          ${view
            ? renderBoard({
                game: view.game,
                analysis: view.analysis,
                editing: this.currentMode === 'edit',
                interactive: this.humanMayMove,
                hints: this.valuesShown && (this.hints || this.currentMode === 'analyse'),
                preview: this.preview,
                problem: this.controller.actionError ?? '',
                quiet: !this.valuesShown,
                lastBy: this.lastBy,
              })
            : nothing}
          ${view ? this.renderPicker(view.analysis) : nothing}
        </div>
        <aside part="panel">
          ${view && this.quizActive ? this.renderQuiz(view) : nothing}
          ${view
            ? html`<div class="readout ${busy ? 'stale' : ''}">
                ${this.valuesShown
                  ? html`<grundy-readout .analysis=${view.analysis} .preview=${this.preview} .explained=${this.explained}
                      .tree=${this.tree} .treeProblem=${this.treeProblem}
                      @component-select=${this.onComponentSelect}
                      @explainer-preview=${(e: CustomEvent<{ move: number | null }>) => (this.preview = e.detail.move ?? -1)}
                      @tree-request=${(e: CustomEvent<{ depth: number }>) => void this.showTree(e.detail.depth)}></grundy-readout>`
                  : html`<p class="values-off">${this.quizPending
                      ? 'Values show once you answer the quiz.'
                      : 'Values are hidden: nimbers, who is winning and hints stay off until you show them.'}</p>`}
              </div>`
            : nothing}
          ${this.currentMode !== 'edit' ? this.renderMoves(view) : nothing}
          ${this.renderTextBox()}
        </aside>
      </div>
      ${view ? this.renderExplorer(view.analysis) : nothing}
    `;
  }

  /**
   * The board with as little around it as a post needs: for `play`, the
   * status, Undo and a new game; for `none`, nothing but the board, which
   * then takes no moves.
   */
  private renderCompact(view: View | undefined, level: 'play' | 'none', busy: boolean) {
    const problem = this.controller.inputError?.message ?? this.controller.actionError;
    return html`
      ${level === 'play'
        ? html`<div class="toolbar compact" part="toolbar">
              <button @click=${() => this.stepHistory('undo')} ?disabled=${!view?.canUndo} aria-label="Undo">↶ Undo</button>
              <button @click=${() => void this.restart()} ?disabled=${!view?.canUndo}>New game</button>
            </div>
            <p class="status" part="status" role="status" aria-live="polite">${this.renderStatus()}</p>
            ${view && this.quizActive ? this.renderQuiz(view) : nothing}`
        : nothing}
      ${busy && level === 'play' ? html`<p class="busy" part="busy">Working… <button @click=${() => this.cancel()}>Cancel</button></p>` : nothing}
      ${problem ? html`<p class="error" role="alert">${sentence(problem)}</p>` : nothing}
      <div class="board ${busy ? 'stale' : ''}" @board-play=${this.onBoardPlay} @board-preview=${this.onBoardPreview}>
        ${view
          ? renderBoard({
              game: view.game,
              analysis: view.analysis,
              editing: false,
              interactive: level === 'play' && this.humanMayMove,
              hints: this.valuesShown && this.hints,
              preview: this.preview,
              problem: this.controller.actionError ?? '',
              quiet: !this.valuesShown,
              lastBy: this.lastBy,
            })
          : nothing}
        ${view && level === 'play' ? this.renderPicker(view.analysis) : nothing}
      </div>`;
  }

  private renderQuiz(view: View) {
    return html`<grundy-quiz .analysis=${view.analysis} .ply=${view.ply} ?waiting=${!this.humanTurn}
      @quiz-answered=${(e: CustomEvent<{ ply: number }>) => (this.quizAnsweredAt = e.detail.ply)}></grundy-quiz>`;
  }

  private get lastBy(): string {
    return this.controller.lastBy;
  }

  /** The game's moves so far, with the value each left. */
  private renderMoves(view: View | undefined) {
    return html`<details class="moves" part="moves" open>
      <summary>Moves${this.controller.played.length ? ` (${this.controller.played.length})` : ''}</summary>
      <grundy-move-list .moves=${this.controller.played} .ply=${view?.ply ?? 0} ?values=${this.valuesShown}
        @move-list-go=${(e: CustomEvent<{ ply: number }>) => void this.controller.goToPly(e.detail.ply)}></grundy-move-list>
    </details>`;
  }

  /** A heap game's sequence, to explore beyond the heaps on the board. */
  private renderExplorer(analysis: Analysis) {
    const board = analysis.board;
    const rule = board.kind === 'rows' || board.kind === 'heaps' ? board.rule : undefined;
    if (!rule) return nothing;
    // The explorer and its worker start only once it is opened.
    return html`<details class="explorer" part="explorer"
      @toggle=${(e: Event) => (this.explorerOpen = (e.target as HTMLDetailsElement).open)}>
      <summary>Sequence explorer: G(n) of ${rule}</summary>
      ${this.explorerOpen ? html`<grundy-sequence .rule=${rule}></grundy-sequence>` : nothing}
    </details>`;
  }

  private renderPresentation(view: View | undefined) {
    const step = this.step;
    const analysis = view?.analysis;
    const winning = analysis && winningMoves(analysis)[0];
    return html`
      <div class="toolbar presenting" part="toolbar">
        <button @click=${() => this.setStep(step - 1)} ?disabled=${step === 0} aria-label="Previous step">◀</button>
        <span class="step" aria-live="polite">${step + 1} / ${STEPS.length}: ${STEPS[step]}</span>
        <button @click=${() => this.setStep(step + 1)} ?disabled=${step === STEPS.length - 1} aria-label="Next step">▶</button>
        <button @click=${() => this.present(false)}>Exit</button>
      </div>
      <div class="main">
        <div class="board">
          ${view
            ? renderBoard({
                game: view.game,
                analysis: view.analysis,
                editing: false,
                interactive: false,
                hints: step >= 3,
                preview: this.preview,
                problem: '',
                quiet: step === 0,
              })
            : nothing}
        </div>
        <aside part="panel">
          ${analysis && step >= 1 ? html`<nim-sum-table .components=${analysis.components} .nimber=${analysis.nimber} .total=${analysis.total} .selected=${-1}></nim-sum-table>` : nothing}
          ${analysis && step >= 2 ? html`<grundy-total large .analysis=${analysis}></grundy-total>` : nothing}
          ${analysis && step >= 3
            ? html`<p class="verdict-big">${winning ? html`Winning move: <strong>${winning.label}</strong>` : 'No winning move: every move loses.'}</p>`
            : nothing}
        </aside>
      </div>
    `;
  }

  private renderToolbar() {
    const mode = this.currentMode;
    const modes: [Mode, string][] = [
      ['edit', 'Edit'],
      ['play', 'Play'],
      ['analyse', 'Analyse'],
    ];
    return html`<div class="toolbar" part="toolbar">
      <div class="modes" role="group" aria-label="Mode">
        ${modes.map(
          ([value, label]) =>
            html`<button aria-pressed=${mode === value ? 'true' : 'false'} @click=${() => this.setMode(value)}>${label}</button>`,
        )}
      </div>
      <label title="Normal: whoever cannot move loses. Misère: whoever makes the last move loses."
        >Play
        <select aria-label="Play: normal or misère" @change=${(e: Event) => (this.play = (e.target as HTMLSelectElement).value)}>
          <option value="normal" ?selected=${this.convention === 'normal'}>Normal</option>
          <option value="misere" ?selected=${this.convention === 'misere'}>Misère</option>
        </select></label
      >
      ${mode === 'play'
        ? html`<label
              >Opponent
              <select @change=${(e: Event) => (this.opponent = (e.target as HTMLSelectElement).value)}>
                <option value="ai" ?selected=${readOpponent(this.opponent) === 'ai'}>Computer</option>
                <option value="human" ?selected=${readOpponent(this.opponent) === 'human'}>A friend</option>
              </select></label
            >
            ${this.againstAi
              ? html`<label
                    >First
                    <select @change=${(e: Event) => (this.first = (e.target as HTMLSelectElement).value)}>
                      <option value="human" ?selected=${readSide(this.first) === 'human'}>You</option>
                      <option value="ai" ?selected=${readSide(this.first) === 'ai'}>Computer</option>
                    </select></label
                  >
                  <label
                    >Level
                    <select @change=${(e: Event) => (this.level = (e.target as HTMLSelectElement).value)}>
                      ${(['optimal', 'strong', 'casual', 'random'] as const).map(
                        (name) => html`<option value=${name} ?selected=${readLevel(this.level) === readLevel(name)}>${name}</option>`,
                      )}
                    </select></label
                  >`
              : nothing}
            <label><input type="checkbox" .checked=${this.hints} ?disabled=${!this.valuesShown}
              @change=${(e: Event) => (this.hints = (e.target as HTMLInputElement).checked)} /> Hints</label>
            <label title="Before each of your moves: is this position P or N, or what is a part's nimber? Values show once you answer."
              ><input type="checkbox" .checked=${this.quiz} @change=${(e: Event) => (this.quiz = (e.target as HTMLInputElement).checked)} />
              Quiz</label>`
        : nothing}
      <label title="Hide nimbers, verdicts and hints, to play without spoilers"
        ><input type="checkbox" .checked=${this.valuesShown}
          @change=${(e: Event) => (this.values = (e.target as HTMLInputElement).checked ? 'shown' : 'hidden')} />
        Values</label
      >
      <button @click=${() => this.present(true)} title="Large type and a step-by-step reveal, for a projector">Present</button>
      ${mode !== 'edit'
        ? html`<button @click=${() => this.stepHistory('undo')} ?disabled=${!this.view?.canUndo} aria-label="Undo">↶ Undo</button>
            <button @click=${() => this.stepHistory('redo')} ?disabled=${!this.view?.canRedo} aria-label="Redo">↷ Redo</button>`
        : html`<button @click=${() => this.stepDrawing('undo')} ?disabled=${this.drawingSteps.undo.length === 0}
              aria-label="Undo the last edit">↶ Undo</button>
            <button @click=${() => this.stepDrawing('redo')} ?disabled=${this.drawingSteps.redo.length === 0}
              aria-label="Redo the edit undone">↷ Redo</button>
            <button @click=${() => this.randomise()}>Random</button>
            <label title="How full the random position is: radioactive cells, X letters, walls, heap sizes…"
              >density <input type="range" min="0" max="1" step="0.05" .value=${String(this.density)}
                @input=${(e: Event) => (this.density = Number((e.target as HTMLInputElement).value))} /></label>`}
    </div>`;
  }

  private renderStatus() {
    const view = this.view;
    if (!view) return this.controller.inputError ? 'The position could not be read.' : 'Loading…';
    const analysis = view.analysis;
    const mode = this.currentMode;
    const verdict = {
      next: 'wins with perfect play',
      previous: 'loses with perfect play',
      draw: 'can hold a draw but not force a win',
      unknown: 'cannot be solved exactly here',
    }[outcomeOf(analysis) ?? 'unknown'];
    if (mode === 'edit') return this.valuesShown ? `Drawing: the player to move ${verdict}.` : 'Drawing the position.';
    const over = analysis.moves.length === 0;
    if (over && view.ply === 0) return 'No move can be made from this position. Load or draw another.';
    if (this.puzzle && mode === 'play') return this.renderPuzzleStatus();
    const winnerSeat = this.controller.winnerSeat;
    if (mode === 'analyse') {
      return over
        ? `No move left: the player to move has ${this.convention === 'misere' ? 'won' : 'lost'}.`
        : `Player ${this.controller.seatToMove + 1} to move, and ${verdict}.`;
    }
    if (this.againstAi) {
      if (over) {
        return winnerSeat === this.humanSeat
          ? html`<span class="win">✔ You win!</span> <button @click=${this.restart}>Play again</button>`
          : html`<span class="lose">✘ The computer wins.</span> <button @click=${this.restart}>Play again</button>`;
      }
      if (this.controller.aiToMove) return 'The computer is thinking…';
      const last = this.controller.played[view.ply - 1];
      const said = last?.by === 'Computer' ? `The computer played: ${last.label}. ` : '';
      if (this.quizPending) return `${said}Your turn: answer the quiz, then move.`;
      const marked = analysis.loopy && outcomeOf(analysis) === 'draw' ? 'no move wins; moves that hold the draw are marked' : 'winning moves are marked ★';
      return `${said}Your turn${this.hints && this.valuesShown ? `: ${marked}` : ''}.`;
    }
    if (over) return html`<span class="win">✔ Player ${winnerSeat + 1} wins!</span> <button @click=${this.restart}>Play again</button>`;
    return `Player ${this.controller.seatToMove + 1} to move${this.quizPending ? ': answer the quiz, then move' : ''}.`;
  }

  /** Grows the game tree the readout asked for. */
  private async showTree(depth: number): Promise<void> {
    try {
      const tree = await this.controller.tree(depth);
      if (tree === undefined) return;
      this.tree = tree;
      this.treeProblem = '';
    } catch (error) {
      this.tree = undefined;
      this.treeProblem = (error as Error).message;
    }
  }

  private renderTextBox() {
    const error = this.controller.inputError;
    const cases = this.view?.cases ?? [1, 0];
    const errorId = `${this.controller.session}-error`;
    const hidden = this.draft.length > SHOWN_TEXT_LENGTH;
    return html`<div class="text" part="text">
      <label class="field-label" for="position">Position as text</label>
      <textarea
        id="position"
        spellcheck="false"
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby=${error ? errorId : nothing}
        .value=${live(hidden ? '' : this.draft)}
        placeholder=${hidden
          ? `This position is ${this.draft.length.toLocaleString('en')} characters long, too long to show here. Copy text copies it; a position pasted here replaces it.`
          : nothing}
        @input=${this.onDraft}
        @paste=${this.onPaste}
      ></textarea>
      ${cases[0] > 1
        ? html`<label
            >Case
            <select @change=${this.pickCase}>
              ${Array.from({ length: cases[0] }, (_, i) => html`<option value=${i} ?selected=${i === cases[1]}>${i + 1} of ${cases[0]}</option>`)}
            </select></label
          >`
        : nothing}
      ${error ? html`<p class="error" id=${errorId} role="alert">${sentence(error.message)}</p>` : nothing}
      <div class="export" part="export">
        <button @click=${() => this.copyText()}>Copy text</button>
        <button @click=${() => this.exportBoard('svg')}>SVG</button>
        <button @click=${() => this.exportBoard('png')}>PNG</button>
        <span class="timing" aria-live="polite">${this.notice}</span>
      </div>
    </div>`;
  }

  private get board(): BoardElement | null {
    return this.renderRoot.querySelector('[part="board"]');
  }

  private async copyText(): Promise<void> {
    try {
      await navigator.clipboard.writeText(this.text);
      this.notice = 'Copied.';
    } catch {
      this.notice = 'The browser did not allow copying; select the text above instead.';
    }
  }

  /** Downloads the board as `<game>.svg` or `<game>.png`. */
  private async exportBoard(format: 'svg' | 'png'): Promise<void> {
    const drawn = this.board?.exportSvg();
    if (!drawn) {
      this.notice = 'Nothing to export yet.';
      return;
    }
    const name = `${this.game || 'position'}.${format}`;
    try {
      const blob =
        format === 'svg'
          ? new Blob([drawn.markup], { type: 'image/svg+xml' })
          : await pngFromSvg(drawn.markup, drawn.width, drawn.height);
      download(name, blob);
      this.notice = `Saved ${name}.`;
    } catch (error) {
      this.notice = `The ${format.toUpperCase()} could not be made: ${(error as Error).message}`;
    }
  }
}

if (!customElements.get('grundy-game')) customElements.define('grundy-game', GrundyGame);

declare global {
  interface HTMLElementTagNameMap {
    'grundy-game': GrundyGame;
  }
}
