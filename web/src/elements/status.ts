import { html } from 'lit';
import { outcomeOf } from '../engine/model';
import type { GrundyGame } from './grundy-game';

/** Who wins with perfect play, as the status line says it of the player to move. */
const VERDICTS = {
  next: 'wins with perfect play',
  previous: 'loses with perfect play',
  draw: 'can hold a draw but not force a win',
  unknown: 'cannot be solved exactly here',
};

/**
 * The status line: whose turn it is and what the computer played, who won,
 * the puzzle's question, or, with values shown, who wins the position.
 */
export function status(game: GrundyGame) {
  const controller = game.controller;
  const view = controller.view;
  if (!view) {
    if (controller.inputError) return 'The position could not be read.';
    if (controller.stoppedBeforeShown) return 'Stopped.';
    return controller.actionError ? 'The game could not be opened.' : 'Loading…';
  }
  const analysis = view.analysis;
  const mode = game.currentMode;
  const verdict = VERDICTS[outcomeOf(analysis) ?? 'unknown'];
  if (mode === 'edit') return game.valuesShown ? `Drawing: the player to move ${verdict}.` : 'Drawing the position.';
  const over = analysis.moves.length === 0;
  if (over && view.ply === 0) return 'No move can be made from this position. Load or draw another.';
  if (game.isPuzzle && mode === 'play') {
    const another = game.puzzle === 'random' ? () => void game.anotherPuzzle() : undefined;
    return game.puzzles.status(analysis, game.valuesShown, game.solution !== 'hidden', another);
  }
  const winnerSeat = controller.winnerSeat;
  const again = html`<button @click=${() => game.restart()}>Play again</button>`;
  if (mode === 'analyse') {
    return over
      ? `No move left: the player to move has ${game.convention === 'misere' ? 'won' : 'lost'}.`
      : `Player ${controller.seatToMove + 1} to move${game.valuesShown ? `, and ${verdict}` : ''}.`;
  }
  if (game.againstAi) {
    if (over) {
      return winnerSeat === game.humanSeat
        ? html`<span class="win">✔ You win!</span> ${again}`
        : html`<span class="lose">✘ The computer wins.</span> ${again}`;
    }
    if (controller.aiToMove) return 'The computer is thinking…';
    const last = controller.played[view.ply - 1];
    const said = last?.by === 'Computer' ? `The computer played: ${last.label}. ` : '';
    if (game.quizPending) return `${said}Your turn: answer the quiz, then move.`;
    const outcome = outcomeOf(analysis);
    const marked =
      analysis.loopy && outcome === 'draw'
        ? 'no move wins; moves that hold the draw are marked'
        : outcome === 'previous'
          ? 'no move wins here against perfect play'
          : 'winning moves are marked ★';
    return `${said}Your turn${game.hints && game.valuesShown ? `: ${marked}` : ''}.`;
  }
  if (over) return html`<span class="win">✔ Player ${winnerSeat + 1} wins!</span> ${again}`;
  return `Player ${controller.seatToMove + 1} to move${game.quizPending ? ': answer the quiz, then move' : ''}.`;
}
