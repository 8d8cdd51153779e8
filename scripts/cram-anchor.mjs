#!/usr/bin/env node
// Times `grundy nimber cram` beside igsolve (beling/impartial-games, Rust),
// built here from its crates.io source, on every full board of the
// published tables up to 40 cells: 4 × 4 … 4 × 10, 5 × 5 … 5 × 8, 6 × 6.
//
// Usage: node scripts/cram-anchor.mjs [--runs 3] [RxC …]
// Prints a Markdown table of median wall-clock seconds, both values (they
// must agree), and ours over igsolve. A benchmark, never a test: it needs a
// compiler, the crates registry and minutes.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildGrundy } from './grundy-cli.mjs';

const root = resolve(import.meta.dirname, '..');
const work = join(root, 'target', 'anchors');
const args = process.argv.slice(2);
const at = args.indexOf('--runs');
const runs = at < 0 ? 3 : Number(args.splice(at, 2)[1]);
const boards = args.length
  ? args.map((b) => b.split('x').map(Number))
  : [[4, 4], [4, 5], [4, 6], [4, 7], [4, 8], [4, 9], [4, 10], [5, 5], [5, 6], [5, 7], [5, 8], [6, 6]];

mkdirSync(work, { recursive: true });
const grundy = buildGrundy();
const igsolve = join(work, 'igsolve', 'bin', 'igsolve');
if (!existsSync(igsolve)) {
  execFileSync('cargo', ['install', '--quiet', 'igsolve', '--version', '0.1.2', '--root', join(work, 'igsolve')], { stdio: 'inherit' });
}

/** Runs a command `runs` times: the median seconds and what the last run printed. */
function timed(command, commandArgs, input) {
  const seconds = [];
  let out = '';
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    const result = spawnSync(command, commandArgs, { input, encoding: 'utf8' });
    seconds.push(Number(process.hrtime.bigint() - start) / 1e9);
    out = result.status === 0 ? result.stdout : `exit ${result.status}`;
  }
  seconds.sort((a, b) => a - b);
  return { seconds: seconds[Math.floor(seconds.length / 2)], out };
}

const rows = ['| board | ours (s) | igsolve (s) | ours / igsolve | value |', '|---|---|---|---|---|'];
for (const [r, c] of boards) {
  const board = `${'.'.repeat(c)}\n`.repeat(r);
  const ours = timed(grundy, ['nimber', 'cram'], board);
  const theirs = timed(igsolve, ['cram', '-r', String(r), '-c', String(c)], '');
  const ourValue = ours.out.trim();
  const theirValue = /Nimber of initial position: (\d+)/.exec(theirs.out)?.[1] ?? '?';
  const value = ourValue === theirValue ? ourValue : `ours ${ourValue}, igsolve ${theirValue}`;
  const ratio = /^\d+$/.test(ourValue) ? (ours.seconds / theirs.seconds).toFixed(2) : '—';
  rows.push(`| ${r} × ${c} | ${ours.seconds.toFixed(3)} | ${theirs.seconds.toFixed(3)} | ${ratio} | ${value} |`);
  console.error(rows.at(-1));
}
console.log(rows.join('\n'));
