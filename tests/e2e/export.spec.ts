/** Exported boards are standalone files that hold the board. */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { activeGame } from './helpers';

const games = ['nim', 'bacterial-tactics', 'darkraft', 'board-escape', 'intervals', 'string-game', 'coins', 'corners', 'staircase'];

for (const game of games) {
  test(`${game}: the exported SVG parses and holds the board`, async ({ page }) => {
    await page.goto(`/#game=${game}`);
    const element = activeGame(page);
    await expect(element.locator('.sum')).toBeVisible();
    const badges = (await element.locator('nim-sum-table tbody tr:not(.total) .badge').allTextContents()).map((t) => t.trim());
    const [download] = await Promise.all([page.waitForEvent('download'), element.getByRole('button', { name: 'SVG' }).click()]);
    expect(download.suggestedFilename()).toBe(`${game}.svg`);
    const markup = readFileSync((await download.path())!, 'utf8');
    expect(markup).not.toContain('var(');
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        root: doc.documentElement.nodeName,
        shapes: doc.querySelectorAll('rect, circle, line').length,
        texts: [...doc.querySelectorAll('text')].map((t) => t.textContent?.trim() ?? ''),
      };
    }, markup);
    expect(parsed.error).toBeNull();
    expect(parsed.root).toBe('svg');
    expect(parsed.shapes).toBeGreaterThan(3);
    // Every component's nimber badge is in the picture.
    for (const badge of badges) expect(parsed.texts).toContain(badge);
  });
}

test('the PNG export is a PNG', async ({ page }) => {
  await page.goto('/#game=darkraft');
  const element = activeGame(page);
  await expect(element.locator('.sum')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), element.getByRole('button', { name: 'PNG' }).click()]);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
});
