/**
 * A phone held by a player: a tap previews, a second tap plays; a picker
 * with large buttons steps through moves too small to hit; the H/V chooser
 * opens beside its cell without scrolling; a finger drags paint in Edit.
 */
import { expect, test, type Page } from '@playwright/test';
import { shownGame } from './helpers';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

async function open(page: Page, game: string, position: string) {
  await page.goto(`/#game=${game}&position=${encodeURIComponent(position)}`);
  const element = shownGame(page, game);
  await expect(element.locator('.sum')).toBeVisible();
  return element;
}

test('a tap previews a move and a second tap on it plays it', async ({ page }) => {
  const element = await open(page, 'nim', '3 4 5');
  const counter = element.locator('grundy-heaps .heap').first().locator('button.counter').first();
  await counter.tap();
  await expect(element.locator('.picker .label')).toHaveText(/take 3 from heap 1, leaving 0/);
  await expect(element.locator('.preview')).toContainText('take 3 from heap 1');
  await expect(element.locator('grundy-heaps button.counter.taken')).toHaveCount(3);
  await expect(element.locator('textarea')).toHaveValue('3 4 5');
  await counter.tap();
  await expect(element.locator('.status')).toContainText('The computer played');
  await expect(element.locator('.picker')).toHaveCount(0);
});

test('the picker steps to neighbouring moves with targets a finger can hit, and plays', async ({ page }) => {
  const element = await open(page, 'nim', '3 4 5');
  await element.locator('grundy-heaps .heap').nth(1).locator('button.counter').first().tap();
  const picker = element.locator('.picker');
  for (const button of await picker.getByRole('button').all()) {
    const box = (await button.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(32);
    expect(box.width).toBeGreaterThanOrEqual(32);
  }
  await picker.getByRole('button', { name: 'Next move' }).tap();
  await expect(picker.locator('.label')).toHaveText(/take 3 from heap 2, leaving 1/);
  await page.screenshot({ path: 'tests/screenshots/touch-picker-phone.png' });
  await picker.getByRole('button', { name: 'Play' }).tap();
  await expect(element.locator('grundy-move-list li').nth(1)).toContainText('take 3 from heap 2, leaving 1');
});

test('counters of small heaps are at least 32 px tall under a finger', async ({ page }) => {
  const element = await open(page, 'nim', '3 4 5');
  const box = (await element.locator('grundy-heaps button.counter').first().boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(32);
});

test('counters of a tall heap stay 24 px apart under a finger, the least target WCAG asks for', async ({ page }) => {
  const element = await open(page, 'nim', '20 13 2');
  for (const heap of [0, 1]) {
    const boxes = await element.locator('grundy-heaps .heap').nth(heap).locator('button.counter').evaluateAll((buttons) =>
      buttons.map((button) => button.getBoundingClientRect()).map(({ top, height }) => ({ top, height })),
    );
    const tops = boxes.map((box) => box.top).sort((a, b) => a - b);
    const pitches = tops.slice(1).map((top, i) => top - tops[i]);
    expect(Math.min(...pitches), `heap ${heap + 1}`).toBeGreaterThanOrEqual(24);
    expect(Math.min(...boxes.map((box) => box.height)), `heap ${heap + 1}`).toBeGreaterThanOrEqual(21);
  }
  await page.screenshot({ path: 'tests/screenshots/touch-tall-heap-phone.png', fullPage: true });
});

test('the H/V chooser opens beside its cell and the page does not scroll', async ({ page }) => {
  const element = await open(page, 'bacterial-tactics', '1\n5 6\n......\n.#....\n......\n....#.\n......\n');
  const cell = element.locator('rect.cell[data-r="2"][data-c="2"]');
  await cell.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  await cell.tap();
  const chooser = element.locator('grundy-grid .chooser');
  await expect(chooser).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  const [at, menu] = [(await cell.boundingBox())!, (await chooser.boundingBox())!];
  // Beside the cell: touching its row, starting next to it.
  expect(Math.abs(menu.y - at.y)).toBeLessThanOrEqual(at.height);
  expect(Math.min(Math.abs(menu.x - (at.x + at.width)), Math.abs(menu.x + menu.width - at.x))).toBeLessThanOrEqual(4);
  expect(menu.x + menu.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'tests/screenshots/touch-chooser-phone.png' });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  for (const item of await chooser.getByRole('menuitem').all()) expect((await item.boundingBox())!.height).toBeGreaterThanOrEqual(32);
  await chooser.getByRole('menuitem').first().tap();
  await expect(element.locator('grundy-move-list li')).not.toHaveCount(1);
});

test('dragging a finger across the board in Edit paints every cell it crosses', async ({ page }) => {
  const element = await open(page, 'darkraft', '2 6\nRRRRRR\nRRRRRR\n');
  await element.getByRole('button', { name: 'Edit' }).tap();
  await element.getByRole('toolbar', { name: 'Drawing tools' }).getByRole('button').filter({ hasText: 'L' }).first().tap();
  // Touches are sent at screen coordinates, so the row must be on screen.
  await element.locator('rect.cell[data-r="0"][data-c="0"]').scrollIntoViewIfNeeded();
  const first = (await element.locator('rect.cell[data-r="0"][data-c="0"]').boundingBox())!;
  const last = (await element.locator('rect.cell[data-r="0"][data-c="4"]').boundingBox())!;
  const y = first.y + first.height / 2;
  const client = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
    client.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  await touch('touchStart', first.x + first.width / 2);
  for (let step = 1; step <= 8; step++) {
    await touch('touchMove', first.x + first.width / 2 + ((last.x - first.x) * step) / 8);
  }
  await touch('touchEnd', 0);
  await expect(element.locator('textarea')).toHaveValue(/^2 6\nLLLLLR\n/);
});

test('ten moves by tap, with the computer\'s replies, never scroll the page', async ({ page }) => {
  const element = await open(page, 'nim', '3 4 5 6 7');
  const status = element.locator('.status');
  for (let moves = 0; moves < 10; moves++) {
    await expect(status).toHaveText(/Your turn|You win|computer wins/);
    if (!((await status.textContent()) ?? '').includes('Your turn')) break;
    // The top counter of the last heap: one counter taken, so the game lasts.
    const counter = element.locator('grundy-heaps button.counter').last();
    await counter.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    const text = await element.locator('textarea').inputValue();
    await counter.tap();
    await counter.tap();
    await expect(element.locator('textarea')).not.toHaveValue(text);
    await expect(status).toHaveText(/Your turn|You win|computer wins/);
    expect(await page.evaluate(() => window.scrollY), `move ${moves + 1}`).toBe(before);
  }
});
