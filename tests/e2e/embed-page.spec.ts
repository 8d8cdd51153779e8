/** The embed page builds snippets that work; the iframe page shows one game. */
import { expect, test } from '@playwright/test';
import { heapSizes, layoutShiftSoFar, recordLayoutShifts } from './helpers';

/** The height a snippet keeps for its game: one, or a phone's below 640 px of screen and a desktop's above. */
const RESERVED = String.raw`(\d+px|clamp\((\d+)px, \2px \+ \(640px - 100vw\) \* 1000, \d+px\))`;
/** The picture of the position a snippet's element holds until its board is ready. */
const PICTURE = String.raw`<svg xmlns="http://www\.w3\.org/2000/svg" [\s\S]*</svg>`;

test('the embed page previews the choice and writes an escaped snippet', async ({ page }) => {
  await page.goto('/embed.html');
  const builder = page.locator('grundy-embed-builder');
  await expect(builder.locator('section grundy-game .sum')).toBeVisible();
  await builder.locator('form').getByRole('combobox', { name: /^Game/ }).selectOption('string-game');
  await builder.locator('form textarea').fill('1\npawpawpawpaw\n1\npawpaw\n');
  await builder.locator('form textarea').blur();
  await builder.locator('form').getByRole('combobox', { name: /^Mode/ }).selectOption('analyse');
  await expect(builder.locator('section grundy-game grundy-text')).toBeVisible();
  const snippet = await builder.getByLabel('Snippet').inputValue();
  // What the element fetches after its script is named first, so that it all downloads at once: its code and the words' engine.
  expect(snippet).toMatch(
    new RegExp(
      String.raw`^<link rel="modulepreload" href="http://127\.0\.0\.1:\d+/embed/grundy-chunk-grundy-game\.js">\n` +
        String.raw`<link rel="preload" href="http://127\.0\.0\.1:\d+/embed/grundy-words\.wasm" as="fetch" crossorigin>\n` +
        String.raw`<script type="module" src="http://127\.0\.0\.1:\d+/embed/grundy-game\.js"></script>\n`,
    ),
  );
  // The snippet keeps the game's place on the page while it loads, as tall as it will be in the reader's column.
  await expect
    .poll(() => builder.getByLabel('Snippet').inputValue())
    .toMatch(new RegExp(`<grundy-game game="string-game" position="1\npawpawpawpaw\n1\npawpaw" mode="analyse" style="display:block;min-height:${RESERVED}">${PICTURE}</grundy-game>$`));
  const iframe = await builder.getByLabel('Iframe').inputValue();
  expect(iframe).toContain('frame.html?game=string-game&amp;position=1%0Apawpawpawpaw');
  await page.screenshot({ path: 'tests/screenshots/embed-page.png', fullPage: true });
});

test("the builder's snippet holds a picture of the position, shown where no script runs, with no value in a puzzle", async ({ page, browser }) => {
  await page.goto('/embed.html');
  const builder = page.locator('grundy-embed-builder');
  await expect(builder.locator('section grundy-game .sum')).toBeVisible();
  const snippet = () => builder.getByLabel('Snippet').inputValue();
  const picture = async () => /<grundy-game [^>]*>(<svg [\s\S]*<\/svg>)<\/grundy-game>$/.exec(await snippet())?.[1] ?? '';
  // Nim 3 4 5 with its values: the preview's badges, *3, *4 and *5.
  await expect.poll(picture).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [\s\S]*>\*3<[\s\S]*>\*4<[\s\S]*>\*5</);
  // A puzzle hides its values, in its picture too.
  await builder.locator('form').getByRole('combobox', { name: /^Puzzle/ }).selectOption('position');
  await expect.poll(snippet).toMatch(/ puzzle style="[^"]*"><svg [\s\S]*<\/svg><\/grundy-game>$/);
  await expect.poll(picture).not.toMatch(/\*\d/);
  expect(await picture()).not.toMatch(/nimber|winning|★/i);
  const hidden = await snippet();
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const reader = await context.newPage();
  await reader.setContent(`<!doctype html><meta name="viewport" content="width=device-width"><p>A puzzle:</p>${hidden}<p>Below it.</p>`);
  await expect(reader.locator('grundy-game > svg')).toBeVisible();
  expect((await reader.locator('grundy-game > svg').boundingBox())!.height).toBeGreaterThan(100);
  await reader.screenshot({ path: 'tests/screenshots/embed-snippet-noscript-phone.png', fullPage: true });
  await context.close();
  // A bank's puzzle is chosen only as the reader opens the page: no picture can show it.
  await builder.locator('form').getByRole('combobox', { name: /^Puzzle/ }).selectOption('daily');
  await expect.poll(snippet).toMatch(/ style="[^"]*"><\/grundy-game>$/);
});

