/** The embed page builds snippets that work; the iframe page shows one game. */
import { expect, test } from '@playwright/test';
import { heapSizes } from './helpers';

test('the embed page previews the choice and writes an escaped snippet', async ({ page }) => {
  await page.goto('/embed.html');
  const builder = page.locator('grundy-embed-builder');
  await expect(builder.locator('grundy-game .sum')).toBeVisible();
  await builder.locator('form').getByRole('combobox', { name: /^Game/ }).selectOption('string-game');
  await builder.locator('form textarea').fill('1\npawpawpawpaw\n1\npawpaw\n');
  await builder.locator('form textarea').blur();
  await builder.locator('form').getByRole('combobox', { name: /^Mode/ }).selectOption('analyse');
  await expect(builder.locator('grundy-game grundy-text')).toBeVisible();
  const snippet = await builder.getByLabel('Snippet').inputValue();
  expect(snippet).toMatch(/^<script type="module" src="http:\/\/127\.0\.0\.1:\d+\/embed\/grundy-game\.js"><\/script>\n/);
  expect(snippet).toMatch(/<grundy-game game="string-game" position="1\npawpawpawpaw\n1\npawpaw" mode="analyse" style="display:block;min-height:\d+px"><\/grundy-game>$/);
  // The snippet keeps the game's place on the page while it loads: as tall as the preview.
  const preview = Math.round((await builder.locator('grundy-game').boundingBox())!.height);
  await expect.poll(async () => (await builder.getByLabel('Snippet').inputValue()).includes(`min-height:${preview}px`)).toBe(true);
  const iframe = await builder.getByLabel('Iframe').inputValue();
  expect(iframe).toContain('frame.html?game=string-game&amp;position=1%0Apawpawpawpaw');
  await page.screenshot({ path: 'tests/screenshots/embed-page.png', fullPage: true });
});

test('the builder follows typing, says beside the field what is wrong, and makes a puzzle with play controls', async ({ page }) => {
  await page.goto('/embed.html');
  const builder = page.locator('grundy-embed-builder');
  await expect(builder.locator('grundy-game .sum')).toBeVisible();
  const field = builder.getByRole('textbox', { name: 'Position', exact: true });
  const snippet = () => builder.getByLabel('Snippet').inputValue();
  // Each keystroke counts; the field keeps the focus.
  await field.fill('');
  await field.pressSequentially('2 7');
  await expect.poll(snippet).toContain('position="2 7"');
  await expect.poll(() => heapSizes(builder.locator('grundy-game'))).toEqual([2, 7]);
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
  await expect.poll(snippet).toMatch(/ controls="play" puzzle style="display:block;min-height:\d+px"><\/grundy-game>$/);
  await expect(builder.locator('form').getByRole('combobox', { name: /^Controls/ })).toHaveValue('play');
  await expect(builder.locator('grundy-game .sum')).toHaveCount(0);
  // A theme asked for by name goes into both snippets and the preview.
  await builder.locator('form').getByRole('combobox', { name: /^Theme/ }).selectOption('dark');
  await expect.poll(snippet).toContain(' theme="dark"');
  expect(await builder.getByLabel('Iframe').inputValue()).toContain('theme=dark');
  await expect
    .poll(() => builder.locator('grundy-game').evaluate((element) => getComputedStyle(element).backgroundColor))
    .toBe('rgb(22, 24, 29)');
});

test('the builder makes the daily puzzle and a random puzzle of a game and theme, for the snippet and the iframe', async ({ page }) => {
  await page.goto('/embed.html');
  const builder = page.locator('grundy-embed-builder');
  const form = builder.locator('form');
  await expect(builder.locator('grundy-game .sum')).toBeVisible();
  const snippet = () => builder.getByLabel('Snippet').inputValue();
  const preview = builder.locator('grundy-game');
  // The daily puzzle brings its own game and position: the builder asks for neither.
  await form.getByRole('combobox', { name: /^Puzzle/ }).selectOption('daily');
  await expect(preview.locator('.status')).toContainText('Puzzle: find the move that wins.');
  await expect.poll(snippet).toMatch(/<grundy-game controls="play" puzzle="daily" style="display:block;min-height:\d+px"><\/grundy-game>$/);
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

test('the iframe snippet sizes the frame to its content, and keeps 640 px without script', async ({ page }) => {
  await page.goto('/embed.html');
  const builder = page.locator('grundy-embed-builder');
  await expect(builder.locator('grundy-game .sum')).toBeVisible();
  await builder.locator('form').getByRole('combobox', { name: /^Controls/ }).selectOption('none');
  const snippet = await builder.getByLabel('Iframe').inputValue();
  expect(snippet).toContain('controls=none');
  // The snippet pasted into a blog post on another page.
  // A page of the same server stands in for the blog (a blank page may not load a loopback frame).
  await page.goto('/');
  await page.setContent(`<main style="width:360px">${snippet}</main>`);
  const frame = page.locator('iframe');
  await expect.poll(async () => (await frame.boundingBox())?.height ?? 0).toBeLessThan(400);
  await expect(page.frameLocator('iframe').locator('grundy-heaps .heap')).toHaveCount(3);
  // Without its script, the iframe stays at its fixed height.
  await page.setContent(`<main style="width:360px">${snippet.replace(/<script>[\s\S]*<\/script>/, '')}</main>`);
  await expect(page.frameLocator('iframe').locator('grundy-heaps .heap')).toHaveCount(3);
  expect((await frame.boundingBox())?.height).toBe(640);
});

test('an iframe far below the fold, on another origin, is sized to its content before it is scrolled to', async ({ page, baseURL }) => {
  await page.goto('/embed.html');
  const builder = page.locator('grundy-embed-builder');
  await expect(builder.locator('grundy-game .sum')).toBeVisible();
  await builder.locator('form').getByRole('combobox', { name: /^Controls/ }).selectOption('none');
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
  await expect(builder.locator('grundy-game .sum')).toBeVisible();
  const tall = async () => Number((await builder.locator('.size').textContent())?.match(/^(\d+) px tall/)?.[1]);
  const heights: Record<string, number> = {};
  for (const level of ['full', 'play', 'none']) {
    await builder.locator('form').getByRole('combobox', { name: /^Controls/ }).selectOption(level);
    await expect(builder.locator('grundy-game .toolbar')).toHaveCount(level === 'none' ? 0 : 1);
    await expect.poll(async () => {
      const box = await builder.locator('grundy-game').boundingBox();
      return Math.abs((await tall()) - Math.round(box!.height));
    }).toBeLessThanOrEqual(1);
    heights[level] = await tall();
  }
  expect(heights.full).toBeGreaterThan(heights.play);
  expect(heights.play).toBeGreaterThan(heights.none);
  await builder.getByText('Quiz: a question before each move').click();
  expect(await builder.getByLabel('Snippet').inputValue()).toMatch(/ quiz style="display:block;min-height:\d+px"><\/grundy-game>$/);
});
