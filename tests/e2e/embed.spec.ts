/**
 * The embeddable bundle on a page of its own: only dist/embed's files and
 * two <grundy-game> elements, served from paths unlike the playground's.
 */
import { cpSync, mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { serve } from '../../scripts/serve.mjs';
import { heapSizes, layoutShiftSoFar, recordLayoutShifts, watchConsole } from './helpers';
import { LOAD_RETRY_MS } from '../../web/src/engine/protocol';

const post = (scriptSrc: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A post about Nim</title>
<link rel="icon" href="data:,">
<script type="module" src="${scriptSrc}"></script></head>
<body>
<p>Here is a Nim position you lose if you move first:</p>
<grundy-game id="first" game="nim" position="1 2 3" mode="play" ai-delay="50" seed="1"></grundy-game>
<p>And one you can win:</p>
<grundy-game id="second" game="nim" position="2 5" mode="play" opponent="human"></grundy-game>
</body></html>`;

let site: Server;
let cdn: Server;
const origin = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

let blogRoot: string;

test.beforeAll(async () => {
  const root = (blogRoot = mkdtempSync(join(tmpdir(), 'grundy-embed-')));
  // The blog keeps the bundle under its own static folder, two levels from the post.
  mkdirSync(join(root, 'blog/2026/nim'), { recursive: true });
  cpSync('dist/embed', join(root, 'static/vendor/grundy'), { recursive: true });
  writeFileSync(join(root, 'blog/2026/nim/index.html'), post('../../../static/vendor/grundy/grundy-game.js'));
  site = await serve(root);
  // A second origin standing in for a CDN that serves the same files.
  cdn = await serve('dist/embed');
  writeFileSync(join(root, 'blog/2026/nim/cdn.html'), post(`${origin(cdn)}/grundy-game.js`));
  // A post with a game and a lesson, the game's script first, and the game's script again.
  const vendor = '../../../static/vendor/grundy';
  writeFileSync(
    join(root, 'blog/2026/nim/both.html'),
    post(`${vendor}/grundy-game.js`).replace(
      '</head>',
      `<script type="module" src="${vendor}/grundy-lesson.js"></script><script type="module" src="${origin(cdn)}/grundy-game.js"></script></head>`,
    ).replace(
      '</body>',
      '<grundy-lesson id="lesson"><script type="text/markdown">## Kayles\n\n```grundy\ngame: kayles\nposition: 3 4\n```\n</script></grundy-lesson></body>',
    ),
  );
  // A post that names what the element fetches after its script, as the builder's snippet does.
  writeFileSync(
    join(root, 'blog/2026/nim/preload.html'),
    post(`${vendor}/grundy-game.js`).replace(
      '<head>',
      `<head><link rel="modulepreload" href="${vendor}/grundy-chunk-grundy-game.js"><link rel="preload" href="${vendor}/grundy-heaps.wasm" as="fetch" crossorigin>`,
    ),
  );
  // A blog whose Content-Security-Policy allows workers from its own origin only, with the script from the CDN;
  // and the same blog naming its own copies of the workers.
  const strict = post(`${origin(cdn)}/grundy-game.js`).replace('<head>', `<head><meta http-equiv="Content-Security-Policy" content="worker-src 'self'">`);
  writeFileSync(join(root, 'blog/2026/nim/csp.html'), strict);
  writeFileSync(
    join(root, 'blog/2026/nim/csp-workers.html'),
    strict
      .replace('</head>', '<meta name="grundy-workers" content="/static/vendor/grundy/"></head>')
      .replace('</body>', '<grundy-game id="kayles" game="octal" position="0.77\n3 4"></grundy-game></body>'),
  );
  // A dark blog that says so by its color-scheme, with a lesson that sets one colour of its own.
  writeFileSync(
    join(root, 'blog/2026/nim/dark.html'),
    post(`${vendor}/grundy-lesson.js`)
      .replace('<html lang="en">', '<html lang="en" style="color-scheme: dark; background: #111; color: #eee">')
      .replace('</head>', '<style>grundy-lesson { --grundy-accent: rgb(255, 0, 0); }</style></head>')
      .replace('id="second"', 'id="second" theme="light"')
      .replace(
        '</body>',
        '<grundy-lesson id="lesson"><script type="text/markdown">## Kayles\n\n```grundy\ngame: kayles\nposition: 3 4\n```\n</script></grundy-lesson></body>',
      ),
  );
  // A blog that switches its theme by data-theme on <html> and says nothing of color-scheme,
  // with a card of its own around the second game.
  writeFileSync(
    join(root, 'blog/2026/nim/data-theme.html'),
    post(`${vendor}/grundy-game.js`)
      .replace('</head>', '<style>html { background: #fafafa; color: #222; } html[data-theme="dark"] { background: oklch(20% 0.02 260); color: #eee; } .card { background: #0d1117; padding: 8px; }</style></head>')
      .replace(/(<grundy-game id="second"[^>]*><\/grundy-game>)/, '<div class="card">$1</div>'),
  );
  // A lesson in a narrow and in a wide column of a blog whose styles reach into everything they can.
  const lesson = '<grundy-lesson><script type="text/markdown">## Kayles\n\nKnock down one pin or two side by side; the last to knock one down wins.\n\n```grundy\ngame: kayles\nposition: 3 4\nreveal: steps\n```\n</script></grundy-lesson>';
  writeFileSync(
    join(root, 'blog/2026/nim/columns.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Columns</title><link rel="icon" href="data:,">
<script type="module" src="${vendor}/grundy-lesson.js"></script>
<style>body { font-size: 22px; line-height: 3; letter-spacing: 0.3em; text-align: justify; word-break: break-all; white-space: pre; text-transform: uppercase; }
article * { box-sizing: content-box; }</style></head>
<body><article id="narrow" style="width: 360px">${lesson}</article><article id="wide" style="width: 700px">${lesson}</article></body></html>`,
  );
  // Two installs that each miss one of the engine's files.
  for (const missing of MISSING) {
    const folder = join(root, 'static/missing', missing);
    cpSync('dist/embed', folder, { recursive: true, filter: (source) => !source.endsWith(`/${missing}`) });
    writeFileSync(join(root, `blog/2026/nim/missing-${missing}.html`), post(`../../../static/missing/${missing}/grundy-game.js`));
  }
});

