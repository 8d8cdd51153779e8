import { html, nothing, type PropertyDeclarations } from 'lit';
import { GrundyGameAttributes } from './grundy-game-attributes';
import type { Analysis, Convention, EngineError, View } from '../engine/model';
import { renderBoard } from '../boards/index';
import type { BoardElement, BoardEvents } from '../boards/board';
import { CHOICES, attributeProblems, attributeRefusals, readChoice, readLevel, readMode, readOpponent, readSide, readValues, type Mode } from './options';
import { sentence } from './sentence';
import './readout';
import './sequence-explorer';
import './move-list';
import { GameController, type GameSettings, type GrundyChangeDetail, type Origin } from './game-controller';
import { RandomDrawing } from './random-drawing';
import { gameStyles } from './grundy-game.styles';
import { ThemeController } from './theme';
import { MovePreview } from './move-preview';
import { PositionText } from './position-text';
import { PresentationController } from './presentation';
import { renderScorecard } from './scorecard';
import { PuzzleController } from './puzzle';
import { drawFromBank, type BankRequest } from './bank-puzzle';
import { QuizGate } from './quiz-gate';
import { status } from './status';
import { toolbar } from './toolbar';
import { listenForUndoKeys } from './undo-keys';
import { define } from './define';

export type { GrundyChangeDetail, GrundyEndDetail, GrundyMoveDetail, Winner } from './game-controller';
export type { GrundyPuzzleDetail } from './puzzle';

/**
 * One impartial game to draw, analyse or play against the computer, with
 * the nimber of every independent part shown live.
 *
 * The element lays out; the game's state lives in its controllers: the
 * game being played (`GameController`: session, moves, turns, the
 * computer, one history of moves and drawing edits), random drawings, the puzzle, presentation and the
 * position's text box, each in its own file.
 *
 * @tag grundy-game
 * @fires {CustomEvent<{ label: string; by: 'human' | 'ai'; seat: number; ply: number }>} grundy-move - After every move.
 * @fires {CustomEvent<{ label: string; solved: boolean; shown: boolean }>} grundy-puzzle - In a puzzle, after each try (`solved` when it wins) and when the solution is shown.
 * @fires {CustomEvent<{ winner: 'human' | 'ai' | 'first' | 'second'; seat: number }>} grundy-end - When the player to move has no move left.
 * @fires {CustomEvent<{ message: string; line?: number; column?: number }>} grundy-invalid - When the game or position the attributes give cannot be read; `line` and `column` count from 1 in the position's text.
 * @fires {CustomEvent<{ game: string; text: string; cause: 'open' | 'load' | 'edit' | 'move'; by?: 'human' | 'ai'; play: 'normal' | 'misere'; start: string; moves: number[] }>} grundy-change - Whenever the position changes; `start` and `moves` are what `restore` takes.
 * @slot - Shown until the board is ready, in its place: a picture of the position, as `npx grundy-game render` draws it.
 * @csspart toolbar - The game, mode and play options.
 * @csspart status - Whose turn it is, the verdict and Undo.
 * @csspart board - The drawn position.
 * @csspart panel - The nimbers, the nim-sum and the move list beside the board.
 * @csspart text - The position's text box.
 * @csspart export - Copy, download and embed buttons.
 * @csspart moves - The list of moves played.
 * @csspart tree - The game tree.
 * @csspart explorer - The sequence explorer.
 * @csspart busy - The working notice with its Cancel button.
 * @cssprop --grundy-bg - Page background.
 * @cssprop --grundy-surface - Panels and boards.
 * @cssprop --grundy-ink - Text.
 * @cssprop --grundy-muted - Secondary text.
 * @cssprop --grundy-border - Lines and frames.
 * @cssprop --grundy-accent - Buttons, selection and the hovered move.
 * @cssprop --grundy-win - Winning moves and P-positions reached.
 * @cssprop --grundy-lose - Losing moves.
 * @cssprop --grundy-draw - Moves that hold a draw.
 * @cssprop --grundy-last - Outline of the last move.
 * @cssprop --grundy-error - Error messages.
 * @customElement grundy-game
 * @cssprop --grundy-focus - The keyboard focus ring.
 * @cssprop --grundy-board-width - The board's width, e.g. `100%`.
 * @cssprop --grundy-board-height - The board's greatest height.
 */
