import { html, nothing, type ReactiveControllerHost } from 'lit';
import { outcomeOf, winningMoves, type Analysis, type MoveInfo, type View } from '../engine/model';
import type { GameController } from './game-controller';

/** What `grundy-puzzle` says of a try at a puzzle, or of the solution shown. */
export interface GrundyPuzzleDetail {
  /** The move tried, or the winning move shown. */
  label: string;
  /** Whether the try wins; false for a solution shown. */
  solved: boolean;
  /** Whether the reader asked to see the solution. */
  shown: boolean;
}

/** The reader's last try at a puzzle, or the solution once shown. */
interface Attempt {
  label: string;
  wins: boolean;
  /** The total the move left, said when values are shown. */
  value: string;
  shown?: boolean;
}

/**
 * A puzzle: the reader looks for a winning move. A try that leaves the
 * opponent lost solves it; any other is explained by what it leaves, then
 * taken back. The solution can be shown, previewed on the board.
 */
export class PuzzleController {
  private attempt: Attempt | undefined;

  constructor(
    private readonly host: ReactiveControllerHost & EventTarget,
    private readonly game: GameController,
    /** Shows a move on the board as previewed. */
    private readonly preview: (move: number) => void,
  ) {}

  /** Solved once a try of the reader's won; showing the solution does not solve it. */
  get solved(): boolean {
    return (this.attempt?.wins ?? false) && !this.attempt?.shown;
  }

  /** Forgets the tries, for a new position. */
  reset(): void {
    this.attempt = undefined;
    this.host.requestUpdate();
  }

  /** Judges the reader's move, undoing it when it does not win. */
  async judge(move: MoveInfo, after: View): Promise<void> {
    const wins = outcomeOf(after.analysis) === 'previous';
    this.attempt = { label: move.label, wins, value: after.analysis.total };
    this.host.requestUpdate();
    this.announce({ label: move.label, solved: wins, shown: false });
    if (!wins) await this.game.step('undo');
  }

  private showSolution(analysis: Analysis | undefined): void {
    const winning = analysis && winningMoves(analysis)[0];
    if (!winning) return;
    this.preview(winning.id);
    this.attempt = { label: winning.label, wins: true, value: '*0', shown: true };
    this.host.requestUpdate();
    this.announce({ label: winning.label, solved: false, shown: true });
  }

  private announce(detail: GrundyPuzzleDetail): void {
    this.host.dispatchEvent(new CustomEvent<GrundyPuzzleDetail>('grundy-puzzle', { detail, bubbles: true, composed: true }));
  }

  /**
   * What the puzzle says now: the question, or how the last try went, with
   * Show solution where it is offered, and once it is over, Another puzzle
   * where `another` draws one.
   */
  status(analysis: Analysis | undefined, valuesShown: boolean, offerSolution: boolean, another?: () => void) {
    const attempt = this.attempt;
    const next = another ? html` <button @click=${another}>Another puzzle</button>` : nothing;
    const why = (a: { value: string }) => (valuesShown ? ` It leaves ${a.value}.` : '');
    const solution = offerSolution ? html`<button @click=${() => this.showSolution(analysis)}>Show solution</button>` : nothing;
    if (!attempt) {
      const outcome = analysis && outcomeOf(analysis);
      if (outcome === 'draw') return 'Puzzle: no move wins here; the best play holds a draw.';
      return outcome === 'next'
        ? html`Puzzle: find the move that wins. ${solution}`
        : 'Puzzle: every move here loses against perfect play.';
    }
    if (attempt.shown) return html`A winning move: ${attempt.label}.${next}`;
    if (attempt.wins) return html`<span class="win">✔ ${attempt.label} wins: your opponent loses against perfect play.${why(attempt)}</span>${next}`;
    return html`<span class="lose">✘ ${attempt.label} does not win: your opponent could win from there.${why(attempt)}</span>
      Try another. ${solution}`;
  }
}
