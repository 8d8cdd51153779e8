/**
 * Boards fit the space they are given: small grids grow, large ones shrink
 * to the column and the screen, presentation shows any board whole, the
 * 45° view never clips, and long strings wrap with each line's own lanes.
 */
import { expect, test, type Page } from '@playwright/test';
import { activeGame, options, shownGame } from './helpers';

const sizes = [
  { name: 'desktop', width: 1400, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

function darkraft(rows: number, cols: number): string {
  const letters = 'LRX';
  const lines = Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => letters[(r * 7 + c * 3) % 3]).join(''));
  return `${rows} ${cols}\n${lines.join('\n')}\n`;
}

async function open(page: Page, game: string, position: string) {
  await page.goto(`/#game=${game}&position=${encodeURIComponent(position)}`);
  const element = shownGame(page, game);
  await expect(element.locator('.sum')).toBeVisible({ timeout: 30_000 });
  return element;
}

for (const size of sizes) {
  test(`a 40×40 board fits a ${size.width}×${size.height} screen, whole`, async ({ page }) => {
    await page.setViewportSize(size);
    const element = await open(page, 'darkraft', darkraft(40, 40));
    const box = (await element.locator('grundy-grid svg').first().boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(size.width);
    expect(box.height).toBeLessThanOrEqual(size.height);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test(`presentation shows a 40×40 board whole at ${size.name} size`, async ({ page }) => {
    await page.setViewportSize(size);
    const element = await open(page, 'darkraft', darkraft(40, 40));
    await (await options(element)).getByRole('button', { name: 'Present' }).click();
    const box = (await element.locator('grundy-grid svg').first().boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(size.height + 1);
    expect(box.x + box.width).toBeLessThanOrEqual(size.width + 1);
  });

  test(`the 45° view keeps every cell inside the board at ${size.name} size`, async ({ page }) => {
    await page.setViewportSize(size);
    const element = await open(page, 'darkraft', darkraft(6, 20));
    await element.getByRole('button', { name: 'Turn 45°' }).click();
    const svg = element.locator('grundy-grid svg').first();
    const outer = (await svg.boundingBox())!;
    const inner = (await element.locator('grundy-grid g.board').first().boundingBox())!;
    expect(inner.x).toBeGreaterThanOrEqual(outer.x - 1);
    expect(inner.y).toBeGreaterThanOrEqual(outer.y - 1);
    expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width + 1);
    expect(inner.y + inner.height).toBeLessThanOrEqual(outer.y + outer.height + 1);
  });

  test(`300 letters and 100 words wrap into a few screens at ${size.name} size`, async ({ page }) => {
    await page.setViewportSize(size);
    // A pseudo-random string over four letters, and 100 of its substrings of 3 to 6 letters.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const letters = Array.from({ length: 300 }, () => 'abcd'[next() % 4]).join('');
    const words = Array.from({ length: 100 }, () => {
      const start = next() % 290;
      return letters.slice(start, start + 3 + (next() % 4));
    });
    const element = await open(page, 'string-game', `1\n${letters}\n${words.length}\n${words.join('\n')}\n`);
    const box = (await element.locator('grundy-text svg').first().boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(size.width);
    expect(box.height).toBeLessThanOrEqual(4 * size.height);
  });
}

test('a 2×2 board grows to fill more than a corner', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const element = await open(page, 'darkraft', '2 2\nRL\nLR\n');
  const cell = (await element.locator('rect.cell').first().boundingBox())!;
  expect(cell.width).toBeGreaterThanOrEqual(60);
});

test('on a phone the first screen shows the board: the games are one picker and the options fold', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/#game=nim&position=3+4+5');
  const element = activeGame(page);
  const board = element.locator('grundy-heaps');
  await expect(board).toBeVisible();
  const box = (await board.boundingBox())!;
  expect(box.y + box.height).toBeLessThan(844);
  await expect(element.getByLabel('Hints')).toBeHidden();
  await element.getByRole('button', { name: /Options/ }).click();
  await expect(element.getByLabel('Hints')).toBeVisible();
  await page.getByRole('combobox', { name: 'Game' }).selectOption('darkraft');
  await expect(activeGame(page).locator('grundy-grid')).toBeVisible();
});
