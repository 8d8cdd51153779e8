import { html, nothing, type ReactiveControllerHost } from 'lit';
import { outcomeOf } from '../engine/model';
import type { GameController } from './game-controller';
import './quiz';

/**
 * The quiz's hold on the values: before each of the person's moves a
 * question is asked, and until it is answered the values stay hidden and
 * the board takes no move.
 */
export class QuizGate {
  /** The ply whose question was answered. */
  private answeredAt = -1;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly game: GameController,
    /** Whether the quiz runs: asked for, in Play, outside puzzles. */
    readonly active: () => boolean,
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

  /** The question, while the quiz runs. */
  render() {
    const view = this.game.view;
    if (!view || !this.active()) return nothing;
    return html`<grundy-quiz .analysis=${view.analysis} .ply=${view.ply} ?waiting=${!this.game.humanTurn}
      @quiz-answered=${(e: CustomEvent<{ ply: number }>) => {
        this.answeredAt = e.detail.ply;
        this.host.requestUpdate();
      }}></grundy-quiz>`;
  }
}
