/** Screenshots of every game at desktop and phone widths, for review. */
import { expect, test } from '@playwright/test';
import { activeGame } from './helpers';

const viewports = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

/** Each game with a position worth looking at, and what to point at. */
const games = [
  { id: 'nim', position: '3 4 5\n', hover: 'button.counter.winning' },
  { id: 'bacterial-tactics', position: '1\n5 6\n......\n.#....\n......\n....#.\n......\n', hover: 'rect.cell.playable' },
  { id: 'darkraft', position: '5 6\nLRXLRX\nRXLLRR\nXLRXXL\nLLRRXX\nRXLXLR\n', hover: 'rect.cell.playable' },
  { id: 'board-escape', position: '4 6 5\nT..#.E\n.#..T.\n..T.#.\nE....T\n', hover: 'rect.cell.playable' },
  { id: 'intervals', position: '1\n7\n0 20\n1 4\n6 12\n7 8\n10 11\n14 19\n22 30\n', hover: 'grundy-line svg' },
  { id: 'string-game', position: '1\nmississippi\n4\nssissi\nmippi\nmi\nppi\n', hover: 'rect.bar' },
];

for (const viewport of viewports) {
  for (const game of games) {
    test(`${game.id} screenshot, ${viewport.name}`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto(`/#game=${game.id}&position=${encodeURIComponent(game.position)}`);
      const element = activeGame(page);
      await expect(element.locator('.sum')).toBeVisible();
      await element.getByLabel('Hints').check();
      await element.locator(game.hover).first().hover();
      // Nothing may stick out sideways on a narrow screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `tests/screenshots/${game.id}-${viewport.name}.png`, fullPage: true });
    });
  }
}
