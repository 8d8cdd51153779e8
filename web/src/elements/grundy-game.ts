import { LitElement, html, nothing } from 'lit';
import type { Analysis, Convention, View } from '../engine/model';
import { renderBoard } from '../boards/index';
import type { BoardElement, BoardEvents } from '../boards/board';
import { MAX_POSITION_LENGTH, readLevel, readMode, readOpponent, readSide, type Mode } from './options';
import { sentence } from './readout';
import './sequence-explorer';
import './move-list';
import { GameController, type GameSettings, type GrundyChangeDetail, type Origin } from './game-controller';
import { DrawingHistory } from './drawing-history';
import { gameStyles } from './grundy-game.styles';
import { MovePreview } from './move-preview';
import { PositionText } from './position-text';
import { PresentationController } from './presentation';
import { PuzzleController } from './puzzle';
import { QuizGate } from './quiz-gate';
import { status } from './status';
import { toolbar } from './toolbar';

export type { GrundyChangeDetail, GrundyEndDetail, GrundyMoveDetail, Winner } from './game-controller';

/**
 * `<grundy-game game="nim" position="3 4 5" mode="play">`: one impartial
 * game to draw, analyse or play against the computer.
 *
 * The element lays out; the game's state lives in its controllers: the
 * game being played (`GameController`: session, moves, turns, the
 * computer), the drawing's undo steps, the puzzle, presentation and the
 * position's text box, each in its own file.
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
    quiz: { type: Boolean, reflect: true },
    presenting: { type: Boolean, reflect: true },
    explained: { state: true },
    explorerOpen: { state: true },
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
  /** Seeds the computer's choices, so a game can be replayed exactly. */
  declare seed: number;
  /** Milliseconds the computer waits before moving, so people see it. */
  declare aiDelay: number;
  /** `normal` (the last move wins) or `misere` (the last move loses). */
  declare play: string;
  /** `shown`, or `hidden` to play unspoiled: no nimbers, verdicts or hints. */
  declare values: string;
  /** `full` (everything), `play` (the status, undo and a new game) or `none` (the board alone). */
  declare controls: string;
  /** Ask the reader to find a winning move; each try is judged and undone. */
  declare puzzle: boolean;
  /** Ask a question before each of the person's moves, and reveal the values only then. */
  declare quiz: boolean;
  /** Presentation mode: large type, no controls, a step-by-step reveal. */
  declare presenting: boolean;

  /** The component the mex explainer shows, or -1. */
  declare private explained: number;
  declare private explorerOpen: boolean;

  /** The game being played: its session, position, moves and turns. */
  readonly controller = new GameController(this, () => this.settings, (view, origin, cause) => this.onShow(view, origin, cause));
  readonly drawing = new DrawingHistory(this, this.controller, () => this.game);
  private readonly preview = new MovePreview(this);
  private readonly quizGate = new QuizGate(this, this.controller, () => this.quiz && this.currentMode === 'play' && !this.puzzle);
  readonly puzzles = new PuzzleController(this, this.controller, (move) => this.preview.show(move));
  readonly presentation = new PresentationController(this, () => this.analysis, (move) => this.preview.show(move));
  private readonly positionText = new PositionText(this, this.controller, () => this.game, () => this.renderRoot.querySelector<BoardElement>('[part="board"]'));

  static styles = gameStyles;

  constructor() {
    super();
    Object.assign(this, {
      ...{ game: '', position: '', mode: 'play', first: 'human', opponent: 'ai', level: 'optimal', hints: false, quiz: false },
      ...{ play: 'normal', values: 'shown', controls: 'full', puzzle: false, presenting: false, aiDelay: 400 },
      seed: Math.floor(Math.random() * 2 ** 31),
    } satisfies Partial<GrundyGame>);
    this.explained = -1;
  }

  /** Starts or ends presentation mode; it starts from the bare position. */
  present(on: boolean): void {
    this.presentation.present(on);
  }

  /** The current position in the game's text format. */
  get text(): string {
    return this.controller.view?.text ?? this.position;
  }

  /** The latest analysis, once the engine has answered. */
  get analysis(): Analysis | undefined {
    return this.controller.view?.analysis;
  }

  /** Stops the engine's work; every open game returns to its last position. */
  cancel(): void {
    this.controller.cancel();
  }

  protected updated(changed: Map<string, unknown>): void {
    if (changed.has('game') || changed.has('position')) void this.open();
    else if (changed.has('play') && changed.get('play') !== undefined && this.controller.view) void this.controller.followConvention();
    else if (changed.has('first') && changed.get('first') !== undefined && this.controller.view?.ply) void this.restart();
    else if (changed.has('mode') || changed.has('first') || changed.has('opponent')) this.controller.scheduleAi();
  }

  /** The rules of play the attributes set, as the controller reads them. */
  private get settings(): GameSettings {
    return {
      game: this.game,
      mode: this.currentMode,
      againstAi: this.againstAi,
      humanSeat: this.humanSeat,
      level: readLevel(this.level),
      seed: this.seed,
      aiDelay: this.aiDelay,
      convention: this.convention,
      puzzle: !this.puzzle ? 'off' : this.puzzles.solved ? 'solved' : 'open',
    };
  }

  get currentMode(): Mode {
    return readMode(this.mode);
  }

  get valuesShown(): boolean {
    return this.values !== 'hidden' && !this.quizPending;
  }

  /** The person is to move and has a quiz question to answer first. */
  get quizPending(): boolean {
    return this.quizGate.pending;
  }

  get convention(): Convention {
    return this.play === 'misere' ? 'misere' : 'normal';
  }

  get humanSeat(): number {
    return readSide(this.first) === 'human' ? 0 : 1;
  }

  get againstAi(): boolean {
    return this.currentMode === 'play' && readOpponent(this.opponent) === 'ai';
  }

  private get humanMayMove(): boolean {
    return this.controller.humanTurn && !this.quizPending;
  }

  private async open(): Promise<void> {
    const text = this.position ?? '';
    if (text.length > MAX_POSITION_LENGTH) {
      return this.controller.refuse({ message: `the position is ${text.length} characters long; the limit is ${MAX_POSITION_LENGTH}` });
    }
    if (!this.game) return this.controller.refuse({ message: 'no game given: set the game attribute, e.g. game="nim"' });
    const game = this.game;
    // With no position given, a game starts from its first sample.
    const start = text.trim() === '' ? await this.controller.firstSample() : text;
    if (game !== this.game || this.position !== text) return;
    this.positionText.start(start);
    void this.controller.open(start, 'input');
  }

  /** Resets what belongs to the position shown when a new one arrives. */
  private onShow(view: View, origin: Origin, cause: GrundyChangeDetail['cause']): void {
    if (cause !== 'move') {
      this.puzzles.reset();
      this.quizGate.reset();
    }
    this.preview.clear();
    this.positionText.shown(view, origin);
  }

  private async playMove(id: number): Promise<void> {
    const played = await this.controller.playMove(id, this.humanMayMove);
    if (played && this.puzzle) await this.puzzles.judge(played.move, played.view);
  }

  /** Back to the position the game started from. */
  async restart(): Promise<void> {
    this.puzzles.reset();
    await this.controller.restart();
  }

  setMode(mode: Mode): void {
    this.mode = mode;
    // The controller reads the new mode once the element has it.
    void this.updateComplete.then(() => this.controller.forgetEnd());
  }

  private readonly boardEvents = {
    play: (event: CustomEvent<BoardEvents['board-play']>) => void this.playMove(event.detail.move),
    preview: (event: CustomEvent<BoardEvents['board-preview']>) => this.preview.choose(event.detail.move ?? -1, event.detail.touch === true),
    edit: (event: CustomEvent<BoardEvents['board-edit']>) => void this.drawing.edit(event.detail.edit),
    /** A click on a component's badge or row explains it; a second click closes. */
    select: (event: CustomEvent<{ id: number }>) => (this.explained = this.explained === event.detail.id ? -1 : event.detail.id),
  };

  /** The board, with the move picker after a tap; `compact` boards take no edits. */
  private renderBoard(view: View | undefined, interactive: boolean, compact: boolean) {
    const events = this.boardEvents;
    const busy = this.controller.busyMs !== undefined;
    return html`<div class="board ${busy ? 'stale' : ''}" @board-play=${events.play} @board-preview=${events.preview}
      @board-edit=${compact ? nothing : events.edit} @component-select=${compact ? nothing : events.select}>
      ${view
        ? renderBoard({
            game: view.game,
            analysis: view.analysis,
            editing: !compact && this.currentMode === 'edit',
            interactive,
            hints: this.valuesShown && (this.hints || (!compact && this.currentMode === 'analyse')),
            preview: this.preview.move,
            problem: this.controller.actionError ?? '',
            quiet: !this.valuesShown,
            lastBy: this.controller.lastBy,
          })
        : nothing}
      ${view && interactive ? this.preview.renderPicker(view.analysis, (move) => void this.playMove(move), this.valuesShown, this.hints) : nothing}
    </div>`;
  }

  render() {
    const view = this.controller.view;
    if (this.presenting) return this.presentation.render(view, this.preview.move);
    const controls = ['play', 'none'].includes(this.controls) ? this.controls : 'full';
    if (controls !== 'full') return this.renderCompact(view, controls === 'play');
    // While slow work runs, what is drawn belongs to the previous position.
    const busy = this.controller.busyMs !== undefined;
    return html`
      ${toolbar(this)}
      <p class="status" part="status" role="status" aria-live="polite">${status(this)}</p>
      ${busy
        ? html`<p class="busy" part="busy"><span class="spinner" aria-hidden="true"></span>
            Working… <span class="elapsed">${(this.controller.busyMs! / 1000).toFixed(1)} s</span>
            <button @click=${() => this.cancel()}>Cancel</button></p>`
        : nothing}
      ${this.controller.actionError ? html`<p class="error" role="alert">${sentence(this.controller.actionError)}</p>` : nothing}
      <div class="main" aria-busy=${busy ? 'true' : 'false'}>
        ${this.renderBoard(view, this.humanMayMove, false)}
        <aside part="panel">
          ${this.quizGate.render()}
          ${view ? html`<div class="readout ${busy ? 'stale' : ''}">${this.renderReadout(view)}</div>` : nothing}
          ${this.currentMode !== 'edit' ? this.renderMoves(view) : nothing}
          ${this.positionText.render(this.text)}
        </aside>
      </div>
      ${view ? this.renderExplorer(view.analysis) : nothing}
    `;
  }

  private renderReadout(view: View) {
    if (!this.valuesShown) {
      return html`<p class="values-off">${this.quizPending
        ? 'Values show once you answer the quiz.'
        : 'Values are hidden: nimbers, who is winning and hints stay off until you show them.'}</p>`;
    }
    return html`<grundy-readout .analysis=${view.analysis} .preview=${this.preview.move} .explained=${this.explained}
      .tree=${this.controller.tree} .treeProblem=${this.controller.treeProblem} @component-select=${this.boardEvents.select}
      @explainer-preview=${(e: CustomEvent<{ move: number | null }>) => this.preview.show(e.detail.move ?? -1)}
      @tree-request=${(e: CustomEvent<{ depth: number }>) => void this.controller.growTree(e.detail.depth)}></grundy-readout>`;
  }

  /**
   * The board with as little around it as a post needs: with `play`, the
   * status, Undo and a new game; without, nothing but the board, which
   * then takes no moves.
   */
  private renderCompact(view: View | undefined, play: boolean) {
    const problem = this.controller.inputError?.message ?? this.controller.actionError;
    return html`
      ${play
        ? html`<div class="toolbar compact" part="toolbar">
              <button @click=${() => this.controller.stepHistory('undo')} ?disabled=${!view?.canUndo} aria-label="Undo">↶ Undo</button>
              <button @click=${() => void this.restart()} ?disabled=${!view?.canUndo}>New game</button>
            </div>
            <p class="status" part="status" role="status" aria-live="polite">${status(this)}</p>
            ${this.quizGate.render()}`
        : nothing}
      ${this.controller.busyMs !== undefined && play
        ? html`<p class="busy" part="busy">Working… <button @click=${() => this.cancel()}>Cancel</button></p>`
        : nothing}
      ${problem ? html`<p class="error" role="alert">${sentence(problem)}</p>` : nothing}
      ${this.renderBoard(view, play && this.humanMayMove, true)}`;
  }

  /** The game's moves so far, with the value each left. */
  private renderMoves(view: View | undefined) {
    const played = this.controller.played;
    return html`<details class="moves" part="moves" open>
      <summary>Moves${played.length ? ` (${played.length})` : ''}</summary>
      <grundy-move-list .moves=${played} .ply=${view?.ply ?? 0} ?values=${this.valuesShown}
        @move-list-go=${(e: CustomEvent<{ ply: number }>) => void this.controller.goToPly(e.detail.ply)}></grundy-move-list>
    </details>`;
  }

  /** A heap game's sequence, to explore beyond the heaps on the board. */
  private renderExplorer(analysis: Analysis) {
    const board = analysis.board;
    const rule = board.kind === 'rows' || board.kind === 'heaps' ? board.rule : undefined;
    if (!rule) return nothing;
    // The explorer and its worker start only once it is opened.
    return html`<details class="explorer" part="explorer" @toggle=${(e: Event) => (this.explorerOpen = (e.target as HTMLDetailsElement).open)}>
      <summary>Sequence explorer: G(n) of ${rule}</summary>
      ${this.explorerOpen ? html`<grundy-sequence .rule=${rule}></grundy-sequence>` : nothing}
    </details>`;
  }
}

if (!customElements.get('grundy-game')) customElements.define('grundy-game', GrundyGame);

declare global {
  interface HTMLElementTagNameMap {
    'grundy-game': GrundyGame;
  }
}