// A post of Nim games loads the heap games' engine.
const MISSING = ['grundy-worker.js', 'grundy-heaps.wasm'];

/** Adds a `<grundy-game>` with `attributes` to the end of the page, as a page's own script would. */
function addGame(page: Page, attributes: Record<string, string>): Promise<void> {
  return page.evaluate((given) => {
    const element = document.createElement('grundy-game');
    for (const [name, value] of Object.entries(given)) element.setAttribute(name, value);
    document.body.append(element);
  }, attributes);
}

test.afterAll(() => {
  site.close();
  cdn.close();
});

for (const variant of ['index.html', 'cdn.html']) {
  test(`two embedded games work independently (${variant})`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto(`${origin(site)}/blog/2026/nim/${variant}`);
    const first = page.locator('#first');
    const second = page.locator('#second');
    await expect.poll(() => heapSizes(first)).toEqual([1, 2, 3]);
    await expect.poll(() => heapSizes(second)).toEqual([2, 5]);
    await expect(first.locator('.sum')).toContainText('= *0');
    await expect(second.locator('.sum')).toContainText('= *7');

    // A move in the second changes only the second.
    await second.locator('.heap').nth(1).locator('button.counter').nth(2).click();
    await expect.poll(() => heapSizes(second)).toEqual([2, 2]);
    await expect(second.locator('.status')).toContainText('Player 2 to move');
    expect(await heapSizes(first)).toEqual([1, 2, 3]);

    // A move in the first gets the computer's reply there, and nowhere else:
    // taking heap 3 leaves 1 2 0 (nim-sum 3), and the reply restores nim-sum 0.
    await first.locator('.heap').nth(2).locator('button.counter').nth(0).click();
    await expect
      .poll(async () => {
        const sizes = await heapSizes(first);
        return sizes[2] === 0 && sizes.reduce((a, b) => a ^ b, 0) === 0;
      })
      .toBe(true);
    await expect(first.locator('.status')).toContainText('Your turn');
    expect(await heapSizes(second)).toEqual([2, 2]);
    expect(problems).toEqual([]);
  });
}

