import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { CancelledError, EngineFailure, EngineUnavailable, SLOW_MS, SupersededError, engine } from '../engine/client';
import type { Analysis, Convention, Edit, EngineError, MoveInfo, TreeNode, View } from '../engine/model';
import { isWinning, outcomeOf } from '../engine/model';
import type { SessionRequest } from '../engine/protocol';
import type { Mode } from './options';
import type { MoveJudgement, PlayedMove } from './move-list';

let sessionCount = 0;

/** Who won, from the element's point of view. */
export type Winner = 'human' | 'ai' | 'first' | 'second';

export interface GrundyMoveDetail {
  label: string;
  by: 'human' | 'ai';
  /** 0 for the player who moved first, 1 for the other. */
  seat: number;
  ply: number;
}

export interface GrundyEndDetail {
  winner: Winner;
  seat: number;
}

export interface GrundyChangeDetail {
  game: string;
  text: string;
  /**
   * What changed it: `open` (the attributes), `load` (text typed or a case
   * picked), `edit` (drawing), `move` (a move, undo or redo). The
   * playground keeps a history entry per load, edit and move of the
   * person's, so Back returns to the position before it.
   */
  cause: 'open' | 'load' | 'edit' | 'move';
  /** Who made a move: `human` or `ai`; absent for undo, redo and other causes. */
  by?: 'human' | 'ai';
  /** The play in force: `normal` or `misere`. */
  play: Convention;
  /**
   * The position the moves were played from (as loaded or last drawn) and
   * the ids of the moves since, which `restore` takes to bring back the
   * position with its move list.
   */
  start: string;
  moves: number[];
}

/** Where a request came from: its errors show beside the text box, or in the status line. */
export type Origin = 'input' | 'action';

/** The rules of play the element's attributes set, read afresh on every decision. */
export interface GameSettings {
  game: string;
  mode: Mode;
  /** Playing the computer (in Play), rather than two people at one screen. */
  againstAi: boolean;
  /** 0 when the person moves first against the computer, 1 when it does. */
  humanSeat: number;
  /** The computer's skill, 0 to 1. */
  level: number;
  seed: number;
  aiDelay: number;
  convention: Convention;
  /** A puzzle's computer never moves, and a solved one takes no more moves. */
  puzzle: 'off' | 'open' | 'solved';
}

/**
 * The state of one game being played, shared by every view of it (the
 * full playground, the compact embed, presentation): its engine session,
 * the position on screen, the moves played and who made them, whose turn
 * it is, the computer's replies, and undo and redo. Views read it and call
 * its methods; it tells the host to render when anything changes and sends
 * the element's `grundy-move`, `grundy-end` and `grundy-change` events.
 */
export class GameController implements ReactiveController {
  /** The position on screen and its analysis, once the engine has answered. */
  view: View | undefined;
  /** Why the position given or typed could not be read, with its line and column. */
  inputError: EngineError | undefined;
  /** Why the last move, edit or undo was refused. */
  actionError: string | undefined;
  /** The last position opened, and how, so that an open a cancel stopped can be sent again. */
  private lastOpen: { text: string; origin: Origin } | undefined;
  /** Whether a cancel stopped the game's first open, before any position was shown: Retry opens it again. */
  stoppedBeforeShown = false;
  /**
   * The moves played after the loaded position and after each drawing edit
   * (index: how many edits lead to the position shown); those past the
   * current ply can be redone.
   */
  private playedSince: PlayedMove[][] = [[]];
  /** The text of each drawing (index: how many edits lead to it) before its first move. */
  private starts: string[] = [];
  /** How long the engine has been working for this game, once that is slow. */
  busyMs: number | undefined;
  /** The game tree last grown, while the position stays the same, or why it could not be. */
  tree: TreeNode | undefined;
  treeProblem = '';

