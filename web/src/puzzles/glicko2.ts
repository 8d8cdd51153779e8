/**
 * Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2012): a
 * rating, its deviation (how unsure it is) and its volatility, updated
 * after a rating period's games. A solved puzzle is a game the player won
 * against the puzzle, as lichess rates its puzzles: both ratings move.
 */

/** One side's rating on the Glicko scale (1500 ± 350 for a newcomer). */
export interface Rating {
  rating: number;
  deviation: number;
  volatility: number;
}

/** A game of the rating period: the opponent, and 1 for a win, 0 for a loss. */
export interface Result {
  opponent: Rating;
  score: 0 | 0.5 | 1;
}

/** Where every player and puzzle starts. */
export const NEWCOMER: Rating = { rating: 1500, deviation: 350, volatility: 0.06 };
/** The system constant τ, which limits how fast volatility changes. */
const TAU = 0.5;
/** Glicko-2's scale: μ = (r − 1500) / 173.7178. */
const SCALE = 173.7178;
/** The convergence tolerance of the volatility's iteration. */
const EPSILON = 0.000001;
/** The lowest deviation kept: a rating is never quite certain. */
const MIN_DEVIATION = 30;

const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));

/** `player` after the period's `results` (step 1 to 8 of Glickman's paper). */
export function update(player: Rating, results: Result[], tau = TAU): Rating {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  if (results.length === 0) {
    // Step 6 alone: the deviation grows with the volatility.
    const grown = Math.sqrt(phi * phi + sigma * sigma);
    return { ...player, deviation: Math.min(grown * SCALE, NEWCOMER.deviation) };
  }
  const games = results.map(({ opponent, score }) => {
    const muJ = (opponent.rating - 1500) / SCALE;
    const gJ = g(opponent.deviation / SCALE);
    const expected = 1 / (1 + Math.exp(-gJ * (mu - muJ)));
    return { gJ, expected, score };
  });
  const v = 1 / games.reduce((sum, { gJ, expected }) => sum + gJ * gJ * expected * (1 - expected), 0);
  const delta = v * games.reduce((sum, { gJ, expected, score }) => sum + gJ * (score - expected), 0);
  // Step 5: the new volatility, by the Illinois algorithm.
  const a = Math.log(sigma * sigma);
  const f = (x: number) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let low = a;
  let high: number;
  if (delta * delta > phi * phi + v) high = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k += 1;
    high = a - k * tau;
  }
  let fLow = f(low);
  let fHigh = f(high);
  while (Math.abs(high - low) > EPSILON) {
    const next = low + ((low - high) * fLow) / (fHigh - fLow);
    const fNext = f(next);
    if (fNext * fHigh <= 0) {
      low = high;
      fLow = fHigh;
    } else fLow /= 2;
    high = next;
    fHigh = fNext;
  }
  const volatility = Math.exp(low / 2);
  const phiStar = Math.sqrt(phi * phi + volatility * volatility);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * games.reduce((sum, { gJ, expected, score }) => sum + gJ * (score - expected), 0);
  return {
    rating: muNew * SCALE + 1500,
    deviation: Math.max(phiNew * SCALE, MIN_DEVIATION),
    volatility,
  };
}

/** A player's try at a puzzle: both ratings after it, as one game between them. */
export function ratePuzzleTry(player: Rating, puzzle: Rating, solved: boolean): { player: Rating; puzzle: Rating } {
  return {
    player: update(player, [{ opponent: puzzle, score: solved ? 1 : 0 }]),
    puzzle: update(puzzle, [{ opponent: player, score: solved ? 0 : 1 }]),
  };
}