test('a game and a lesson on one post, and the game\'s script twice, all work, with one engine', async ({ page }) => {
  const problems = watchConsole(page);
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(request.url()));
  await page.goto(`${origin(site)}/blog/2026/nim/both.html`);
  await expect.poll(() => heapSizes(page.locator('#first'))).toEqual([1, 2, 3]);
  const lesson = page.locator('#lesson');
  await expect(lesson.getByRole('heading', { name: 'Kayles' })).toBeVisible();
  await expect(lesson.locator('grundy-game grundy-rows .row')).toHaveCount(2);
  await expect(lesson.locator('grundy-game .sum')).toContainText('*3 ⊕ *1');
  // The lesson's script shares the game's code, its worker and its .wasm: each is fetched once from the
  // blog (the copy on the other origin is a script of its own, which defines nothing and starts no engine).
  // Nim and Kayles are of two families, so the one engine is the whole one.
  const files = fetched.filter((url) => url.startsWith(origin(site))).map((url) => new URL(url).pathname.split('/').pop()!);
  const once = (name: RegExp) => files.filter((file) => name.test(file)).length;
  expect(fetched.filter((url) => url.startsWith(origin(cdn)) && /worker|wasm/.test(url))).toEqual([]);
  expect([once(/^grundy-chunk-grundy-game\.js$/), once(/^grundy-worker\.js$/), once(/\.wasm$/), once(/^grundy_bg\.wasm$/)]).toEqual([1, 1, 1, 1]);
  expect(problems).toEqual([]);
});

/** When each file of the page was asked for and when it had arrived, by file name. */
async function resourceTimes(page: Page): Promise<Map<string, { start: number; end: number; times: number }>> {
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => ({ file: new URL(e.name).pathname.split('/').pop()!, start: e.startTime, end: (e as PerformanceResourceTiming).responseEnd })),
  );
  const times = new Map<string, { start: number; end: number; times: number }>();
  for (const { file, start, end } of entries) times.set(file, { start, end, times: (times.get(file)?.times ?? 0) + 1 });
  return times;
}

test('on a slow network the engine downloads beside the worker\'s script, and with the snippet\'s hints beside the element\'s own', async ({ page }) => {
  const problems = watchConsole(page);
  const network = await page.context().newCDPSession(page);
  await network.send('Network.enable');
  // Each request takes 300 ms more, and the bytes come at 200 kB/s.
  await network.send('Network.emulateNetworkConditions', { offline: false, latency: 300, downloadThroughput: 200_000, uploadThroughput: 200_000 });
  await page.goto(`${origin(site)}/blog/2026/nim/index.html`);
  await expect(page.locator('#second .sum')).toContainText('= *7', { timeout: 60_000 });
  const plain = await resourceTimes(page);
  // The page asks for the .wasm as it starts the worker, not once the worker's script has run.
  expect(plain.get('grundy-heaps.wasm')!.start).toBeLessThan(plain.get('grundy-worker.js')!.end);
  // Without hints, the element's code is found only once its script has arrived.
  expect(plain.get('grundy-chunk-grundy-game.js')!.start).toBeGreaterThanOrEqual(plain.get('grundy-game.js')!.end);

  await page.goto(`${origin(site)}/blog/2026/nim/preload.html`);
  await expect(page.locator('#second .sum')).toContainText('= *7', { timeout: 60_000 });
  const hinted = await resourceTimes(page);
  // With them, the code and the engine are on their way before the script has arrived, each fetched once.
  for (const file of ['grundy-chunk-grundy-game.js', 'grundy-heaps.wasm']) {
    expect(hinted.get(file)!.start, file).toBeLessThan(hinted.get('grundy-game.js')!.end);
    expect(hinted.get(file)!.times, file).toBe(1);
  }
  // A hint the page did not use would be warned of.
  expect(problems).toEqual([]);
});

