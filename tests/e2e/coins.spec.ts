/**
 * Coin turning and Nim in disguise as a player meets them: a heads coin
 * offers its turnings, a square between two counters offers either
 * counter's slide, and the values say which heaps of Nim they hide.
 */
import { expect, test } from '@playwright/test';
import { SCREENS, openForTwo, options, shownGame, watchConsole } from './helpers';

for (const screen of SCREENS) {
  test.describe(`at ${screen.name} size`, () => {
    test.use({ viewport: screen.viewport, hasTouch: screen.hasTouch });

    test('a heads coin offers every turning it starts, and the winning one wins the game', async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto(`/#game=coins&position=${encodeURIComponent('turtles\nTHTH\n')}`);
      const game = shownGame(page, 'coins');
      await expect(game.locator('.sum')).toContainText('*2 ⊕ *4 = *6');
      await expect(game.locator('.facts')).toContainText('1: *1 [2: *2] 3: *3 [4: *4]');
      // Drawn as coins, each face its own colour and letter.
      await expect(game.locator('grundy-grid circle.coin.heads')).toHaveCount(2);
      await expect(game.locator('grundy-grid circle.coin.tails')).toHaveCount(2);
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
      // Against a person: the computer's reply would replace the position checked.
      const game = await openForTwo(page, 'northcott', '6 1 5\n');
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

test('Turning Corners values a heads coin at (x, y) as x ⊗ y, and the table says why', async ({ page }) => {
  await page.goto(`/#game=corners&position=${encodeURIComponent('TTTT\nTTTT\nTTTT\nTTTH\n')}`);
  const game = shownGame(page, 'corners');
  // 3 ⊗ 3 = 2, where 3 × 3 is 9.
  await expect(game.locator('.sum')).toContainText('*2');
  await expect(game.locator('nim-sum-table')).toContainText('coin (3, 3)');
  await game.locator('details.products summary').click();
  const table = game.locator('nim-product-table');
  await expect(table.locator('td button')).toHaveCount(256);
  // The heads coin's product is ringed and explained first.
  await expect(table.getByRole('button', { name: '3 ⊗ 3 = 2, a heads coin' })).toHaveAttribute('aria-pressed', 'true');
  await expect(table).toContainText('They reach { 0, 1, 3 }; the smallest value missing is 2.');
  await table.getByRole('button', { name: '2 ⊗ 2 = 3', exact: true }).click();
  await expect(table).toContainText('For example a = 1, b = 1: 2 ⊕ 2 ⊕ 1 = 1.');
  await expect(table).toContainText('They reach { 0, 1, 2 }; the smallest value missing is 3.');
  // Its options' box: a < 2, b < 2, and the edges a ⊗ 2 and 2 ⊗ b.
  await expect(table.locator('td.box')).toHaveCount(4);
  await expect(table.locator('td.edge')).toHaveCount(4);
  await table.getByRole('button', { name: '0 ⊗ 5 = 0', exact: true }).click();
  await expect(table).toContainText('the mex of nothing is 0');
  await page.screenshot({ path: 'tests/screenshots/nim-products.png', fullPage: true });
});

test("Lasker's Nim splits a heap below the counter clicked, once split is chosen", async ({ page }) => {
  await page.goto(`/#game=lasker&position=${encodeURIComponent('3 4 5\n')}`);
  const game = shownGame(page, 'lasker');
  const kinds = game.getByRole('group', { name: 'What a click on a counter does' });
  await expect(kinds.getByRole('button', { name: 'take' })).toHaveAttribute('aria-pressed', 'true');
  await kinds.getByRole('button', { name: 'split' }).click();
  const counter = game.locator('grundy-heaps .heap').nth(2).locator('button.counter').nth(2);
  await expect(counter).toHaveAttribute('aria-label', /^Heap 3, counter 3: split heap 3 \(5\) into 2 and 3; leaves \*/);
  // A counter above the middle has no split of its own: the same split is below its mirror.
  await expect(game.locator('grundy-heaps .heap').nth(1).locator('button.counter').nth(3)).not.toHaveClass(/playable/);
  await counter.hover();
  await expect(game.locator('grundy-heaps button.counter.split-off')).toHaveCount(3);
  await counter.click();
  // The move list, not the text, which the computer's reply soon changes.
  await expect(game.locator('grundy-move-list li').nth(1)).toHaveText(/split heap 3 \(5\) into 2 and 3/);
});

test('As Nim draws the heaps a game hides and says each previewed move as the Nim move it is', async ({ page }) => {
  await page.goto(`/#game=staircase&position=${encodeURIComponent('3 1 4 1\n')}`);
  const game = shownGame(page, 'staircase');
  await expect(game.locator('.sum')).toContainText('= *7');
  await game.locator('details.disguise summary').click();
  const disguise = game.locator('nim-disguise');
  await expect(disguise.getByRole('img')).toHaveAttribute('aria-label', 'As Nim: heaps of 3, 0, 4, 0');
  // Drawn as a staircase: each step higher than the one before.
  const treads = game.locator('grundy-heaps .tread');
  await expect(treads).toHaveCount(4);
  const heights = await treads.evaluateAll((all) => all.map((t) => t.getBoundingClientRect().height));
  expect(heights).toEqual([...heights].sort((a, b) => a - b));
  expect(heights[3]).toBeGreaterThan(heights[0] * 3);
  // Step 3's top coin down to step 2: the heap of 4 goes down to 3.
  await game.locator('grundy-heaps .heap').nth(2).locator('button.counter').nth(3).hover();
  await expect(disguise).toContainText('“move 1 from step 3 to step 2” as Nim takes the heap *4 down to *3.');
  // Step 2's coin down to step 1 adds to an odd step: a move the other player takes back.
  await game.locator('grundy-heaps .heap').nth(1).locator('button.counter').first().hover();
  await expect(disguise).toContainText('“move 1 from step 2 to step 1” as Nim grows the heap *3 to *4, which the other player can take back down.');
  await expect(disguise.locator('.heap.moved .value')).toHaveText('*3→4');
  await page.screenshot({ path: 'tests/screenshots/disguise.png' });
});
