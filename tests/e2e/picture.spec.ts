/**
 * The picture `grundy-game render` draws, as a post carries it inside its
 * element: shown at once where no script runs, a well-formed image in every
 * game, and kept by the element until its live board is ready, which then
 * takes its place.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { serve } from '../../scripts/serve.mjs';
import { layoutShiftSoFar, recordLayoutShifts } from './helpers';

/** The picture the package's command prints for a position. */
function picture(game: string, position: string, ...options: string[]): string {
  const run = spawnSync('node', ['dist/package/grundy-render.js', 'render', game, ...options], { input: position, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout.trim();
}

/**
 * Games drawn in SVG and in HTML, each as a post would embed it; `same`
 * where the picture is all the board draws, so that it takes the board's
 * height (a grid's board adds its Move buttons and how to click, the string
 * game's what its bars are).
 */
const GAMES = [
  { id: 'bacterial-tactics', position: '1\n3 4\n#.#.\n#...\n....', same: false },
  { id: 'nim', position: '3 4 5', same: true },
  { id: 'string-game', position: '1\nbbbbaaabaaaa\n3\naa\nbbb\nabba', same: false },
];

const post = (games: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pictures</title><meta name="viewport" content="width=device-width">
<link rel="icon" href="data:,"><script type="module" src="/grundy/grundy-game.js"></script></head>
<body style="max-width: 40rem; margin: 0 auto; font: 18px/1.6 Georgia, serif">
<h1>Three games</h1>${games}<p>The end.</p></body></html>`;

let root: string;
let site: Server;
let address: string;

test.beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'grundy-picture-'));
  cpSync('dist/embed', join(root, 'grundy'), { recursive: true });
  const element = ({ id, position }: (typeof GAMES)[number]) =>
    `<p>${id}:</p><grundy-game game="${id}" position="${position.replace(/\n/g, '&#10;')}" controls="none">${picture(id, position)}</grundy-game>`;
  writeFileSync(join(root, 'post.html'), post(GAMES.map(element).join('\n')));
  site = await serve(root);
  address = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
});

test.afterAll(() => {
  site.close();
  rmSync(root, { recursive: true, force: true });
});

/** Each element's box on the page. */
function boxes(page: Page) {
  return page.locator('grundy-game').evaluateAll((games) => games.map((game) => game.getBoundingClientRect().toJSON() as DOMRect));
}

test('a post with scripts off shows each position as its picture, at least the size the picture states', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${address}post.html`);
  const pictures = page.locator('grundy-game > svg');
  await expect(pictures).toHaveCount(GAMES.length);
  for (const svg of await pictures.all()) {
    const stated = Number(await svg.getAttribute('width'));
    const box = (await svg.boundingBox())!;
    // A string grows with the column, as its live board does.
    expect(box.width).toBeGreaterThan(stated - 1);
    expect(box.height).toBeGreaterThan(30);
  }
  await page.screenshot({ path: 'tests/screenshots/picture-noscript-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone a wide picture shrinks to the column, as the live board does.
  for (const svg of await pictures.all()) expect((await svg.boundingBox())!.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'tests/screenshots/picture-noscript-phone.png', fullPage: true });
  await context.close();
});

test('every game of the bank draws a picture a browser reads as an image of the size it states', async ({ page }) => {
  await page.goto(`${address}post.html`);
  const bank = 'web/src/puzzles/bank';
  for (const file of readdirSync(bank).filter((name) => name !== 'index.json')) {
    const { position } = JSON.parse(readFileSync(join(bank, file), 'utf8'))[0] as { position: string };
    for (const options of [[], ['--values', 'hidden', '--theme', 'dark']]) {
      const svg = picture(file.replace(/\.json$/, ''), position, ...options);
      const size = await page.evaluate(async (markup) => {
        const image = new Image();
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
        await image.decode();
        return [image.naturalWidth, image.naturalHeight];
      }, svg);
      const stated = [Number(/ width="([\d.]+)"/.exec(svg)![1]), Number(/ height="([\d.]+)"/.exec(svg)![1])];
      for (const [i, length] of size.entries()) expect(Math.abs(length - stated[i]), file).toBeLessThanOrEqual(1);
    }
  }
});

for (const [size, viewport] of [
  ['desktop', { width: 1000, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`the element keeps its picture until its board is ready, then the board takes its place without moving the page (${size})`, async ({ page }) => {
    await recordLayoutShifts(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/*.wasm', async (route) => {
      await held;
      await route.continue();
    });
    await page.setViewportSize(viewport);
    await page.goto(`${address}post.html`);
    const games = page.locator('grundy-game');
    // Defined, with no engine yet: each element shows the picture it holds, in its board's place.
    await expect(games.first()).toHaveJSProperty('localName', 'grundy-game');
    await page.waitForFunction(() => customElements.get('grundy-game') !== undefined);
    for (const game of await games.all()) await expect(game.locator('> svg')).toBeVisible();
    const before = await boxes(page);
    await page.screenshot({ path: `tests/screenshots/picture-before-board-${size}.png`, fullPage: true });
    release();
    await expect(page.locator('grundy-game [part="board"]')).toHaveCount(GAMES.length);
    for (const game of await games.all()) await expect(game.locator('> svg')).toBeHidden();
    const after = await boxes(page);
    await page.screenshot({ path: `tests/screenshots/picture-after-board-${size}.png`, fullPage: true });
    for (const [i, { id }] of GAMES.entries()) {
      test.info().annotations.push({ type: 'height', description: `${id}: picture ${before[i].height.toFixed(1)} px, board ${after[i].height.toFixed(1)} px` });
    }
    const shift = await layoutShiftSoFar(page);
    test.info().annotations.push({ type: 'layout shift', description: shift.toFixed(4) });
    for (const [i, { id, same }] of GAMES.entries()) if (same) expect(Math.abs(after[i].height - before[i].height), id).toBeLessThan(0.05 * after[i].height);
    expect(shift).toBeLessThan(0.05);
  });
}

test('on a Slow 3G network the picture is on screen as the page is, long before the board', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  // Chromium's Slow 3G: 400 ms of latency, 400 kbit/s down (of which 80 % is had).
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: (400 * 1024 * 0.8) / 8, uploadThroughput: (400 * 1024 * 0.8) / 8 });
  const start = Date.now();
  await page.goto(`${address}post.html`, { waitUntil: 'commit' });
  await expect(page.locator('grundy-game > svg').first()).toBeVisible();
  const pictureMs = Date.now() - start;
  // Drawn before the element's script has arrived.
  expect(await page.evaluate(() => customElements.get('grundy-game') === undefined)).toBe(true);
  await expect(page.locator('grundy-game [part="board"]')).toHaveCount(GAMES.length, { timeout: 60_000 });
  const boardMs = Date.now() - start;
  test.info().annotations.push({ type: 'Slow 3G', description: `picture at ${pictureMs} ms, live boards at ${boardMs} ms` });
  expect(pictureMs).toBeLessThan(boardMs / 3);
});