export class GrundyGame extends GrundyGameAttributes {
  static properties: PropertyDeclarations = {
    explained: { state: true },
    explorerOpen: { state: true },
  };

  /** The component the mex explainer shows, or -1. */
  declare private explained: number;
  declare private explorerOpen: boolean;

  /** The game being played: its session, position, moves and turns. @internal */
  readonly controller = new GameController(this, () => this.settings, (view, origin, cause) => this.onShow(view, origin, cause));
  /** @internal */
  readonly random = new RandomDrawing(this, this.controller);
  private readonly preview = new MovePreview(this);
  private readonly quizGate = new QuizGate(
    this,
    this.controller,
    () => this.quiz && this.currentMode === 'play' && !this.isPuzzle,
    () => !this.againstAi,
    () => ({ names: this.teams, timer: this.timer }),
  );
  /** @internal */
  readonly puzzles = new PuzzleController(this, this.controller, (move) => this.preview.show(move));
  /** @internal */
  readonly presentation = new PresentationController(
    this,
    () => this.analysis,
    (move) => this.preview.show(move),
    () => this.quizPending || this.valuesLocked,
  );
  private readonly positionText = new PositionText(this, this.controller, () => this.game, () => this.renderRoot.querySelector<BoardElement>('[part="board"]'));

  static styles = gameStyles;

  constructor() {
    super();
    this.explained = -1;
    new ThemeController(this, () => this.theme);
    listenForUndoKeys(this, this.controller, () => this.currentMode);
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

  /**
   * Shows `start` with `moves` (each the id of a move in the position
   * before it) played from it, with its move list, as the `start` and
   * `moves` of a `grundy-change` event describe a position.
   */
  restore(start: string, moves: number[]): Promise<void> {
    return this.controller.restore(start, moves);
  }

  /** Puts the keyboard focus on the board's move that Tab reaches, as a skip link does. */
  focusBoard(): void {
    this.renderRoot.querySelector<BoardElement>('[part="board"]')?.focusMoves();
  }

  /** Stops the engine's work; every open game returns to its last position. */
  cancel(): void {
    this.controller.cancel();
  }

  /** The attribute values this element cannot use, each said once in the console and shown on it. */
  private attributeNotes: string[] = [];
  /** The guarding attribute values it cannot use: while there are any, it shows only these. */
  private attributeErrors: string[] = [];
  private readonly warned = new Set<string>();

  protected willUpdate(changed: Map<string, unknown>): void {
    if (![...changed.keys()].some((name) => name === 'level' || name in CHOICES)) return;
    this.attributeNotes = attributeProblems(this);
    this.attributeErrors = attributeRefusals(this);
    for (const note of [...this.attributeErrors, ...this.attributeNotes].filter((note) => !this.warned.has(note))) {
      this.warned.add(note);
      console.warn(`grundy-game: ${note}`);
    }
  }

  protected updated(changed: Map<string, unknown>): void {
    const bank = this.bankRequest;
    if (bankKey(bank) !== this.openedFromBank) void this.open();
    // A bank puzzle sets its own game, position and play.
    else if (bank && ['game', 'position', 'play'].some((name) => changed.has(name))) return;
    else if (changed.has('game') || changed.has('position')) void this.open();
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
      puzzle: !this.isPuzzle ? 'off' : this.puzzles.solved ? 'solved' : 'open',
    };
  }

  /** Whether the element asks for a winning move. @internal */
  get isPuzzle(): boolean {
    return typeof this.puzzle === 'string';
  }

  /** What the bank is asked for, when the puzzle is one of its. */
  private get bankRequest(): BankRequest | undefined {
    const source = this.puzzle;
    if (source !== 'daily' && source !== 'random') return undefined;
    return { source, game: this.game, convention: this.convention, theme: this.puzzleTheme ?? '', seed: this.seed };
  }

