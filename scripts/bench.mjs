// `npm run bench`: native medians (`grundy bench`) beside wasm medians (the
// benchmark page in headless Chromium) for the same cases, with budgets;
// then the Puzzles page's first paint (`bench-paint.mjs`).
import { execFileSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { reportFirstPaint } from './bench-paint.mjs';
import { chromiumLaunch } from './chromium.mjs';
import { serve } from './serve.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 21);
// BENCH_GAME=<id> times one game's cases only.
const game = process.env.BENCH_GAME;
const gameArgs = game ? ['--game', game] : [];

const native = execFileSync('cargo', ['run', '--quiet', '--release', '-p', 'grundy-cli', '--', 'bench', '--runs', String(runs), ...gameArgs], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
})
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line));

const server = await serve('dist');
const browser = await chromium.launch(chromiumLaunch);
let wasm;
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/bench.html?runs=${runs}${game ? `&game=${game}` : ''}`);
  await page.waitForFunction(() => document.body.dataset.done || document.body.dataset.error, null, { timeout: 30 * 60_000 });
  const error = await page.evaluate(() => document.body.dataset.error);
  if (error) throw new Error(`benchmark page failed: ${error}`);
  wasm = await page.evaluate(() => window.benchResults);
} finally {
  await browser.close();
}

const rows = wasm.map((result) => {
  const twin = native.find((n) => n.game === result.game && n.name === result.name);
  return {
    game: result.game,
    case: result.name,
    work: result.work,
    'native ms': twin ? twin.median_ms.toFixed(3) : '—',
    'wasm ms': result.medianMs.toFixed(3),
    'budget ms': result.budgetMs,
    within: result.medianMs <= result.budgetMs ? 'yes' : 'NO',
  };
});
console.log(
  `Medians of ${runs} runs per case (analysis: a cold open, analysis() and its packed lists read back as the page does; solve: the contest answer; edit: an edit on a kept session, then the same).`,
);
console.table(rows);
let within = rows.every((row) => row.within === 'yes');
try {
  // A run for one game times that game's cases only.
  if (!game) within = (await reportFirstPaint(`http://127.0.0.1:${server.address().port}`, Math.min(runs, 11))) && within;
} finally {
  server.close();
}
if (!within) process.exitCode = 1;
