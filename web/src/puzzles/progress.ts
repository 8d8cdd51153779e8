/**
 * A player's puzzle progress, kept in the browser (localStorage) so that it
 * survives reloads and works offline: the player's Glicko-2 rating, each
 * tried puzzle's rating, the streak, the best rush and the history. It can
 * be exported as one JSON file.
 */
import { NEWCOMER, ratePuzzleTry, type Rating } from './glicko2';

/** One try at a puzzle, as the history lists it. */
export interface Attempt {
  id: string;
  game: string;
  /** When it was tried, as an ISO date and time. */
  at: string;
  solved: boolean;
  /** The player's rating after it, rounded. */
  rating: number;
  daily?: boolean;
}

export interface Progress {
  version: 1;
  player: Rating;
  /** Each tried puzzle's rating, which starts from the bank's. */
  puzzles: Record<string, Rating>;
  streak: number;
  bestStreak: number;
  bestRush: number;
  history: Attempt[];
  /** The day (`YYYY-MM-DD`) of each daily puzzle tried, and whether it was solved. */
  dailies: Record<string, boolean>;
}

const KEY = 'grundy-puzzles';
/** The most tries the history keeps: the oldest go first. */
const HISTORY = 2000;

export function newProgress(): Progress {
  return { version: 1, player: { ...NEWCOMER }, puzzles: {}, streak: 0, bestStreak: 0, bestRush: 0, history: [], dailies: {} };
}

/** The progress saved in this browser, or a new one where none (or a broken one) is. */
export function loadProgress(storage: Storage = localStorage): Progress {
  try {
    const saved = JSON.parse(storage.getItem(KEY) ?? 'null') as Progress | null;
    if (saved?.version === 1 && typeof saved.player?.rating === 'number') return { ...newProgress(), ...saved };
  } catch {
    // A broken entry starts afresh rather than stopping the page.
  }
  return newProgress();
}

export function saveProgress(progress: Progress, storage: Storage = localStorage): void {
  try {
    storage.setItem(KEY, JSON.stringify(progress));
  } catch {
    // Storage full or refused (a private window): the session goes on unsaved.
  }
}

/** The rating a puzzle of the bank starts from: its own, as unsure as a newcomer's but less so. */
export function puzzleRating(progress: Progress, id: string, bankRating: number): Rating {
  return progress.puzzles[id] ?? { rating: bankRating, deviation: 200, volatility: 0.06 };
}

/**
 * Records the first try at a puzzle (later tries at the same one change
 * nothing): both ratings, the streak and the history. Returns the change of
 * the player's rating.
 */
export function recordTry(progress: Progress, puzzle: { id: string; game: string; rating: number }, solved: boolean, when: Date, daily = false): number {
  const before = progress.player.rating;
  const rated = ratePuzzleTry(progress.player, puzzleRating(progress, puzzle.id, puzzle.rating), solved);
  progress.player = rated.player;
  progress.puzzles[puzzle.id] = rated.puzzle;
  progress.streak = solved ? progress.streak + 1 : 0;
  progress.bestStreak = Math.max(progress.bestStreak, progress.streak);
  progress.history.push({ id: puzzle.id, game: puzzle.game, at: when.toISOString(), solved, rating: Math.round(rated.player.rating), ...(daily ? { daily } : {}) });
  progress.history.splice(0, Math.max(0, progress.history.length - HISTORY));
  return rated.player.rating - before;
}

/** The puzzles tried already, for choosing fresh ones. */
export function triedIds(progress: Progress): Set<string> {
  return new Set(progress.history.map((a) => a.id));
}
