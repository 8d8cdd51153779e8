// The Puzzles page's first paint: for each game of the bank, the time from
// the engine worker's "loaded" (the page's `grundy:engine-ready` mark) to
// the first frame that shows the puzzle's board with its question, in a
// fresh browser context each run. Run by `npm run bench`, or alone with
// `node scripts/bench-paint.mjs` after a build.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from './chromium.mjs';
import { serve } from './serve.mjs';

/** The first puzzle shows within this of the engine being ready. */
export const FIRST_PAINT_BUDGET_MS = 300;

/**
 * Set before any script of the page runs: on each frame, looks for the
 * puzzle's question in the board's status and keeps the time of the first
 * frame that has it (the frame that paints it).
 */
function watchFirstPaint() {
  const question = () =>
    document
      .querySelector('grundy-puzzles')
      ?.shadowRoot?.querySelector('grundy-game')
      ?.shadowRoot?.querySelector('.status')
      ?.textContent?.includes('find the move that wins');
  const look = (time) => {
    if (question()) window.puzzlePaintedAt = time;
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Medians of `runs` first paints per game of the bank, served from `base`. */
export async function firstPaintMedians(base, runs) {
  const games = JSON.parse(readFileSync(new URL('../web/src/puzzles/bank/index.json', import.meta.url), 'utf8')).map((entry) => entry.game);
  const browser = await chromium.launch(chromiumLaunch);
  const rows = [];
  try {
    for (const game of games) {
      const afterReady = [];
      const fromStart = [];
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({ serviceWorkers: 'block' });
        const page = await context.newPage();
        await page.addInitScript(watchFirstPaint);
        await page.goto(`${base}/puzzles.html#game=${game}`);
        await page.waitForFunction(() => window.puzzlePaintedAt !== undefined, null, { timeout: 60_000 });
        const { ready, painted } = await page.evaluate(() => ({
          ready: performance.getEntriesByName('grundy:engine-ready')[0]?.startTime,
          painted: window.puzzlePaintedAt,
        }));
        await context.close();
        if (ready === undefined) throw new Error(`${game}: the page painted a puzzle but its engine never said it loaded`);
        afterReady.push(painted - ready);
        fromStart.push(painted);
      }
      const ms = median(afterReady);
      rows.push({
        game,
        'engine ready → puzzle ms': ms.toFixed(1),
        'navigation → puzzle ms': median(fromStart).toFixed(1),
        'budget ms': FIRST_PAINT_BUDGET_MS,
        within: ms <= FIRST_PAINT_BUDGET_MS ? 'yes' : 'NO',
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** Prints the table; resolves to whether every game is within the budget. */
export async function reportFirstPaint(base, runs) {
  const rows = await firstPaintMedians(base, runs);
  console.log(`The Puzzles page's first puzzle: medians of ${runs} fresh loads per game, from the engine's worker loading to the frame that shows the board and its question.`);
  console.table(rows);
  return rows.every((row) => row.within === 'yes');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await serve('dist');
  try {
    const within = await reportFirstPaint(`http://127.0.0.1:${server.address().port}`, Number(process.env.BENCH_RUNS ?? 11));
    if (!within) process.exitCode = 1;
  } finally {
    server.close();
  }
}