  /** The key of the bank request the element last opened, or undefined after a position of its own. */
  private openedFromBank: string | undefined;
  /** How many puzzles this element has drawn from the bank: the next draw's place in its seed's sequence. */
  private bankDraws = 0;

  /** @internal */
  get currentMode(): Mode {
    const mode = readMode(this.mode);
    // Analysis says who wins: never while a quiz or puzzle keeps values hidden.
    return mode === 'analyse' && this.valuesLocked ? 'play' : mode;
  }

  /** @internal */
  get valuesShown(): boolean {
    return readValues(this.values, this.isPuzzle) === 'shown' && !this.quizPending;
  }

  /**
   * Values hidden for a quiz or a puzzle: they stay hidden, and no switch
   * shows them, since one click would show the answers. @internal
   */
  get valuesLocked(): boolean {
    return (this.quiz || this.isPuzzle) && readValues(this.values, this.isPuzzle) === 'hidden';
  }

  /** The person is to move and has a quiz question to answer first. @internal */
  get quizPending(): boolean {
    return this.quizGate.pending;
  }

  /** @internal */
  get convention(): Convention {
    return readChoice('play', this.play, 'normal');
  }

  /** @internal */
  get humanSeat(): number {
    return readSide(this.first) === 'human' ? 0 : 1;
  }

  /** @internal */
  get againstAi(): boolean {
    return this.currentMode === 'play' && readOpponent(this.opponent) === 'ai';
  }

  /** The person may move: on their turn, once the quiz's question is answered or when a move answers it. */
  private get humanMayMove(): boolean {
    return this.controller.humanTurn && (!this.quizPending || this.quizGate.takesMove);
  }

  private async open(): Promise<void> {
    const bank = this.bankRequest;
    this.openedFromBank = bankKey(bank);
    if (bank) return this.openFromBank(bank);
    const text = this.position ?? '';
    if (!this.game) return this.refuse({ message: 'no game given: set the game attribute, e.g. game="nim"' });
    const game = this.game;
    // With no position given, a game starts from its first sample.
    const start = text.trim() === '' ? await this.controller.firstSample() : text;
    if (game !== this.game || this.position !== text) return;
    this.positionText.start(start);
    const shown = await this.controller.open(start, 'input');
    const error = this.controller.inputError;
    if (!shown && error && game === this.game && this.position === text) this.announceInvalid(error);
  }

  /**
   * Opens the bank's puzzle for `request`, the one after the puzzle shown
   * with `another`: its game, position and play become the element's.
   */
  private async openFromBank(request: BankRequest, another = false): Promise<void> {
    const key = bankKey(request);
    const puzzle = await drawFromBank(request, this.bankDraws++, another ? this.bankPuzzleId : undefined).catch((error: unknown) => {
      if (key === bankKey(this.bankRequest)) this.refuse({ message: error instanceof Error ? error.message : String(error) });
    });
    if (!puzzle || key !== bankKey(this.bankRequest)) return;
    this.bankPuzzleId = puzzle.id;
    Object.assign(this, { game: puzzle.game, position: puzzle.position, play: puzzle.play });
    this.positionText.start(puzzle.position);
    await this.controller.open(puzzle.position, 'input');
  }

  /** The id of the bank puzzle shown, so that Another puzzle shows a different one. */
  private bankPuzzleId: string | undefined;

  /** With `puzzle="random"`, shows another of the bank's puzzles. */
  anotherPuzzle(): Promise<void> {
    const bank = this.bankRequest;
    return bank?.source === 'random' ? this.openFromBank(bank, true) : Promise.resolve();
  }

  private refuse(error: EngineError): void {
    this.controller.refuse(error);
    this.announceInvalid(error);
  }

