/**
 * The playground as an installed web app: after one visit its service
 * worker has every page, script and the .wasm, so it reloads and plays
 * with the network gone.
 */
import { expect, test } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { shownGame } from './helpers';

test('once visited, the playground reloads and plays offline', async ({ page, context }) => {
  await page.goto(`/#game=nim&position=${encodeURIComponent('3 4 5')}`);
  await expect(shownGame(page, 'nim').locator('.sum')).toBeVisible();
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    return link ? ((await (await fetch(link.href)).json()) as { name: string; display: string }) : undefined;
  });
  expect(manifest).toMatchObject({ name: 'Grundy Playground', display: 'standalone' });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await context.setOffline(true);
  try {
    await page.reload();
    const element = shownGame(page, 'nim');
    await expect(element.locator('.sum')).toBeVisible();
    await element.locator('grundy-heaps .heap').first().locator('button.counter').first().click();
    await expect(element.locator('.status')).toContainText('The computer played');
    // The sequence explorer's worker and another game load from the cache too.
    await page.goto(`/#game=octal&position=${encodeURIComponent('0.77\n3 4\n')}`);
    await expect(shownGame(page, 'octal').locator('.sum')).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('once visited, a page opened with a query is that page, online and offline', async ({ page, context }) => {
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  for (const offline of [false, true]) {
    await context.setOffline(offline);
    await page.goto('/frame.html?game=nim&position=2+7&controls=play');
    await expect(page.locator('grundy-game grundy-heaps .heap')).toHaveCount(2);
    await expect(page.locator('grundy-playground')).toHaveCount(0);
  }
  await context.setOffline(false);
});

test('once the playground is visited, the Puzzles page and its bank work offline', async ({ page, context }) => {
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await context.setOffline(true);
  try {
    for (const game of ['cram', 'hackenbush']) {
      await page.goto(`/puzzles.html#game=${game}`);
      await expect(page.locator('grundy-puzzles grundy-game .status')).toContainText('Puzzle: find the move that wins');
    }
  } finally {
    await context.setOffline(false);
  }
});

test('the builder’s iframe registers no service worker: it fetches only what its game uses, 250 KB gzipped in all', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto('/frame.html?game=nim&position=3+4+5&controls=play');
  await expect(page.locator('grundy-game grundy-heaps .heap')).toHaveCount(3);
  // Long enough for a load-time registration and its precache to have started.
  await page.waitForTimeout(1500);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  expect(fetched.filter((path) => /sw\.js$|workbox/.test(path))).toEqual([]);
  const files = [...new Set(fetched)].filter((path) => existsSync(join('dist', path)) && !path.endsWith('/'));
  // The heap games' engine only (file names carry a content hash).
  expect(files.filter((path) => path.endsWith('.wasm')).map((path) => path.split('/').pop()?.replace(/-[\w-]{8}\.wasm$/, ''))).toEqual(['grundy-heaps']);
  const gzipped = files.reduce((total, path) => total + gzipSync(readFileSync(join('dist', path)), { level: 9 }).length, 0);
  console.log(`the iframe of a Nim game: ${files.length} files, ${(gzipped / 1000).toFixed(0)} KB gzipped`);
  expect(gzipped).toBeLessThanOrEqual(250_000);
});
