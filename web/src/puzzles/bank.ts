/**
 * The shipped puzzle bank, `puzzles/<game>.json` beside the page, read a
 * game at a time as it is asked for. `scripts/puzzle-bank.mjs` writes it
 * with `grundy puzzles`; it holds no solutions (the engine judges tries).
 */

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

const base = new URL('./puzzles/', document.baseURI);
let games: Promise<BankGame[]> | undefined;
const files = new Map<string, Promise<Puzzle[]>>();

async function fetchJson<T>(url: URL): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The games of the bank, in the playground's order. */
export function bankGames(): Promise<BankGame[]> {
  games ??= fetchJson<BankGame[]>(new URL('index.json', base)).catch((error: unknown) => {
    games = undefined;
    throw error;
  });
  return games;
}

/** Every puzzle of `game`, fetched once. */
export function puzzlesOf(game: string): Promise<Puzzle[]> {
  let file = files.get(game);
  if (!file) {
    file = fetchJson<Omit<Puzzle, 'id' | 'game'>[]>(new URL(`${encodeURIComponent(game)}.json`, base)).then((list) =>
      list.map((puzzle, index) => ({ ...puzzle, id: `${game}/${index}`, game })),
    );
    file.catch(() => files.delete(game));
    files.set(game, file);
  }
  return file;
}

/** FNV-1a of a text: the day's puzzle is the same wherever it is picked. */
function hash(text: string): number {
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
  const all = await bankGames();
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