test('a strict Content-Security-Policy: a script from a CDN names the meta that mends it, and with it runs its workers from the blog\'s copies', async ({ page }) => {
  await page.goto(`${origin(site)}/blog/2026/nim/csp.html`);
  const first = page.locator('#first');
  await expect(first.getByRole('alert')).toContainText('<meta name="grundy-workers" content="…">', { timeout: 30_000 });
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.goto(`${origin(site)}/blog/2026/nim/csp-workers.html`);
  await expect(page.locator('#second .sum')).toContainText('= *7');
  await expect(page.locator('#kayles .sum')).toContainText('*3 ⊕ *1');
  // The sequence explorer's worker comes from the same folder.
  await page.locator('#kayles summary', { hasText: 'Sequence explorer' }).click();
  await expect(page.locator('#kayles grundy-sequence .summary')).toContainText('(proved)');
  expect([...new Set(workers.map((url) => new URL(url).pathname))].sort()).toEqual(['/static/vendor/grundy/grundy-sequence-worker.js', '/static/vendor/grundy/grundy-worker.js']);
});

test('a post of Nim games fetches the heap games\' engine only, 200 KB gzipped in all', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto(`${origin(site)}/blog/2026/nim/index.html`);
  await expect(page.locator('#second .sum')).toContainText('= *7');
  const files = fetched.filter((path) => path.startsWith('/static/vendor/grundy/')).map((path) => path.split('/').pop()!);
  expect(files.filter((file) => file.endsWith('.wasm'))).toEqual(['grundy-heaps.wasm']);
  const gzipped = files.reduce((total, file) => total + gzipSync(readFileSync(join('dist/embed', file)), { level: 9 }).length, 0);
  expect(gzipped).toBeLessThanOrEqual(200_000);
});

