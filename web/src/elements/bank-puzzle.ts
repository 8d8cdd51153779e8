import type { Convention } from '../engine/model';
import type { Puzzle } from '../puzzles/bank';

/** What `puzzle="daily"` or `puzzle="random"` asks the bank for. */
export interface BankRequest {
  source: 'daily' | 'random';
  /** For `random`: the game drawn from, the play and the theme (empty for any). */
  game: string;
  convention: Convention;
  theme: string;
  /** With `draws`, how many were drawn before, picks the puzzle: the same seed draws the same ones. */
  seed: number;
}

/**
 * The bank's puzzle for `request`: the day's (UTC), or one of the game's
 * of that play and theme, other than `previous` where there is another.
 * The bank loads only here, so an element that asks for no bank puzzle
 * never downloads it. Throws a sentence saying what the bank lacks.
 */
export async function drawFromBank(request: BankRequest, draws: number, previous?: string): Promise<Puzzle> {
  const bank = await import('../puzzles/bank');
  if (request.source === 'daily') return bank.dailyPuzzle(bank.dayOf(new Date()));
  const { game, convention, theme } = request;
  const ofPlay = (await bank.puzzlesOf(game)).filter((puzzle) => puzzle.play === convention);
  const pool = ofPlay.filter((puzzle) => theme === '' || puzzle.themes.includes(theme));
  if (pool.length === 0) {
    const play = convention === 'misere' ? 'misère' : 'normal';
    throw new Error(`no ${game} puzzle under ${play} play has the theme ${theme}: its themes are ${bank.themesOf(ofPlay).join(', ')}`);
  }
  const index = bank.hash(`random ${request.seed} ${draws}`) % pool.length;
  const chosen = pool[index];
  return chosen.id === previous && pool.length > 1 ? pool[(index + 1) % pool.length] : chosen;
}
