import { html, nothing, type ReactiveControllerHost } from 'lit';
import { outcomeOf, type MoveInfo } from '../engine/model';
import type { GameController } from './game-controller';
import type { QuizCard } from './quiz';
import './quiz';

/**
 * The quiz's hold on the values: before each of the person's moves a
 * question is asked, and until it is answered the values stay hidden and
 * the board takes no move, except the move that answers "which move wins?".
 */
export class QuizGate {
  /** The ply whose question was answered. */
  private answeredAt = -1;

  constructor(
    private readonly host: ReactiveControllerHost & { renderRoot: HTMLElement | DocumentFragment },
    private readonly game: GameController,
    /** Whether the quiz runs: asked for, in Play, outside puzzles. */
    readonly active: () => boolean,
    /** Two people play at one screen: each keeps a score. */
    private readonly teams: () => boolean,
    /** The teams' names and the seconds a question stays open, as the page sets them. */
    private readonly settings: () => { names: string; timer: number },
  ) {}

  /** Forgets the answer, for a new position. */
  reset(): void {
    this.answeredAt = -1;
  }

  /** The person is to move and has a question to answer first. */
  get pending(): boolean {
    const view = this.game.view;
    if (!this.active() || !view || !this.game.humanTurn || view.analysis.moves.length === 0) return false;
    return outcomeOf(view.analysis) !== undefined && this.answeredAt !== view.ply;
  }

  private get card(): QuizCard | null {
    return this.host.renderRoot.querySelector('grundy-quiz');
  }

  /** The question pending is answered by a move on the board. */
  get takesMove(): boolean {
    return this.pending && this.card?.question?.kind === 'move';
  }

  /** Judges `move` as the answer to "which move wins?", before it is played. */
  answerWith(move: MoveInfo): void {
    if (this.takesMove) this.card?.answerMove(move);
  }

  /** The question, while the quiz runs. */
  render() {
    const view = this.game.view;
    if (!view || !this.active()) return nothing;
    const { names, timer } = this.settings();
    return html`<grundy-quiz .analysis=${view.analysis} .ply=${view.ply} ?waiting=${!this.game.humanTurn} ?teams=${this.teams()}
      .names=${names} .timer=${Number.isFinite(timer) && timer > 0 ? Math.round(timer) : 0}
      @quiz-answered=${(e: CustomEvent<{ ply: number }>) => {
        this.answeredAt = e.detail.ply;
        this.host.requestUpdate();
      }}></grundy-quiz>`;
  }
}
