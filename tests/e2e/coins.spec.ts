/**
 * Coin turning and Nim in disguise as a player meets them: a heads coin
 * offers its turnings, a square between two counters offers either
 * counter's slide, and the values say which heaps of Nim they hide.
 */
import { expect, test } from '@playwright/test';
import { SCREENS, options, shownGame, watchConsole } from './helpers';

for (const screen of SCREENS) {
  test.describe(`at ${screen.name} size`, () => {
    test.use({ viewport: screen.viewport, hasTouch: screen.hasTouch });

    test('a heads coin offers every turning it starts, and the winning one wins the game', async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto(`/#game=coins&position=${encodeURIComponent('turtles\nTHTH\n')}`);
      const game = shownGame(page, 'coins');
      await expect(game.locator('.sum')).toContainText('*2 ⊕ *4 = *6');
      await expect(game.locator('.facts')).toContainText('1: *1 [2: *2] 3: *3 [4: *4]');
      await (await options(game)).getByLabel('Hints').check();
      // Coin 4, the fourth cell of the one row.
      await game.locator('grundy-grid rect.cell.playable').nth(1).click();
      const chooser = game.locator('grundy-grid .chooser');
      await expect(chooser.getByRole('menuitem')).toHaveText(['turn coin 4 → *2', 'turn coins 3, 4 → *1', 'turn coins 2, 4 → *0', 'turn coins 1, 4 → *3', '✕']);
      await expect(chooser.locator('button.wins')).toHaveText('turn coins 2, 4 → *0');
      await page.screenshot({ path: `tests/screenshots/coins-${screen.name}.png` });
      await chooser.getByRole('menuitem', { name: 'turn coins 2, 4 → *0' }).click();
      await expect(game.locator('textarea')).toHaveValue('turtles\nTTTT\n');
      await expect(game.locator('.status')).toContainText('You win');
      expect(problems).toEqual([]);
    });

    test("a square between Northcott's counters offers either counter's slide to it", async ({ page }) => {
      await page.goto(`/#game=northcott&position=${encodeURIComponent('6 1 5\n')}`);
      const game = shownGame(page, 'northcott');
      await expect(game.locator('.sum')).toContainText('= *3');
      await game.locator('grundy-grid rect.cell.playable').nth(1).click();
      const chooser = game.locator('grundy-grid .chooser');
      await expect(chooser.getByRole('menuitem')).toHaveText(['left', 'right', '✕']);
      await chooser.getByRole('menuitem', { name: 'right' }).click();
      // The right counter moved from 5 to 3: a gap of 1 is left, a heap of one.
      await expect(game.locator('textarea')).toHaveValue(/^6 1 3\n/);
      await page.screenshot({ path: `tests/screenshots/northcott-${screen.name}.png` });
    });
  });
}

test('Turning Corners values a heads coin at (x, y) as x ⊗ y', async ({ page }) => {
  await page.goto(`/#game=corners&position=${encodeURIComponent('TTTT\nTTTT\nTTTT\nTTTH\n')}`);
  const game = shownGame(page, 'corners');
  // 3 ⊗ 3 = 2, where 3 × 3 is 9.
  await expect(game.locator('.sum')).toContainText('*2');
  await expect(game.locator('nim-sum-table')).toContainText('coin (3, 3)');
});
