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

test('As Nim draws the heaps a game hides and says each previewed move as the Nim move it is', async ({ page }) => {
  await page.goto(`/#game=staircase&position=${encodeURIComponent('3 1 4 1\n')}`);
  const game = shownGame(page, 'staircase');
  await expect(game.locator('.sum')).toContainText('= *7');
  await game.locator('details.disguise summary').click();
  const disguise = game.locator('nim-disguise');
  await expect(disguise.getByRole('img')).toHaveAttribute('aria-label', 'As Nim: heaps of 3, 0, 4, 0');
  // Step 3's top coin down to step 2: the heap of 4 goes down to 3.
  await game.locator('grundy-heaps .heap').nth(2).locator('button.counter').nth(3).hover();
  await expect(disguise).toContainText('“move 1 from step 3 to step 2” as Nim takes the heap *4 down to *3.');
  // Step 2's coin down to step 1 adds to an odd step: a move the other player takes back.
  await game.locator('grundy-heaps .heap').nth(1).locator('button.counter').first().hover();
  await expect(disguise).toContainText('“move 1 from step 2 to step 1” as Nim grows the heap *3 to *4, which the other player can take back down.');
  await expect(disguise.locator('.heap.moved .value')).toHaveText('*3→4');
  await page.screenshot({ path: 'tests/screenshots/disguise.png' });
});
