/**
 * The shipped puzzle bank, `bank/<game>.json`, read a game at a time as it
 * is asked for. `scripts/puzzle-bank.mjs` writes it with `grundy puzzles`;
 * it holds no solutions (the engine judges tries). Each file is an asset of
 * the build (hashed beside the playground's scripts, `puzzles/<game>.json`
 * beside the embed's), found from this module's address, so the page, an
 * embed on another site and a bundle of the npm package all find it.
 */
import index from './bank/index.json';

/** A puzzle as the bank ships it, with the place that names it. */
export interface Puzzle {
  /** `<game>/<index in its file>`: the same on every device. */
  id: string;
  game: string;
  position: string;
  play: 'normal' | 'misere';
  rating: number;
  themes: string[];
}

/** A game of the bank and how many puzzles it has. */
export interface BankGame {
  game: string;
  count: number;
}

/** Each game's file, by the path this module imports it from. */
const FILES = import.meta.glob<string>(['./bank/*.json', '!./bank/index.json'], { query: '?url', import: 'default', eager: true });
const files = new Map<string, Promise<Puzzle[]>>();

async function fetchJson<T>(address: string): Promise<T> {
  const url = new URL(address, location.href);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The games of the bank, in the playground's order. */
export function bankGames(): BankGame[] {
  return index;
}

/** The themes `puzzles` have between them, in order, for a theme picker or a message. */
export function themesOf(puzzles: Puzzle[]): string[] {
  return [...new Set(puzzles.flatMap((puzzle) => puzzle.themes))].sort();
}

/** Every puzzle of `game`, fetched once. */
export function puzzlesOf(game: string): Promise<Puzzle[]> {
  let file = files.get(game);
  if (!file) {
    const address = FILES[`./bank/${game}.json`];
    if (!address) {
      const games = index.map((entry) => entry.game).join(', ');
      return Promise.reject(new Error(`the puzzle bank has no puzzles of ${game || 'no game'}: set game to one of ${games}`));
    }
    file = fetchJson<Omit<Puzzle, 'id' | 'game'>[]>(address).then((list) => list.map((puzzle, index) => ({ ...puzzle, id: `${game}/${index}`, game })));
    file.catch(() => files.delete(game));
    files.set(game, file);
  }
  return file;
}

/** FNV-1a of a text: the day's puzzle is the same wherever it is picked. */
export function hash(text: string): number {
  let value = 0x811c9dc5;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return value;
}

/** The date as the daily puzzle counts days: `YYYY-MM-DD` in UTC, one puzzle for the whole world. */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The puzzle of `day`: a game, then a puzzle of it under normal play, both from the date alone. */
export async function dailyPuzzle(day: string): Promise<Puzzle> {
  const all = bankGames();
  const game = all[hash(`game ${day}`) % all.length].game;
  const normal = (await puzzlesOf(game)).filter((p) => p.play === 'normal');
  return normal[hash(`puzzle ${day}`) % normal.length];
}

/**
 * A puzzle for a player of `rating`: of `game`'s puzzles with `theme`
 * (or any), one not in `done`, among those rated closest to the player's
 * (within 250 where there are some), drawn by `random`.
 */
export function choosePuzzle(puzzles: Puzzle[], rating: number, theme: string, done: ReadonlySet<string>, random: () => number): Puzzle | undefined {
  const themed = puzzles.filter((p) => theme === 'any' || p.themes.includes(theme));
  const fresh = themed.filter((p) => !done.has(p.id));
  const pool = fresh.length > 0 ? fresh : themed;
  if (pool.length === 0) return undefined;
  const near = pool.filter((p) => Math.abs(p.rating - rating) <= 250);
  const chosen = near.length > 0 ? near : [...pool].sort((a, b) => Math.abs(a.rating - rating) - Math.abs(b.rating - rating)).slice(0, 20);
  return chosen[Math.floor(random() * chosen.length)];
}
