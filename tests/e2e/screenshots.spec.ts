/** Screenshots of the playground at desktop and phone widths, for review. */
import { expect, test } from '@playwright/test';
import { activeGame, heapSizes } from './helpers';

const viewports = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

for (const viewport of viewports) {
  test(`playground screenshot, ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto('/#game=nim&position=3+4+5');
    const game = activeGame(page);
    await expect.poll(() => heapSizes(game)).toEqual([3, 4, 5]);
    await game.getByLabel('Hints').check();
    await game.locator('button.counter.winning').hover();
    await expect(game.locator('.preview')).toContainText('leaves');
    // Nothing may stick out sideways on a narrow screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `tests/screenshots/nim-${viewport.name}.png`, fullPage: true });
  });
}