/** A post of four games in a 720-px column, each given the height `heights` says, as the builder's snippet gives it. */
function fourGames(heights: number[] = []): string {
  const games = [
    'game="nim" position="3 4 5" controls="play"',
    'game="octal" position="0.77&#10;3 4 5"',
    'game="darkraft" controls="none"',
    'game="nim" position="1 2 3" controls="play" puzzle',
  ].map((attributes, i) => `<grundy-game ${attributes}${heights[i] ? ` style="display:block;min-height:${heights[i]}px"` : ''}></grundy-game>`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Four games</title>
<link rel="icon" href="data:,"><script type="module" src="../../../static/vendor/grundy/grundy-game.js"></script>
<style>body { max-width: 720px; margin: 0 auto; padding: 0 12px; font: 18px/1.6 Georgia, serif; }</style></head>
<body><h1>Four games</h1><p>A paragraph before the first game.</p>${games.map((game) => `${game}<p>A paragraph under it, which moves if the game above changes height while it loads.</p>`).join('')}</body></html>`;
}

/** The page's cumulative layout shift once its four games have drawn their boards. */
async function layoutShift(page: Page, url: string): Promise<number> {
  await recordLayoutShifts(page);
  await page.goto(url);
  await expect(page.locator('grundy-game [part="board"]')).toHaveCount(4);
  await page.waitForTimeout(1000);
  return layoutShiftSoFar(page);
}

test('four games whose snippets give their height load without moving the post on a desktop or a phone', async ({ browser }) => {
  const desktop = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  writeFileSync(join(blogRoot, 'blog/2026/nim/four-unsized.html'), fourGames());
  await desktop.goto(`${origin(site)}/blog/2026/nim/four-unsized.html`);
  await expect(desktop.locator('grundy-game [part="board"]')).toHaveCount(4);
  // What the builder measures in its preview, at a desktop's width, once the games have settled.
  const measure = () => desktop.locator('grundy-game').evaluateAll((games) => games.map((game) => Math.round(game.getBoundingClientRect().height)));
  let heights = await measure();
  // Settled: the same twice in a row, and again half a second later.
  await expect
    .poll(async () => {
      const before = heights.join();
      heights = await measure();
      if (before !== heights.join()) return false;
      await desktop.waitForTimeout(500);
      return heights.join() === (await measure()).join();
    })
    .toBe(true);
  writeFileSync(join(blogRoot, 'blog/2026/nim/four.html'), fourGames(heights));
  const onDesktop = await layoutShift(await browser.newPage({ viewport: { width: 1280, height: 900 } }), `${origin(site)}/blog/2026/nim/four.html`);
  const onPhone = await layoutShift(await browser.newPage({ viewport: { width: 390, height: 844 } }), `${origin(site)}/blog/2026/nim/four.html`);
  console.info(`layout shift of four sized games: ${onDesktop.toFixed(3)} on a desktop, ${onPhone.toFixed(3)} on a phone`);
  // Without the heights, about 0.57 on a phone. With them, the one shift left was inside a game:
  // its panel, drawn before the engine answered, pushed down by the board once drawn (0.10 on a phone).
  expect(onDesktop).toBeLessThan(0.05);
  expect(onPhone).toBeLessThan(0.05);
});

test('on a dark page and a light system, games follow the page unless told, and a lesson hands its colours on', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const problems = watchConsole(page);
  await page.goto(`${origin(site)}/blog/2026/nim/dark.html`);
  const look = (selector: string) =>
    page.locator(selector).evaluate((element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, accent: style.getPropertyValue('--grundy-accent').trim() };
    });
  const nested = '#lesson grundy-game';
  await expect(page.locator(nested).locator('.sum')).toContainText('*3 ⊕ *1');
  // The page's color-scheme wins over the system's; theme="light" wins over both.
  expect((await look('#first')).background).toBe('rgb(22, 24, 29)');
  expect((await look('#second')).background).toBe('rgb(255, 255, 255)');
  // The game in the lesson is dark too, and takes the colour the page set on the lesson.
  expect(await look(nested)).toEqual({ background: 'rgb(22, 24, 29)', accent: 'rgb(255, 0, 0)' });
  // The blog switches to light: the games that follow it switch at once.
  await page.evaluate(() => document.documentElement.style.setProperty('color-scheme', 'light'));
  await expect.poll(async () => (await look('#first')).background).toBe('rgb(255, 255, 255)');
  await expect.poll(async () => (await look(nested)).background).toBe('rgb(255, 255, 255)');
  // A theme set by script later is kept as well.
  await page.locator('#second').evaluate((element) => element.setAttribute('theme', 'dark'));
  await expect.poll(async () => (await look('#second')).background).toBe('rgb(22, 24, 29)');
  expect(problems).toEqual([]);
});

test('a blog that switches its theme by data-theme alone switches the games, by the background they sit on', async ({ page }) => {
  // A dark system: a light blog's games are light all the same.
  await page.emulateMedia({ colorScheme: 'dark' });
  const problems = watchConsole(page);
  await page.goto(`${origin(site)}/blog/2026/nim/data-theme.html`);
  const background = (selector: string) => page.locator(selector).evaluate((element) => getComputedStyle(element).backgroundColor);
  await expect.poll(() => heapSizes(page.locator('#first'))).toEqual([1, 2, 3]);
  expect(await background('#first')).toBe('rgb(255, 255, 255)');
  // The second sits on a dark card of the blog's own.
  expect(await background('#second')).toBe('rgb(22, 24, 29)');
  await page.screenshot({ path: 'tests/screenshots/embed-data-theme-light.png', fullPage: true });
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await expect.poll(() => background('#first')).toBe('rgb(22, 24, 29)');
  await page.screenshot({ path: 'tests/screenshots/embed-data-theme-dark.png', fullPage: true });
  await page.evaluate(() => document.documentElement.removeAttribute('data-theme'));
  await expect.poll(() => background('#first')).toBe('rgb(255, 255, 255)');
  // On a transparent page the reader's system decides.
  await page.evaluate(() => document.documentElement.style.setProperty('background', 'transparent'));
  await expect.poll(() => background('#first')).toBe('rgb(22, 24, 29)');
  expect(problems).toEqual([]);
});

test('games in a post add no landmark of their own to it, so that two are never two unnamed asides', async ({ page }) => {
  await page.goto(`${origin(site)}/blog/2026/nim/index.html`);
  await expect.poll(() => heapSizes(page.locator('#second'))).toEqual([2, 5]);
  // The post's own landmarks (it has no <main>) are the blog's to mend.
  const results = await new AxeBuilder({ page }).disableRules(['landmark-one-main']).analyze();
  const landmarks = results.violations.filter((v) => v.id.startsWith('landmark')).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(landmarks).toEqual([]);
  expect(await page.locator('grundy-game').evaluateAll((games) => games.flatMap((g) => [...g.shadowRoot!.querySelectorAll('aside, nav, main, header, footer, section:not([role])')].map((e) => e.tagName)))).toEqual([]);
});

test('Cancel while a game first opens leaves a Retry, which opens it', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto(`${origin(site)}/blog/2026/nim/index.html`);
  await expect.poll(() => heapSizes(page.locator('#first'))).toEqual([1, 2, 3]);
  // Every move of a 5 × 6 Cram board is valued before the board shows: seconds of work.
  await addGame(page, { id: 'cram', game: 'cram', position: Array(5).fill('......').join('\n') });
  const cram = page.locator('#cram');
  await cram.getByRole('button', { name: 'Cancel' }).click();
  await expect(cram.getByRole('alert')).toContainText('Stopped before the game was shown');
  await cram.screenshot({ path: 'tests/screenshots/embed-stopped-retry.png' });
  await cram.getByRole('button', { name: 'Retry' }).click();
  await expect(cram.getByRole('alert')).toHaveCount(0);
  await expect(cram.locator('[part="board"] button').first()).toBeVisible({ timeout: 60_000 });
  // The other games on the post carry on.
  await expect.poll(() => heapSizes(page.locator('#first'))).toEqual([1, 2, 3]);
  expect(problems).toEqual([]);
});

for (const column of ['narrow', 'wide']) {
  test(`a lesson in a ${column} column of a desktop page lays out by its column, each row of pins on one line`, async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    const problems = watchConsole(page);
    await page.goto(`${origin(site)}/blog/2026/nim/columns.html`);
    const lesson = page.locator(`#${column} grundy-lesson`);
    const game = lesson.locator('grundy-game');
    await expect(game.locator('grundy-rows .row')).toHaveCount(2);
    const text = lesson.locator('.text p');
    const [textBox, boardBox] = [await text.boundingBox(), await game.locator('grundy-rows').boundingBox()];
    // Type for a column, not for the window, in lines of several words.
    expect(await text.evaluate((p) => parseFloat(getComputedStyle(p).fontSize))).toBeLessThanOrEqual(column === 'narrow' ? 17 : 30);
    expect(textBox!.height).toBeLessThan(column === 'narrow' ? 260 : 160);
    // Below 60 em the board goes under the text, as wide as the column allows.
    if (column === 'narrow') expect(boardBox!.y).toBeGreaterThan(textBox!.y + textBox!.height);
    expect(boardBox!.width).toBeGreaterThan(column === 'narrow' ? 280 : 560);
    expect(boardBox!.height).toBeGreaterThan(80);
    // Three pins and four, each row on one line.
    for (const [row, pins] of [[0, 3], [1, 4]]) {
      const tops = await game.locator('grundy-rows .row').nth(row).locator('button.piece').evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().top));
      expect(tops).toHaveLength(pins);
      expect(new Set(tops).size).toBe(1);
    }
    // What the page's styles pass down does not reach the game's text.
    expect(await game.locator('.toolbar .step').evaluate((s) => getComputedStyle(s).textTransform)).toBe('none');
    expect(problems).toEqual([]);
  });
}

