/**
 * The placement games as a player meets them: Cram's regions outlined
 * with their values and a domino played from a cell, Chomp's bite, a
 * queen's slide, and Kayles on a graph played on its vertices and edges.
 */
import { expect, test } from '@playwright/test';
import { SCREENS, openForTwo, playOn, watchConsole } from './helpers';

for (const screen of SCREENS) {
  test.describe(`at ${screen.name} size`, () => {
    test.use({ viewport: screen.viewport, hasTouch: screen.hasTouch });

    test('Cram outlines each region with its value, and a cell plays a domino across or down', async ({ page }) => {
      const problems = watchConsole(page);
      // Two regions: a 2 × 3 block (*1) and a strip of four (*2).
      const game = await openForTwo(page, 'cram', '...#....\n...#####\n');
      await expect(game.locator('.sum')).toContainText('*1 ⊕ *2 = *3');
      await expect(game.locator('grundy-grid .badge')).toHaveCount(2);
      await game.getByRole('button', { name: 'down', exact: true }).click();
      await playOn(game.locator('grundy-grid rect.cell[data-r="0"][data-c="0"]'), screen.hasTouch);
      await expect(game.locator('textarea')).toHaveValue('#..#....\n#..#####\n');
      // A 2 × 2 block is worth *0 by the copying strategy: the strip alone is left.
      await expect(game.locator('.sum')).toContainText('= *2');
      await page.screenshot({ path: `tests/screenshots/cram-${screen.name}.png` });
      expect(problems).toEqual([]);
    });

    test('Chomp bites a square and all below and right of it, and a rectangle is explained by strategy stealing', async ({ page }) => {
      const problems = watchConsole(page);
      const game = await openForTwo(page, 'chomp', '4 4 4\n');
      await expect(game.locator('.facts')).toContainText('Strategy stealing');
      await expect(game.locator('grundy-grid rect.cell.playable')).toHaveCount(11);
      await playOn(game.locator('grundy-grid rect.cell[data-r="1"][data-c="2"]'), screen.hasTouch);
      await expect(game.locator('textarea')).toHaveValue('4 2 2\n');
      await expect(game.getByText('Strategy stealing')).toHaveCount(0);
      await page.screenshot({ path: `tests/screenshots/chomp-${screen.name}.png` });
      expect(problems).toEqual([]);
    });

    test('a queen slides to the square clicked, and (1, 2) is lost for the player to move', async ({ page }) => {
      const problems = watchConsole(page);
      const game = await openForTwo(page, 'wythoff', '3 3\n');
      // The board runs up from the corner at the bottom left: (1, 1) is row side − 2.
      const rows = await game.locator('grundy-grid rect.cell[data-c="0"]').count();
      await playOn(game.locator(`grundy-grid rect.cell[data-r="${rows - 2}"][data-c="1"]`), screen.hasTouch);
      await expect(game.locator('textarea')).toHaveValue('1 1\n');
      await game.locator('textarea').fill('1 2\n');
      await expect(game.locator('.sum')).toContainText('= *0');
      await page.screenshot({ path: `tests/screenshots/wythoff-${screen.name}.png` });
      expect(problems).toEqual([]);
    });

    test('Wythoff\'s cold squares and the golden-ratio lines show on demand', async ({ page }) => {
      const problems = watchConsole(page);
      const game = await openForTwo(page, 'wythoff', '4 7\n');
      const overlay = game.locator('grundy-grid .overlay');
      await expect(overlay).toHaveCount(0);
      await game.getByLabel('Cold squares and the golden ratio').check();
      // On the 10 × 10 board: (0, 0), (1, 2), (2, 1), (3, 5), (5, 3), (4, 7) and (7, 4).
      await expect(overlay.locator('circle')).toHaveCount(7);
      await expect(overlay.locator('line')).toHaveCount(2);
      // Each line runs from the corner across the board, from one edge to another.
      const board = (await game.locator('grundy-grid svg').first().boundingBox())!;
      for (const line of await overlay.locator('line').all()) {
        const box = (await line.boundingBox())!;
        expect(Math.max(box.width, box.height)).toBeGreaterThan(board.width * 0.9);
        expect(Math.max(box.width, box.height)).toBeLessThanOrEqual(board.width + 1);
      }
      await expect(game.locator('grundy-grid .caption')).toContainText('(⌊kφ⌋, ⌊kφ²⌋)');
      // The queen stands on a ringed square, and the position is lost.
      await expect(game.locator('.sum')).toContainText('= *0');
      await page.screenshot({ path: `tests/screenshots/wythoff-cold-${screen.name}.png` });
      await game.getByLabel('Cold squares and the golden ratio').uncheck();
      await expect(overlay).toHaveCount(0);
      expect(problems).toEqual([]);
    });

    test('Node Kayles takes a vertex with its neighbours; Arc Kayles takes an edge with its ends', async ({ page }) => {
      const problems = watchConsole(page);
      const path = '5 4\n0 1\n1 2\n2 3\n3 4\n0 0\n60 0\n120 0\n180 0\n240 0\n';
      const node = await openForTwo(page, 'node-kayles', path);
      // Dawson's chess: a path of 5 is worth G(5) of 0.137.
      await expect(node.locator('.sum')).toContainText('= *3');
      await playOn(node.locator('grundy-graph circle.pick[data-vertex="1"]'), screen.hasTouch);
      await expect(node.locator('textarea')).toHaveValue('2 1\n0 1\n180 0\n240 0\n');
      await page.screenshot({ path: `tests/screenshots/node-kayles-${screen.name}.png` });
      const arc = await openForTwo(page, 'arc-kayles', path);
      // Dawson's Kayles: a path of 5 is worth G(5) of 0.07, 0.
      await expect(arc.locator('.sum')).toContainText('= *0');
      const edge = arc.locator('grundy-graph path.hit[data-edge="0"]');
      const box = (await edge.boundingBox())!;
      if (screen.hasTouch) {
        await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
        await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      } else await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect(arc.locator('textarea')).toHaveValue('3 2\n0 1\n1 2\n120 0\n180 0\n240 0\n');
      expect(problems).toEqual([]);
    });
  });
}

test('a Cram region past the playground is refused with the reason, and the board stays', async ({ page }) => {
  const problems = watchConsole(page);
  const game = await openForTwo(page, 'cram', '...\n...\n');
  await game.locator('textarea').fill('......\n......\n......\n......\n......\n......\n');
  await expect(game.locator('.text .error')).toContainText('A region of 36 empty cells');
  await expect(game.locator('.sum')).toContainText('= *1');
  expect(problems).toEqual([]);
});

test('the largest Cram region, 5 × 6, shows its time while every move is valued, then its nimber', async ({ page }) => {
  const problems = watchConsole(page);
  const game = await openForTwo(page, 'cram', '...\n...\n');
  await game.locator('textarea').fill('......\n......\n......\n......\n......\n');
  await expect(game.locator('.busy')).toBeVisible();
  await expect(game.locator('.busy').getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(game.locator('.sum')).toContainText('= *2', { timeout: 30_000 });
  await expect(game.locator('.busy')).toHaveCount(0);
  expect(problems).toEqual([]);
});
