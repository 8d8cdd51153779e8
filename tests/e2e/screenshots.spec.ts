/** Screenshots of every game at desktop and phone widths, for review. */
import { expect, test, type Page } from '@playwright/test';
import { activeGame, DIGRAPH_CYCLES, LONG_SOLVE_MS, options, QUICK_SUM, SLOW_SUM } from './helpers';
import { GAMES } from './registry';

const viewports = [
  { name: 'desktop', width: 1400, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

/** What to point at on any board: a winning counter or piece, a playable cell, the line, a letter, an edge. */
const HOVER = 'button.counter.winning, button.piece.playable, rect.cell.playable, grundy-line svg, rect.bar, path.hit';

for (const viewport of viewports) {
  for (const game of GAMES) {
    test(`${game.id} screenshot, ${viewport.name}`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto(`/#game=${game.id}&position=${encodeURIComponent(game.samples[0].input)}`);
      const element = activeGame(page);
      await expect(element.locator('.sum')).toBeVisible();
      await (await options(element)).getByLabel('Hints').check();
      // A straight vertical edge has no width, so the pointer is placed without waiting for one.
      await element.locator(HOVER).first().hover({ force: true });
      // Nothing may stick out sideways on a narrow screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `tests/screenshots/${game.id}-${viewport.name}.png`, fullPage: true });
    });
  }
}

/** Screens that report a problem or slow work, where a wrong look costs trust. */
const states: { name: string; show: (page: Page) => Promise<void> }[] = [
  {
    name: 'unknown-game',
    show: async (page) => {
      await page.goto('/#game=foo&position=1');
      await expect(page.getByRole('alert')).toBeVisible();
    },
  },
  {
    name: 'empty-nim',
    show: async (page) => {
      await page.goto(`/#game=nim&position=${encodeURIComponent('3 4 5')}`);
      await activeGame(page).locator('textarea').fill('');
      await expect(activeGame(page).locator('.status')).toContainText('No move');
    },
  },
  {
    name: 'resize-refused',
    show: async (page) => {
      await page.goto(`/#game=bacterial-tactics&position=${encodeURIComponent('1\n3 6\n..#...\n......\n------\n')}`);
      const element = activeGame(page);
      await element.getByRole('button', { name: 'Edit' }).click();
      const columns = element.locator('label').filter({ hasText: 'Columns' }).locator('input');
      await columns.fill('8');
      await columns.dispatchEvent('change');
      await expect(element.getByRole('alert')).toBeVisible();
    },
  },
  {
    name: 'digraph-edit',
    show: async (page) => {
      await page.goto(`/#game=digraph&position=${encodeURIComponent(DIGRAPH_CYCLES)}`);
      const element = activeGame(page);
      await element.getByRole('button', { name: 'Edit' }).click();
      await element.getByRole('radio', { name: 'Token' }).check();
      await element.locator('g.token').first().click();
      await expect(element.locator('mex-explainer')).toBeVisible();
    },
  },
  {
    name: 'digraph-explain',
    show: async (page) => {
      await page.goto(`/#game=digraph&position=${encodeURIComponent(DIGRAPH_CYCLES)}`);
      const element = activeGame(page);
      await element.getByRole('button', { name: /^Vertex 5, / }).press('Enter');
      await expect(element.getByRole('group', { name: /Why vertex 5/ })).toBeVisible();
    },
  },
  {
    name: 'digraph-draw-sum',
    show: async (page) => {
      const position = '--- digraph\n2 2\n0 1\n1 0\n1\n0\n100 100\n260 100\n--- nim\n3\n';
      await page.goto(`/#game=sum&position=${encodeURIComponent(position)}`);
      const element = activeGame(page);
      await (await options(element)).getByLabel('Hints').check();
      await expect(element.locator('grundy-total')).toContainText('a draw');
    },
  },
  {
    name: 'sum-hints',
    show: async (page) => {
      await page.goto('/#game=sum');
      await expect(activeGame(page).locator('.sum')).toBeVisible();
      await (await options(activeGame(page))).getByLabel('Hints').check();
    },
  },
  {
    name: 'sequence-explorer',
    show: async (page) => {
      await page.goto(`/#game=octal&position=${encodeURIComponent('0.137\n6 9\n')}`);
      const element = activeGame(page);
      await element.locator('summary', { hasText: 'Sequence explorer' }).click();
      await expect(element.locator('grundy-sequence .summary')).toContainText('proved');
      await element.locator('grundy-sequence .scroller canvas').click({ position: { x: 7 * 12 + 5, y: 12 + 5 } });
      await expect(element.locator('grundy-sequence .why')).toContainText('mex');
      await element.locator('grundy-sequence').scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'misere',
    show: async (page) => {
      await page.goto(`/#game=nim&position=${encodeURIComponent('1 1 4')}&play=misere`);
      const element = activeGame(page);
      await (await options(element)).getByLabel('Hints').check();
      await expect(element.locator('.verdict')).toContainText('Misère play');
    },
  },
  {
    name: 'misere-heaps',
    show: async (page) => {
      await page.goto(`/#game=subtraction&position=${encodeURIComponent('1,2,3\n9 7 6')}&play=misere`);
      const element = activeGame(page);
      await (await options(element)).getByLabel('Hints').check();
      await expect(element.locator('.verdict')).toContainText("Bouton's misère rule");
    },
  },
  {
    name: 'misere-past-quotient',
    show: async (page) => {
      await page.goto(`/#game=octal&position=${encodeURIComponent('0.07\n36 36')}&play=misere`);
      const element = activeGame(page);
      await (await options(element)).getByLabel('Hints').check();
      await expect(element.locator('.verdict')).toContainText('stopping wherever the misère quotient', { timeout: 60_000 });
    },
  },
  {
    name: 'misere-quotient',
    show: async (page) => {
      await page.goto(`/#game=octal&position=${encodeURIComponent(`0.77\n${'25 '.repeat(12).trim()}`)}&play=misere`);
      const element = activeGame(page);
      const why = element.locator('misere-quotient');
      await expect(why).toContainText('32 elements');
      await why.scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'move-list',
    show: async (page) => {
      await page.goto(`/#game=nim&position=${encodeURIComponent('3 4 5')}`);
      const element = activeGame(page);
      await element.locator('grundy-heaps .heap').first().locator('button.counter').first().click();
      await expect(element.locator('.status')).toContainText('The computer played');
    },
  },
  {
    name: 'last-move-grid',
    show: async (page) => {
      await page.goto(`/#game=darkraft&position=${encodeURIComponent('5 6\nLRXLRX\nRXLLRR\nXLRXXL\nLLRRXX\nRXLXLR\n')}`);
      const element = activeGame(page);
      await element.locator('rect.cell.playable').nth(4).click();
      await expect(element.locator('.status')).toContainText('The computer played');
    },
  },
  {
    name: 'embed-compact',
    show: async (page) => {
      await page.goto('/frame.html?game=octal&position=0.77%0A5%207&controls=play&values=hidden');
      await expect(page.locator('grundy-game .status')).toContainText('Your turn');
    },
  },
  {
    name: 'puzzle',
    show: async (page) => {
      await page.goto('/frame.html?game=octal&position=0.77%0A3%204&controls=play&values=hidden&puzzle');
      const element = page.locator('grundy-game');
      await element.locator('grundy-rows button.piece.playable').first().click();
      await expect(element.locator('.status')).toContainText(/wins|does not win/);
    },
  },
  {
    name: 'puzzles-page',
    show: async (page) => {
      await page.goto('/puzzles.html#game=nim');
      await expect(page.locator('grundy-puzzles grundy-game .status')).toContainText('Puzzle: find the move that wins');
    },
  },
  {
    name: 'working',
    show: async (page) => {
      await page.goto(`/#game=sum&position=${encodeURIComponent(QUICK_SUM)}`);
      await activeGame(page).locator('textarea').fill(SLOW_SUM);
      await expect(activeGame(page).locator('.busy')).toContainText(/\d\.\d s/);
    },
  },
  {
    name: 'cram-largest-working',
    show: async (page) => {
      await page.goto(`/#game=cram&position=${encodeURIComponent('......\n'.repeat(5))}`);
      await expect(activeGame(page).locator('.busy')).toContainText(/\d\.\d s/);
    },
  },
  {
    name: 'cram-largest',
    show: async (page) => {
      await page.goto(`/#game=cram&position=${encodeURIComponent('......\n'.repeat(5))}`);
      await expect(activeGame(page).locator('.sum')).toContainText('= *2', { timeout: LONG_SOLVE_MS });
    },
  },
];

for (const viewport of viewports) {
  for (const state of states) {
    test(`${state.name} screenshot, ${viewport.name}`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await state.show(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `tests/screenshots/${state.name}-${viewport.name}.png`, fullPage: true });
    });
  }
}

/** Each controls level as a blog shows it: a narrow and a wide column, light and dark. */
for (const controls of ['full', 'play', 'none']) {
  for (const width of [360, 720]) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`embed controls=${controls} screenshot, ${width} px, ${scheme}`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(`/frame.html?game=octal&position=${encodeURIComponent('0.77\n5 7')}&controls=${controls}`);
        await expect(page.locator('grundy-game grundy-rows .row')).toHaveCount(2);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `tests/screenshots/embed-${controls}-${width}-${scheme}.png`, fullPage: true });
      });
    }
  }
}