test('a row of a hundred pins stays one line in a phone-wide column, and scrolls', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${origin(site)}/blog/2026/nim/index.html`);
  await addGame(page, { id: 'long', game: 'octal', position: '0.77\n100' });
  const pieces = page.locator('#long grundy-rows .pieces');
  await expect(pieces.locator('button.piece')).toHaveCount(100);
  const tops = await pieces.locator('button.piece').evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().top));
  expect(new Set(tops).size).toBe(1);
  expect(await pieces.evaluate((row) => row.scrollWidth > row.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('malformed embed attributes show the element\'s own error, not a script error', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto(`${origin(site)}/blog/2026/nim/index.html`);
  await addGame(page, { id: 'bad', game: 'nim', mode: '<img src=x onerror=alert(1)>', level: 'NaN', position: '1 2 <b>3</b>' });
  const bad = page.locator('#bad');
  await expect(bad.locator('.text .error')).toContainText("Line 1, column 5: heap 3 must be a whole number");
  await expect(bad.locator('b')).toHaveCount(0);
  await expect(bad.locator('img')).toHaveCount(0);
  // Each value it cannot use is named on the element, as text, and once in the console.
  await expect(bad.locator('.attribute-note')).toHaveText([
    'mode="<img src=x onerror=alert(1)>" is not one of edit, play, analyse; the default is used.',
    'level="NaN" is not one of optimal, strong, casual, random or a number from 0 to 1; the default is used.',
  ]);
  expect(problems).toEqual([
    'warning: grundy-game: mode="<img src=x onerror=alert(1)>" is not one of edit, play, analyse; the default is used',
    'warning: grundy-game: level="NaN" is not one of optimal, strong, casual, random or a number from 0 to 1; the default is used',
  ]);
});

test('a misspelt word in an attribute that hides values or sets the play is refused, never read as the default', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto(`${origin(site)}/blog/2026/nim/index.html`);
  await addGame(page, { id: 'typo', game: 'nim', position: '1 2 3', values: 'hiden' });
  await addGame(page, { id: 'accent', game: 'nim', position: '1 1', play: 'misère', controls: 'play' });
  await addGame(page, { id: 'puzzle', game: 'nim', position: '3 4 5', puzzle: '' });
  const typo = page.locator('#typo');
  await expect(typo.getByRole('alert')).toHaveText('values="hiden" is not one of shown, hidden: this game shows once it is.');
  // Nothing of the game: no board, no status, no value anywhere in it.
  await expect(typo.locator('[part="board"], .status, .sum')).toHaveCount(0);
  expect(await typo.evaluate((element) => element.shadowRoot?.textContent ?? '')).not.toMatch(/\*\d|wins|loses/);
  // Mended, the game shows, its values hidden as meant.
  await typo.evaluate((element) => element.setAttribute('values', 'hidden'));
  await expect(typo.locator('grundy-heaps')).toBeVisible();
  await expect(typo.getByRole('alert')).toHaveCount(0);
  await expect(typo.locator('.sum')).toHaveCount(0);
  // "misère", with its accent, is misère play: taking one of two singletons wins.
  const accent = page.locator('#accent');
  await expect(accent).toHaveAttribute('play', 'misere');
  await expect(accent.locator('.status')).toBeVisible();
  // A puzzle hides values, and offers no Analyse, whose status says who wins.
  const puzzle = page.locator('#puzzle');
  await expect(puzzle.getByRole('group', { name: 'Mode' }).getByRole('button')).toHaveText(['Edit', 'Play']);
  await puzzle.evaluate((element) => element.setAttribute('mode', 'analyse'));
  await expect(puzzle.locator('.status')).not.toContainText('perfect play');
  expect(problems).toEqual(['warning: grundy-game: values="hiden" is not one of shown, hidden: this game shows once it is']);
});

/** The bank's puzzles of `game`, as the embed reads them. */
function bankOf(game: string): { position: string; play: string; themes: string[] }[] {
  return JSON.parse(readFileSync(`web/src/puzzles/bank/${game}.json`, 'utf8'));
}

test('a post asks the bank for a puzzle: the daily one, or a random one of a game and theme, and another after it', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto(`${origin(site)}/blog/2026/nim/index.html`);
  await addGame(page, { id: 'daily', puzzle: 'daily', controls: 'play' });
  await addGame(page, { id: 'mirror', game: 'nim', puzzle: 'random', 'puzzle-theme': 'mirror', seed: '3', controls: 'play' });
  await addGame(page, { id: 'same', game: 'nim', puzzle: 'random', 'puzzle-theme': 'mirror', seed: '3', controls: 'play' });
  await addGame(page, { id: 'misere', game: 'octal', puzzle: 'random', play: 'misere', controls: 'play' });
  const daily = page.locator('#daily');
  await expect(daily.locator('.status')).toContainText('Puzzle: find the move that wins.');
  // The day's puzzle, the same the Puzzles page gives everyone today: a normal-play puzzle of the bank.
  const dailyGame = await daily.getAttribute('game');
  const dailyText = await daily.evaluate((element) => (element as HTMLElementTagNameMap['grundy-game']).position);
  expect(bankOf(dailyGame!).filter((p) => p.play === 'normal').map((p) => p.position)).toContain(dailyText);
  // A random puzzle of Nim's mirror theme; the same seed draws the same.
  const mirror = page.locator('#mirror');
  await expect(mirror.locator('.status')).toContainText('Puzzle: find the move that wins.');
  const text = (id: string) => page.locator(id).evaluate((element) => (element as HTMLElementTagNameMap['grundy-game']).position);
  const first = await text('#mirror');
  const themed = bankOf('nim').filter((p) => p.play === 'normal' && p.themes.includes('mirror')).map((p) => p.position);
  expect(themed).toContain(first);
  await expect(page.locator('#same .status')).toContainText('Puzzle:');
  expect(await text('#same')).toBe(first);
  // No value shows, and Another puzzle comes only once this one is over.
  await expect(mirror.locator('.sum')).toHaveCount(0);
  await expect(mirror.getByRole('button', { name: 'Another puzzle' })).toHaveCount(0);
  await mirror.getByRole('button', { name: 'Show solution' }).click();
  await mirror.getByRole('button', { name: 'Another puzzle' }).click();
  await expect(mirror.locator('.status')).toContainText('Puzzle: find the move that wins.');
  await expect.poll(() => text('#mirror')).not.toBe(first);
  expect(themed).toContain(await text('#mirror'));
  // Misère play draws from the bank's misère puzzles.
  const misere = page.locator('#misere');
  await expect(misere.locator('.status')).toContainText('Puzzle:');
  expect(bankOf('octal').filter((p) => p.play === 'misere').map((p) => p.position)).toContain(await text('#misere'));
  expect(problems).toEqual([]);
});

test('a bank puzzle the bank cannot give says why, and a misspelt puzzle word is refused', async ({ page }) => {
  await page.goto(`${origin(site)}/blog/2026/nim/index.html`);
  await addGame(page, { id: 'theme', game: 'nim', puzzle: 'random', 'puzzle-theme': 'mirorr' });
  await addGame(page, { id: 'game', game: 'digraph', puzzle: 'random' });
  await addGame(page, { id: 'typo', game: 'nim', position: '3 4 5', puzzle: 'dialy' });
  await expect(page.locator('#theme').getByRole('alert')).toContainText('No nim puzzle under normal play has the theme mirorr: its themes are mirror, nim-sum, unique');
  await expect(page.locator('#game').getByRole('alert')).toContainText('The puzzle bank has no puzzles of digraph: set game to one of nim, ');
  const typo = page.locator('#typo');
  await expect(typo.getByRole('alert')).toHaveText('puzzle="dialy" is not one of daily, random or empty (the position given): this game shows once it is.');
  await expect(typo.locator('[part="board"], .status, .sum')).toHaveCount(0);
  // Mended, the theme draws its puzzle.
  await page.locator('#theme').evaluate((element) => element.setAttribute('puzzle-theme', 'mirror'));
  await expect(page.locator('#theme .status')).toContainText('Puzzle: find the move that wins.');
});

test('a misspelt word in an attribute is named on the element, and mended it goes', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto(`${origin(site)}/blog/2026/nim/index.html`);
  const first = page.locator('#first');
  await expect(first.locator('.sum')).toContainText('= *0');
  await first.evaluate((element) => element.setAttribute('mode', 'plya'));
  await expect(first.locator('.attribute-note')).toHaveText('mode="plya" is not one of edit, play, analyse; the default is used.');
  await first.evaluate((element) => element.setAttribute('mode', 'analyse'));
  await expect(first.locator('.attribute-note')).toHaveCount(0);
  expect(problems).toEqual(['warning: grundy-game: mode="plya" is not one of edit, play, analyse; the default is used']);
});

for (const missing of MISSING) {
  test(`a missing ${missing} costs a handful of requests, then each game names the address that failed`, async ({ page }) => {
    const problems = watchConsole(page);
    const path = `/static/missing/${missing}/${missing}`;
    let requests = 0;
    const count = (request: { url?: string }) => void (request.url?.startsWith(path) && requests++);
    site.on('request', count);
    try {
      await page.goto(`${origin(site)}/blog/2026/nim/missing-${missing}.html`);
      for (const id of ['#first', '#second']) {
        const game = page.locator(id);
        await expect(game.getByRole('alert')).toContainText(`did not load from ${origin(site)}${path}`, { timeout: 30_000 });
        await expect(game.locator('.status')).toHaveText('The game could not be opened.');
        await expect(game.locator('.text .error')).toHaveCount(0);
      }
      // Nothing more is asked for once it has been given up.
      const given = requests;
      await page.waitForTimeout(6_000);
      expect(requests).toBe(given);
      expect(given).toBeLessThanOrEqual(LOAD_RETRY_MS.length + 1);
      expect(problems.filter((problem) => problem.includes('grundy-game:'))).toHaveLength(1);
    } finally {
      site.off('request', count);
    }
  });
}
