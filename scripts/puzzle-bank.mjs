// Writes the Puzzles page's bank, web/src/puzzles/bank/<game>.json, with
// `grundy puzzles`: for each game with finite values, 400 puzzles under
// normal play (seed 1) and 100 under misère play (seed 2), or as many as
// the game has. Each is kept without its solutions (the page's engine
// judges every try), so the bank carries no answer. The bank is checked in;
// `crates/grundy-core/tests/puzzle_bank.rs` regenerates a sample of it and
// compares, and says to run `node scripts/puzzle-bank.mjs` when it drifts.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildGrundy } from './grundy-cli.mjs';

const root = resolve(import.meta.dirname, '..');
const grundy = buildGrundy();
const folder = join(root, 'web', 'src', 'puzzles', 'bank');
rmSync(folder, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });

/** The bank's plays: how many of each, and the seed each is drawn with. */
const PLAYS = [
  { flags: [], count: 400, seed: 1 },
  { flags: ['--misere'], count: 100, seed: 2 },
];

/** As many puzzles as the game has, up to `count`: fewer when it has fewer. */
function draw(game, { flags, count, seed }) {
  for (let asked = count; asked >= 10; asked = Math.floor(asked * 0.8)) {
    try {
      const out = execFileSync(grundy, ['puzzles', game, '--count', String(asked), '--seed', String(seed), ...flags], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      return out.trim().split('\n').map((line) => JSON.parse(line));
    } catch (error) {
      if (error.status !== 3) throw error;
    }
  }
  return [];
}

const games = execFileSync(grundy, ['games'], { encoding: 'utf8' })
  .trim()
  .split('\n')
  .map((line) => line.split(/\s+/)[0]);
const index = [];
for (const game of games) {
  let puzzles;
  try {
    puzzles = PLAYS.flatMap((play) => draw(game, play));
  } catch {
    continue; // no finite values (digraph), or no puzzles of its own (sum)
  }
  if (puzzles.length === 0) continue;
  const kept = puzzles.map(({ position, play, rating, themes }) => ({ position, play, rating, themes }));
  writeFileSync(join(folder, `${game}.json`), `${JSON.stringify(kept)}\n`);
  index.push({ game, count: kept.length });
  console.log(`puzzle bank: ${game}: ${kept.length} puzzles`);
}
writeFileSync(join(folder, 'index.json'), `${JSON.stringify(index)}\n`);
