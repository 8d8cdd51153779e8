import { describe, expect, it } from 'vitest';
import { NEWCOMER, ratePuzzleTry, update } from '../src/puzzles/glicko2';

describe('Glicko-2', () => {
  it("gives Glickman's worked example", () => {
    // "Example of the Glicko-2 system", section 3: a player of 1500 ± 200
    // beats 1400 ± 30 and loses to 1550 ± 100 and 1700 ± 300.
    const player = { rating: 1500, deviation: 200, volatility: 0.06 };
    const after = update(player, [
      { opponent: { rating: 1400, deviation: 30, volatility: 0.06 }, score: 1 },
      { opponent: { rating: 1550, deviation: 100, volatility: 0.06 }, score: 0 },
      { opponent: { rating: 1700, deviation: 300, volatility: 0.06 }, score: 0 },
    ]);
    expect(after.rating).toBeCloseTo(1464.06, 1);
    expect(after.deviation).toBeCloseTo(151.52, 1);
    expect(after.volatility).toBeCloseTo(0.05999, 4);
  });

  it('moves the player up and the puzzle down on a solve, and the other way on a miss', () => {
    const puzzle = { rating: 1600, deviation: 80, volatility: 0.06 };
    const solved = ratePuzzleTry(NEWCOMER, puzzle, true);
    expect(solved.player.rating).toBeGreaterThan(NEWCOMER.rating);
    expect(solved.puzzle.rating).toBeLessThan(puzzle.rating);
    expect(solved.player.deviation).toBeLessThan(NEWCOMER.deviation);
    const missed = ratePuzzleTry(NEWCOMER, puzzle, false);
    expect(missed.player.rating).toBeLessThan(NEWCOMER.rating);
    expect(missed.puzzle.rating).toBeGreaterThan(puzzle.rating);
  });

  it('grows the deviation of a period without games, up to a newcomer’s', () => {
    const settled = { rating: 1700, deviation: 50, volatility: 0.06 };
    const idle = update(settled, []);
    expect(idle.rating).toBe(1700);
    expect(idle.deviation).toBeGreaterThan(50);
    expect(update(NEWCOMER, []).deviation).toBe(350);
  });
});