  /** Tells the page that the game or position its attributes give cannot be read, and where, so a page that wrote them can point at its own line. */
  private announceInvalid(error: EngineError): void {
    this.dispatchEvent(new CustomEvent<EngineError>('grundy-invalid', { detail: error, bubbles: true, composed: true }));
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
    const move = this.controller.view?.analysis.moves.at(id);
    if (move && this.humanMayMove) this.quizGate.answerWith(move);
    const played = await this.controller.playMove(id, this.humanMayMove);
    if (played && this.isPuzzle) await this.puzzles.judge(played.move, played.view);
    // The piece moved is gone from the board: focus stays on the board, not
    // the page, and the page stays where it is.
    await this.updateComplete;
    if (!this.matches(':focus-within')) this.renderRoot.querySelector<HTMLElement>('.board')?.focus({ preventScroll: true });
  }

  /** Back to the position the game started from. */
  async restart(): Promise<void> {
    this.puzzles.reset();
    await this.controller.restart();
  }

  /** @internal */
  setMode(mode: Mode): void {
    this.mode = mode;
    // The controller reads the new mode once the element has it.
    void this.updateComplete.then(() => this.controller.forgetEnd());
  }

  private readonly boardEvents = {
    play: (event: CustomEvent<BoardEvents['board-play']>) => void this.playMove(event.detail.move),
    preview: (event: CustomEvent<BoardEvents['board-preview']>) => this.preview.choose(event.detail.move ?? -1, event.detail.touch === true),
    edit: (event: CustomEvent<BoardEvents['board-edit']>) => void this.controller.edit(event.detail.edit),
    /** A click on a component's badge or row explains it; a second click closes. */
    select: (event: CustomEvent<{ id: number }>) => (this.explained = this.explained === event.detail.id ? -1 : event.detail.id),
  };

  /** The board, with the move picker after a tap; `compact` boards take no edits. */
  private renderBoard(view: View | undefined, interactive: boolean, compact: boolean) {
    const events = this.boardEvents;
    const busy = this.controller.busyMs !== undefined;
    // Faded while slow work runs for a new position; a picture waiting for the first is not.
    return html`<div class="board ${busy && view ? 'stale' : ''}" tabindex="-1" @board-play=${events.play} @board-preview=${events.preview}
      @board-edit=${compact ? nothing : events.edit} @component-select=${compact ? nothing : events.select}>
      ${view
        ? renderBoard({
            game: view.game,
            analysis: view.analysis,
            editing: !compact && this.currentMode === 'edit',
            interactive,
            hints: this.valuesShown && (this.hints || (!compact && this.currentMode === 'analyse')),
            preview: this.preview.move,
            quiet: !this.valuesShown,
            lastBy: this.controller.lastBy,
          })
        : this.controller.inputError
          ? nothing
          : html`<slot></slot>`}
      ${view && interactive ? this.preview.renderPicker(view.analysis, (move) => void this.playMove(move), this.valuesShown, this.hints) : nothing}
    </div>`;
  }

  render() {
    if (this.attributeErrors.length) {
      return html`<div class="attribute-error" part="error" role="alert">${this.attributeErrors.map((error) => html`<p>${error}.</p>`)}</div>`;
    }
    const notes = this.attributeNotes.map((note) => html`<p class="attribute-note" role="status">${note}.</p>`);
    return html`${notes}${this.renderGame()}`;
  }

  private renderGame() {
    const view = this.controller.view;
    if (this.presenting) {
      const { play, preview } = this.boardEvents;
      return this.presentation.render(view, this.preview.move, this.humanMayMove, { play, preview }, this.quizGate.render());
    }
    const controls = readChoice('controls', this.controls, 'full');
    if (controls !== 'full') return this.renderCompact(view, controls === 'play');
    // While slow work runs, what is drawn belongs to the previous position.
    const busy = this.controller.busyMs !== undefined;
    return html`
      ${toolbar(this)}
      <p class="status" part="status" role="status" aria-live="polite">${status(this)}</p>
      ${this.controller.actionError ? html`<p class="error" role="alert">${sentence(this.controller.actionError)}${this.renderRetry()}</p>` : nothing}
      <div class="main" aria-busy=${busy ? 'true' : 'false'}>
        <div class="board-area">
          ${busy
            ? html`<p class="busy" part="busy"><span class="spinner" aria-hidden="true"></span>
                Working… <span class="elapsed">${(this.controller.busyMs! / 1000).toFixed(1)} s</span>
                <button @click=${() => this.cancel()}>Cancel</button></p>`
            : nothing}
          ${this.renderBoard(view, this.humanMayMove, false)}
        </div>
        ${view || this.controller.inputError || this.controller.actionError ? this.renderPanel(view, busy) : nothing}
      </div>
      ${view && this.valuesShown ? this.renderExplorer(view.analysis) : nothing}
    `;
  }