test('the builder follows typing, says beside the field what is wrong, and makes a puzzle with play controls', async ({ page }) => {
  await page.goto('/embed.html');
  const builder = page.locator('grundy-embed-builder');
  await expect(builder.locator('section grundy-game .sum')).toBeVisible();
  const field = builder.getByRole('textbox', { name: 'Position', exact: true });
  const snippet = () => builder.getByLabel('Snippet').inputValue();
  // Each keystroke counts; the field keeps the focus.
  await field.fill('');
  await field.pressSequentially('2 7');
  await expect.poll(snippet).toContain('position="2 7"');
  await expect.poll(() => heapSizes(builder.locator('section grundy-game'))).toEqual([2, 7]);
  await field.pressSequentially(' x');
  await expect(builder.locator('#position-problem')).toHaveText(/^Line 1, column 5: /);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  // No snippet of a position that cannot be read: it would show readers an error.
  await expect.poll(snippet).toMatch(/^Mend the position first: Line 1, column 5: /);
  await expect(builder.getByRole('button', { name: 'Copy snippet' })).toBeDisabled();
  await expect(builder.getByRole('button', { name: 'Copy iframe' })).toBeDisabled();
  await field.press('Backspace');
  await expect(builder.locator('#position-problem')).toHaveText('');
  await expect.poll(snippet).toContain('position="2 7"');
  await expect(builder.getByRole('button', { name: 'Copy snippet' })).toBeEnabled();
  // A puzzle keeps the play controls only, so that nothing shows its answer.
  await builder.locator('form').getByRole('combobox', { name: /^Puzzle/ }).selectOption('position');
  await expect.poll(snippet).toMatch(new RegExp(` controls="play" puzzle style="display:block;min-height:${RESERVED}">${PICTURE}</grundy-game>$`));
  await expect(builder.locator('form').getByRole('combobox', { name: /^Controls/ })).toHaveValue('play');
  await expect(builder.locator('section grundy-game .sum')).toHaveCount(0);
  // A theme asked for by name goes into both snippets and the preview.
  await builder.locator('form').getByRole('combobox', { name: /^Theme/ }).selectOption('dark');
  await expect.poll(snippet).toContain(' theme="dark"');
  expect(await builder.getByLabel('Iframe').inputValue()).toContain('theme=dark');
  await expect
    .poll(() => builder.locator('section grundy-game').evaluate((element) => getComputedStyle(element).backgroundColor))
    .toBe('rgb(22, 24, 29)');
});

