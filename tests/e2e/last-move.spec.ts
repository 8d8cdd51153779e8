/**
 * The last move stays marked on every kind of board until the next one, and
 * the mark says who made it.
 */
import { expect, test } from '@playwright/test';
import { openForTwo, playOn, SCREENS } from './helpers';

for (const screen of SCREENS) {
  test.describe(`at ${screen.name} size`, () => {
    test.use({ viewport: screen.viewport, hasTouch: screen.hasTouch });

    test('Nim: the counters taken stay outlined above the heap, and go with the next move', async ({ page }) => {
      const element = await openForTwo(page, 'nim', '3 4 5');
      await expect(element.locator('.counter.ghost')).toHaveCount(0);
      // The second counter of heap 1: leave 1, taking 2.
      await playOn(element.locator('grundy-heaps .heap').first().locator('button.counter').nth(1), screen.hasTouch);
      await expect(element.locator('grundy-heaps .heap').first().locator('.counter.ghost')).toHaveCount(2);
      await expect(element.locator('grundy-heaps .heap').first().locator('.stack')).toHaveAttribute('aria-label', /last move, by player 1 took 2/);
      await playOn(element.locator('grundy-heaps .heap').nth(2).locator('button.counter').first(), screen.hasTouch);
      await expect(element.locator('grundy-heaps .heap').first().locator('.counter.ghost')).toHaveCount(0);
      await expect(element.locator('grundy-heaps .heap').nth(2).locator('.counter.ghost')).toHaveCount(5);
    });

    test('a heap game marks the heaps a split left', async ({ page }) => {
      const element = await openForTwo(page, 'octal', '0.77\n7\n');
      // Knock down the middle pin of seven: two rows of three remain, both marked.
      await playOn(element.locator('grundy-rows .row').first().locator('button.piece').nth(3), screen.hasTouch);
      await expect(element.locator('grundy-rows .row')).toHaveCount(2);
      await expect(element.locator('grundy-rows .row.last')).toHaveCount(2);
    });

    test('grids, strings and intervals outline what the last move used', async ({ page }) => {
      const grid = await openForTwo(page, 'darkraft', '2 3\nRRR\nLLL\n');
      await playOn(grid.locator('rect.cell.playable').first(), screen.hasTouch);
      await expect(grid.locator('grundy-grid g.last rect').first()).toBeVisible();
      await expect(grid.locator('grundy-grid svg[role="group"]')).toHaveAttribute('aria-label', /last move, by player 1 outlined/);

      const text = await openForTwo(page, 'string-game', '1\nabab\n1\nab\n');
      await playOn(text.locator('rect.bar').first(), screen.hasTouch);
      await expect(text.locator('grundy-text g.letter.last')).toHaveCount(2);

      const line = await openForTwo(page, 'intervals', '1\n2\n1 5\n2 4\n');
      await playOn(line.locator('grundy-line rect[data-index]').first(), screen.hasTouch);
      await expect(line.locator('grundy-line g.last')).toHaveAttribute('aria-label', /^Last move, by Player 1: picked \[\d+, \d+\]$/);
    });
  });
}