  /**
   * The analysis, the moves and the position's text. It first shows with
   * the first view (or what stopped it): drawn before, it would stand
   * where the board then pushes it down, and the page would see it jump.
   */
  private renderPanel(view: View | undefined, busy: boolean) {
    return html`<div class="panel" part="panel">
      ${this.quizGate.render()}
      ${view ? html`<div class="readout ${busy ? 'stale' : ''}">${this.renderReadout(view)}</div>` : nothing}
      ${this.renderScorecard(view)}
      ${this.currentMode !== 'edit' ? this.renderMoves(view) : nothing}
      ${this.positionText.render(this.text)}
    </div>`;
  }

  private renderReadout(view: View) {
    if (!this.valuesShown) {
      return html`<p class="values-off">${this.valuesLocked
        ? `Values are hidden in this ${this.isPuzzle ? 'puzzle' : 'quiz'}.`
        : this.quizPending
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
              <button @click=${() => this.controller.stepHistory('undo')} ?disabled=${!this.controller.canStep('undo')} aria-label="Undo">↶ Undo</button>
              <button @click=${() => void this.restart()} ?disabled=${!this.controller.canStep('undo')}>New game</button>
            </div>
            <p class="status" part="status" role="status" aria-live="polite">${status(this)}</p>
            ${this.quizGate.render()}`
        : nothing}
      ${problem ? html`<p class="error" role="alert">${sentence(problem)}${this.renderRetry()}</p>` : nothing}
      <div class="board-area">
        ${this.controller.busyMs !== undefined && play
          ? html`<p class="busy" part="busy">Working… <button @click=${() => this.cancel()}>Cancel</button></p>`
          : nothing}
        ${this.renderBoard(view, play && this.humanMayMove, true)}
      </div>`;
  }

  /** After a cancel stopped the first open, a button to open the game again. */
  private renderRetry() {
    return this.controller.stoppedBeforeShown ? html` <button @click=${() => void this.controller.retry()}>Retry</button>` : nothing;
  }

  /** Once a game in Play has ended, how well each person played it, if values may show. */
  private renderScorecard(view: View | undefined) {
    if (!view || view.ply === 0 || view.analysis.moves.length > 0 || this.currentMode !== 'play' || !this.valuesShown) return nothing;
    return renderScorecard(this.controller.played.slice(0, view.ply), this.againstAi ? ['You'] : ['Player 1', 'Player 2']);
  }

  /** The game's moves so far, with the value each left. */
  private renderMoves(view: View | undefined) {
    const played = this.controller.played;
    return html`<details class="moves" part="moves" open>
      <summary>Moves${played.length ? ` (${played.length})` : ''}</summary>
      <grundy-move-list .moves=${played} .ply=${view?.ply ?? 0} .values=${this.valuesShown}
        @move-list-go=${(e: CustomEvent<{ ply: number }>) => void this.controller.goToPly(e.detail.ply)}></grundy-move-list>
    </details>`;
  }

  /** A heap game's sequence, to explore beyond the heaps on the board: only where values may show, since G(n) is every heap's answer. */
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

/** A bank request as one text, to tell whether the attributes now ask for another. */
function bankKey(request: BankRequest | undefined): string | undefined {
  return request && JSON.stringify(request.source === 'daily' ? { source: 'daily' } : { ...request, seed: undefined });
}

define('grundy-game', GrundyGame);

declare global {
  interface HTMLElementTagNameMap {
    'grundy-game': GrundyGame;
  }
}