test('the builder makes the daily puzzle and a random puzzle of a game and theme, for the snippet and the iframe', async ({ page }) => {
  await page.goto('/embed.html');
  const builder = page.locator('grundy-embed-builder');
  const form = builder.locator('form');
  await expect(builder.locator('section grundy-game .sum')).toBeVisible();
  const snippet = () => builder.getByLabel('Snippet').inputValue();
  const preview = builder.locator('section grundy-game');
  // The daily puzzle brings its own game and position: the builder asks for neither.
  await form.getByRole('combobox', { name: /^Puzzle/ }).selectOption('daily');
  await expect(preview.locator('.status')).toContainText('Puzzle: find the move that wins.');
  await expect.poll(snippet).toMatch(new RegExp(`<grundy-game controls="play" puzzle="daily" style="display:block;min-height:${RESERVED}"></grundy-game>$`));
  await expect(form.getByRole('combobox', { name: /^Game/ })).toHaveCount(0);
  await expect(form.getByRole('textbox', { name: 'Position', exact: true })).toHaveCount(0);
  expect(await builder.getByLabel('Iframe').inputValue()).toMatch(/frame\.html\?controls=play&amp;puzzle=daily"/);
  // A random puzzle of the game chosen, of a theme its puzzles have.
  await form.getByRole('combobox', { name: /^Puzzle(?! theme)/ }).selectOption('random');
  await form.getByRole('combobox', { name: /^Game/ }).selectOption('nim');
  const theme = form.getByRole('combobox', { name: /^Puzzle theme/ });
  await expect(theme.getByRole('option', { name: 'mirror' })).toHaveCount(1);
  await theme.selectOption('mirror');
  await expect.poll(snippet).toMatch(/<grundy-game game="nim" controls="play" puzzle="random" puzzle-theme="mirror" style=/);
  await expect(preview.locator('.status')).toContainText('Puzzle: find the move that wins.');
  const iframe = await builder.getByLabel('Iframe').inputValue();
  expect(iframe).toContain('puzzle=random&amp;puzzle-theme=mirror');
  expect(iframe).not.toContain('position=');
  await page.screenshot({ path: 'tests/screenshots/embed-page-puzzle.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'tests/screenshots/embed-page-puzzle-phone.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  // Back to no puzzle: the game and position chosen come back to the preview.
  await form.getByRole('combobox', { name: /^Puzzle(?! theme)/ }).selectOption('off');
  await expect(preview.locator('.sum')).toBeVisible();
  await expect.poll(snippet).toContain('position="');
});

test('the iframe page shows the game its address names', async ({ page }) => {
  await page.goto('/frame.html?game=nim&position=2+7&mode=play&opponent=human');
  const game = page.locator('grundy-game');
  await expect.poll(() => heapSizes(game)).toEqual([2, 7]);
  await expect(game.locator('.status')).toContainText('Player 1 to move');
});

test('the iframe snippet sizes the frame to its content, and starts at that height, which it keeps without script', async ({ page }) => {
  await page.goto('/embed.html');
  const builder = page.locator('grundy-embed-builder');
  await expect(builder.locator('section grundy-game .sum')).toBeVisible();
  await builder.locator('form').getByRole('combobox', { name: /^Controls/ }).selectOption('none');
  // Once the copies in a phone's and a desktop's column have been measured, the frame starts at their height.
  await expect.poll(() => builder.getByLabel('Iframe').inputValue()).not.toContain('height:640px');
  const snippet = await builder.getByLabel('Iframe').inputValue();
  expect(snippet).toContain('controls=none');
  // The snippet pasted into a blog post on another page.
  // A page of the same server stands in for the blog (a blank page may not load a loopback frame).
  await page.goto('/');
  await page.setContent(`<main style="width:360px">${snippet}</main>`);
  const frame = page.locator('iframe');
  await expect.poll(async () => (await frame.boundingBox())?.height ?? 0).toBeLessThan(400);
  await expect(page.frameLocator('iframe').locator('grundy-heaps .heap')).toHaveCount(3);
  const sized = (await frame.boundingBox())!.height;
  // Without its script, the iframe keeps the height it started with, which is its content's.
  await page.setContent(`<main style="width:360px">${snippet.replace(/<script>[\s\S]*<\/script>/, '')}</main>`);
  await expect(page.frameLocator('iframe').locator('grundy-heaps .heap')).toHaveCount(3);
  expect(Math.abs((await frame.boundingBox())!.height - sized)).toBeLessThanOrEqual(2);
});

test('an iframe far below the fold, on another origin, is sized to its content before it is scrolled to', async ({ page, baseURL }) => {
  await page.goto('/embed.html');
  const builder = page.locator('grundy-embed-builder');
  await expect(builder.locator('section grundy-game .sum')).toBeVisible();
  await builder.locator('form').getByRole('combobox', { name: /^Controls/ }).selectOption('none');
  await expect.poll(() => builder.getByLabel('Iframe').inputValue()).not.toContain('height:640px');
  const snippet = await builder.getByLabel('Iframe').inputValue();
  // The blog is the same server under another name: another origin for the browser.
  await page.goto(baseURL!.replace('127.0.0.1', 'localhost'));
  await page.setContent(`<main style="width:360px"><p style="height:4000px">A long post.</p>${snippet}</main>`);
  const frame = page.locator('iframe');
  await expect.poll(async () => (await frame.boundingBox())?.height ?? 0, { timeout: 10_000 }).toBeLessThan(400);
  expect(await page.evaluate(() => scrollY)).toBe(0);
});

test('the embed page says how tall each controls level is', async ({ page }) => {
  await page.goto('/embed.html');
  const builder = page.locator('grundy-embed-builder');
  await expect(builder.locator('section grundy-game .sum')).toBeVisible();
  const tall = async () => Number((await builder.locator('.size').textContent())?.match(/^(\d+) px tall/)?.[1]);
  const heights: Record<string, number> = {};
  for (const level of ['full', 'play', 'none']) {
    await builder.locator('form').getByRole('combobox', { name: /^Controls/ }).selectOption(level);
    await expect(builder.locator('section grundy-game .toolbar')).toHaveCount(level === 'none' ? 0 : 1);
    await expect.poll(async () => {
      const box = await builder.locator('section grundy-game').boundingBox();
      return Math.abs((await tall()) - Math.round(box!.height));
    }).toBeLessThanOrEqual(1);
    heights[level] = await tall();
  }
  expect(heights.full).toBeGreaterThan(heights.play);
  expect(heights.play).toBeGreaterThan(heights.none);
  await builder.getByText('Quiz: a question before each move').click();
  await expect.poll(() => builder.getByLabel('Snippet').inputValue()).toMatch(new RegExp(` quiz style="display:block;min-height:${RESERVED}">${PICTURE}</grundy-game>$`));
});

test('snippets the builder writes keep their games\' places in a post, on a desktop and on a phone under a finger', async ({ browser, page, baseURL }) => {
  await page.goto('/embed.html');
  const builder = page.locator('grundy-embed-builder');
  const form = builder.locator('form');
  const choices: [string, Record<string, string>][] = [
    ['the full controls', {}],
    ['the play controls', { Controls: 'play' }],
    ['a Darkraft board alone', { Game: 'darkraft', Controls: 'none' }],
    ['a puzzle', { Game: 'octal', Puzzle: 'position' }],
    // Its word lanes are taller under a finger.
    ['a string game', { Game: 'string-game' }],
  ];
  const snippets: string[] = [];
  for (const [, choice] of choices) {
    await page.reload();
    await expect(builder.locator('section grundy-game .sum')).toBeVisible();
    for (const [label, value] of Object.entries(choice)) await form.getByRole('combobox', { name: new RegExp(`^${label}`) }).selectOption(value);
    await expect(builder.locator('section grundy-game [part="board"]')).toBeVisible();
    // Measured once every copy has settled: the same twice, half a second apart.
    let last = '';
    await expect
      .poll(async () => {
        const now = await builder.getByLabel('Snippet').inputValue();
        const settled = now === last && now.includes('min-height');
        last = now;
        await page.waitForTimeout(500);
        return settled;
      })
      .toBe(true);
    // The element alone: the post has the script once, in its head.
    snippets.push(last.slice(last.indexOf('<grundy-game')));
  }
  const script = `<script type="module" src="${new URL('embed/grundy-game.js', baseURL).href}"></script>`;
  const post = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>A post</title>
<link rel="icon" href="data:,">${script}
<style>body { max-width: 720px; margin: 0 auto; padding: 0 16px; font: 18px/1.6 Georgia, serif; }</style></head>
<body><h1>Five games</h1><p>Before the first game.</p>${snippets.map((snippet) => `${snippet}<p>Under it: this moves if the game above changes height.</p>`).join('')}</body></html>`;
  for (const [device, options] of [
    ['a desktop', { viewport: { width: 1280, height: 900 } }],
    ['a phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ] as const) {
    const context = await browser.newContext({ ...options, baseURL });
    const reader = await context.newPage();
    await reader.route('**/a-post.html', (route) => route.fulfill({ contentType: 'text/html', body: post }));
    // The engine arrives late, as on a slow network: the page is drawn, and read, before any game is.
    await context.route('**/*.wasm', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await recordLayoutShifts(reader);
    await reader.addInitScript(() => {
      // Where each paragraph stands before any game is drawn.
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { before: number[] }).before = [...document.querySelectorAll('body > p')].map((p) => p.getBoundingClientRect().top);
      });
    });
    await reader.goto('/a-post.html');
    await expect(reader.locator('grundy-game [part="board"]')).toHaveCount(choices.length, { timeout: 30_000 });
    await reader.waitForTimeout(1000);
    const shift = await layoutShiftSoFar(reader);
    await reader.screenshot({ path: `tests/screenshots/embed-post-${device === 'a phone' ? 'phone' : 'desktop'}.png`, fullPage: true });
    console.info(`layout shift of ${choices.length} builder snippets on ${device}: ${shift.toFixed(3)}`);
    expect(shift, device).toBeLessThan(0.05);
    // Much of a post is off screen, where shifts are not counted: no paragraph under a game moved, in view or not.
    const moved = await reader.evaluate(() => {
      const before = (window as unknown as { before: number[] }).before;
      return [...document.querySelectorAll('body > p')].map((p, i) => Math.round(p.getBoundingClientRect().top + scrollY - before[i]));
    });
    expect(Math.max(...moved), `${device}: ${moved.join(', ')} px`).toBeLessThanOrEqual(8);
    await context.close();
  }
});