  /** The engine session's name, unique on the page (ids in the view derive from it). */
  readonly session = `grundy-game-${++sessionCount}`;
  private aiTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped on every request, so late replies and timers know they are stale. */
  private generation = 0;
  /** The ply whose end was announced, so it is announced once. */
  private endedAt = -1;
  /** A move of the person's is on its way to the engine. */
  private playing = false;
  /** Requests the engine has not answered, and since when. */
  private outstanding = 0;
  private busyStart = 0;
  private busyTimer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly settings: () => GameSettings,
    /** Called before the events for every new view, for the host's own view state. */
    private readonly onShow: (view: View, origin: Origin, cause: GrundyChangeDetail['cause']) => void,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    clearTimeout(this.aiTimer);
    clearInterval(this.busyTimer);
  }

  get seatToMove(): number {
    return (this.view?.ply ?? 0) % 2;
  }

  /**
   * The seat that won a finished game: the last mover under normal play,
   * the player left without a move under misère play.
   */
  get winnerSeat(): number {
    return this.settings().convention === 'misere' ? this.seatToMove : 1 - this.seatToMove;
  }

  get aiToMove(): boolean {
    const settings = this.settings();
    return settings.puzzle === 'off' && settings.againstAi && this.seatToMove !== settings.humanSeat && (this.view?.analysis.moves.length ?? 0) > 0;
  }

  /** Whether the person may move now: in Analyse always, in Play on their turn. */
  get humanTurn(): boolean {
    const settings = this.settings();
    if (settings.mode === 'analyse') return true;
    if (settings.mode !== 'play') return false;
    if (settings.puzzle !== 'off') return settings.puzzle === 'open';
    return !(settings.againstAi && this.seatToMove !== settings.humanSeat);
  }

  /** The moves of this game since it was loaded or last drawn, in order. */
  get played(): PlayedMove[] {
    return this.playedSince[this.view?.drawn ?? 0] ?? [];
  }

  /** Who made the move that led to the position shown, as the move list names them. */
  get lastBy(): string {
    const ply = this.view?.ply ?? 0;
    return ply > 0 ? (this.played[ply - 1]?.by ?? '') : '';
  }

  /** Opens `text` in a fresh session of the game. */
  open(text: string, origin: Origin, quiet = false): Promise<View | undefined> {
    this.lastOpen = { text, origin };
    this.stoppedBeforeShown = false;
    const { game, convention } = this.settings();
    return this.request({ op: 'open', game, text, ...(convention === 'misere' && { convention }) }, origin, quiet);
  }

  /** The text of the game's first sample, where a game starts with no position given. */
  async firstSample(): Promise<string> {
    const info = await engine().info(this.settings().game);
    return info?.samples[0]?.input ?? '';
  }

  /** Replaces the position with case `caseIndex` of `text`. */
  load(text: string, caseIndex: number, origin: Origin): Promise<View | undefined> {
    return this.request({ op: 'load', text, case: caseIndex }, origin);
  }

  /** Changes the position as drawn. */
  edit(edit: Edit): Promise<View | undefined> {
    return this.request({ op: 'edit', edit }, 'action');
  }

  /** Tells the session the play in force, once the settings say it changed. */
  followConvention(): Promise<View | undefined> {
    return this.request({ op: 'convention', convention: this.settings().convention }, 'action');
  }

  /**
   * One step back or forward through moves and drawing edits alike, as
   * Edit's Undo and Redo take, and as a puzzle takes back a wrong try.
   */
  step(op: 'undo' | 'redo'): Promise<View | undefined> {
    return this.request({ op }, 'action');
  }

  /**
   * Sends a request and shows its result. The view on screen only changes
   * when a request succeeds; a failure is kept as `inputError` or
   * `actionError` by its origin. A `quiet` request shows no Working
   * notice: it restores what a cancel stopped, and the person has just
   * said to stop working.
   */
  private async request(request: SessionRequest, origin: Origin, quiet = false): Promise<View | undefined> {
    const generation = ++this.generation;
    clearTimeout(this.aiTimer);
    const send = (asked: SessionRequest) => (quiet ? engine().send(this.session, asked) : this.track(engine().send(this.session, asked)));
    try {
      const view = await send(request);
      if (generation !== this.generation) return undefined;
      this.show(view, origin, request);
      return view;
    } catch (error) {
      if (error instanceof CancelledError) {
        void this.resync();
        return undefined;
      }
      if (error instanceof SupersededError || generation !== this.generation) return undefined;
      const failure: EngineError =
        error instanceof EngineFailure ? { message: error.message, line: error.line, column: error.column } : { message: String(error) };
      // One current error: the newest replaces the other. An engine that
      // did not load is no fault of the position typed.
      const ofTheInput = origin === 'input' && !(error instanceof EngineUnavailable);
      [this.inputError, this.actionError] = ofTheInput ? [failure, undefined] : [undefined, failure.message];
      return undefined;
    } finally {
      this.host.requestUpdate();
    }
  }

  /** Keeps an input error found before asking the engine (too long, no game). */
  refuse(error: EngineError): void {
    this.inputError = error;
    this.host.requestUpdate();
  }

  /**
   * Counts `work` as this game's, so that work running longer than
   * `SLOW_MS` shows the time it has taken and a Cancel button.
   */
  private async track<T>(work: Promise<T>): Promise<T> {
    if (this.outstanding++ === 0) {
      this.busyStart = performance.now();
      this.busyTimer = setInterval(() => {
        const elapsed = performance.now() - this.busyStart;
        if (elapsed >= SLOW_MS) {
          this.busyMs = elapsed;
          this.host.requestUpdate();
        }
      }, 50);
    }
    try {
      return await work;
    } finally {
      if (--this.outstanding === 0) {
        clearInterval(this.busyTimer);
        this.busyMs = undefined;
        this.host.requestUpdate();
      }
    }
  }

  /**
   * Grows the tree below the current position, `depth` moves deep, into
   * `tree`, or says in `treeProblem` why it cannot be grown (too large,
   * cancelled). A newer request that replaces the question leaves both.
   */
  async growTree(depth: number): Promise<void> {
    try {
      const tree = (await this.track(engine().send(this.session, { op: 'tree', depth }))).tree;
      [this.tree, this.treeProblem] = [tree, ''];
    } catch (error) {
      if (error instanceof SupersededError) return;
      // A cancel says so once, in the status, as for any other work.
      if (error instanceof CancelledError) void this.resync();
      [this.tree, this.treeProblem] = [undefined, error instanceof CancelledError ? '' : (error as Error).message];
    } finally {
      this.host.requestUpdate();
    }
  }

  /** Opens again the position whose first open a cancel stopped. */
  retry(): Promise<View | undefined> {
    if (!this.stoppedBeforeShown || !this.lastOpen) return Promise.resolve(undefined);
    this.actionError = undefined;
    return this.open(this.lastOpen.text, this.lastOpen.origin);
  }

  /**
   * Stops the engine's work; every open game returns to its last position.
   * The Working notice goes at once, not after the stopped requests' ends.
   */
  cancel(): void {
    clearInterval(this.busyTimer);
    this.busyMs = undefined;
    this.host.requestUpdate();
    engine().cancel();
  }

  /**
   * After a cancel the engine reopened this game; show what it now holds.
   * The text box keeps what was typed, to be mended or loaded again.
   */
  private async resync(): Promise<void> {
    if (!this.view && this.lastOpen) {
      // Nothing was shown yet: there is nothing to go back to, only the open to try again.
      this.stoppedBeforeShown = true;
      this.actionError = 'stopped before the game was shown';
      this.host.requestUpdate();
      return;
    }
    const text = this.view?.text;
    if (this.settings().game && text?.trim()) await this.open(text, 'input', true);
    this.actionError = 'stopped: the position is as it was before';
    this.host.requestUpdate();
  }

  private show(view: View, origin: Origin, request: SessionRequest): void {
    const before = this.view;
    const ply = before?.ply ?? 0;
    const played = request.op === 'play' ? before?.analysis.moves.at(request.move) : request.op === 'ai' ? view.played : undefined;
    const settings = this.settings();
    const by = played && (settings.againstAi && ply % 2 !== settings.humanSeat ? 'ai' : 'human');
    let cause = changeCause(request);
    const positionChanged = this.view?.text !== view.text || this.view?.ply !== view.ply;
    // Undo and Redo across a drawing edit change the drawing, not the moves.
    if (cause === 'move' && this.view && this.view.drawn !== view.drawn) cause = 'edit';
    if (cause === 'open' || cause === 'load') [this.playedSince, this.starts] = [[[]], []];
    if (cause === 'edit' && view.drawn >= this.playedSince.length) this.playedSince = [...this.playedSince.slice(0, view.drawn), []];
    if (view.ply === 0) this.starts = [...this.starts.slice(0, view.drawn), view.text];
    this.view = view;
    this.inputError = undefined;
    this.actionError = undefined;
    if (positionChanged) {
      this.endedAt = -1;
      this.tree = undefined;
      this.treeProblem = '';
    }
    if (played && by) this.record(played, by, ply, before!.analysis);
    this.onShow(view, origin, cause);
    if (!this.replaying) {
      this.announceChange(cause, by);
      if (played && by) this.announceMove(played, by, ply);
    }
    this.announceEnd();
    this.scheduleAi();
  }

  /** Sends `grundy-end` once when a move leaves the player to move without one. */
  announceEnd(): void {
    const view = this.view;
    const settings = this.settings();
    // A position with no move that was loaded, typed or drawn (an empty
    // text box, say) is an edit in progress; only a move ends a game.
    if (!view || view.ply === 0 || view.analysis.moves.length > 0 || settings.mode === 'edit' || this.endedAt === view.ply) return;
    this.endedAt = view.ply;
    const seat = this.winnerSeat;
    const winner: Winner = settings.againstAi ? (seat === settings.humanSeat ? 'human' : 'ai') : seat === 0 ? 'first' : 'second';
    this.host.dispatchEvent(new CustomEvent<GrundyEndDetail>('grundy-end', { detail: { winner, seat }, bubbles: true, composed: true }));
  }

  /** Lets a changed mode announce a game that had already ended. */
  forgetEnd(): void {
    this.endedAt = -1;
    this.announceEnd();
  }

  /** Plays the computer's move after its delay, when it is its turn. */
  scheduleAi(): void {
    clearTimeout(this.aiTimer);
    if (!this.aiToMove || !this.view) return;
    const generation = this.generation;
    const ply = this.view.ply;
    const settings = this.settings();
    this.aiTimer = setTimeout(() => {
      if (generation !== this.generation) return;
      void this.request({ op: 'ai', level: settings.level, seed: (settings.seed + ply * 7919) >>> 0 }, 'action');
    }, Math.max(0, Number(settings.aiDelay) || 0));
    this.host.requestUpdate();
  }

  /**
   * Plays the person's move `id`, if they may move and no earlier move is
   * still on its way (a second click would name a move of the old
   * position). Returns the move and the view after it.
   */
  async playMove(id: number, mayMove: boolean): Promise<{ move: MoveInfo; view: View } | undefined> {
    const view = this.view;
    const move = view?.analysis.moves.at(id);
    if (!view || !move || !mayMove || this.playing) return undefined;
    this.playing = true;
    try {
      const after = await this.request({ op: 'play', move: id }, 'action');
      return after && { move, view: after };
    } finally {
      this.playing = false;
    }
  }

  /** Adds a move made from `from` to the move list, replacing any that could have been redone. */
  private record(move: MoveInfo, by: 'human' | 'ai', ply: number, from: Analysis): void {
    const after = this.view!.analysis;
    const who = this.settings().againstAi ? (by === 'ai' ? 'Computer' : 'You') : `Player ${(ply % 2) + 1}`;
    const record = { id: move.id, by: who, label: move.label, value: after.total, outcome: outcomeOf(after), judged: judge(from, move) };
    const drawn = this.view!.drawn;
    this.playedSince = [...this.playedSince.slice(0, drawn), [...this.played.slice(0, ply), record]];
  }

  /** Sends `grundy-change` for the position shown. */
  private announceChange(cause: GrundyChangeDetail['cause'], by: GrundyChangeDetail['by']): void {
    const view = this.view!;
    this.host.dispatchEvent(
      new CustomEvent<GrundyChangeDetail>('grundy-change', {
        detail: {
          game: view.game,
          text: view.text,
          cause,
          by,
          play: this.settings().convention,
          start: this.starts[view.drawn] ?? view.text,
          moves: this.played.slice(0, view.ply).map((move) => move.id),
        },
        bubbles: true,
        composed: true,
      }),
    );
  }

  private announceMove(move: MoveInfo, by: 'human' | 'ai', ply: number): void {
    this.host.dispatchEvent(
      new CustomEvent<GrundyMoveDetail>('grundy-move', {
        detail: { label: move.label, by, seat: ply % 2, ply: ply + 1 },
        bubbles: true,
        composed: true,
      }),
    );
  }

  /** Moves are being played again to restore a line: no events until it is there. */
  private replaying = false;

  /**
   * Shows `start` with `moves` played from it, and its move list: from the
   * moves kept when they lead there (Back and Forward), else by opening
   * `start` and playing them again (a reload). One `grundy-change` at the end.
   */
  async restore(start: string, moves: number[]): Promise<void> {
    const kept = this.view && this.starts[this.view.drawn] === start && moves.every((id, i) => this.played[i]?.id === id);
    if (kept) {
      await this.goToPly(moves.length);
      return;
    }
    this.replaying = true;
    try {
      let view = await this.open(start, 'action');
      for (const move of moves) view = view && (await this.request({ op: 'play', move }, 'action'));
      if (!view) return;
    } finally {
      this.replaying = false;
    }
    this.announceChange('move', undefined);
    this.host.requestUpdate();
  }

  /**
   * Undo or redo; against the computer, back to the person's previous turn.
   * One request however many moves it spans, so that no sequence of clicks
   * can start a loop of requests.
   */
  stepHistory(op: 'undo' | 'redo'): Promise<View | undefined> {
    const settings = this.settings();
    const ply = this.view?.ply ?? 0;
    const steps = settings.againstAi && (op === 'redo' || this.seatToMove === settings.humanSeat) ? 2 : 1;
    return this.goToPly(op === 'undo' ? Math.max(0, ply - steps) : ply + steps);
  }

  /** Whether Play's Undo or Redo has a move to take: drawing edits are Edit's to undo. */
  canStep(op: 'undo' | 'redo'): boolean {
    return (op === 'undo' ? this.view?.undoes : this.view?.redoes) === 'move';
  }

  /** Back to the position the game started from: loaded or last drawn. */
  restart(): Promise<View | undefined> {
    return this.goToPly(0);
  }

  /** Undoes or redoes moves until the position after move `ply` is shown, or as near as the history goes. */
  goToPly(ply: number): Promise<View | undefined> {
    return this.request({ op: 'seek', ply }, 'action');
  }
}

function changeCause(request: SessionRequest): GrundyChangeDetail['cause'] {
  switch (request.op) {
    case 'open':
    case 'load':
    case 'edit':
      return request.op;
    default:
      return 'move';
  }
}

/** How `move` played the position `from`: by who wins there under the play it describes. */
function judge(from: Analysis, move: MoveInfo): MoveJudgement | undefined {
  if (from.verdict === 'previous') return 'none';
  if (from.verdict !== 'next') return undefined;
  return isWinning(from, move) ? 'kept' : 'threw';
}
