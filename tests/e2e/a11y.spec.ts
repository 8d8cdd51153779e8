/** Accessibility scans: no serious or critical axe-core violations. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

const games = ['nim', 'bacterial-tactics', 'darkraft', 'board-escape', 'intervals', 'string-game', 'sum'];

for (const game of games) {
  test(`playground, ${game}: no serious accessibility violations`, async ({ page }) => {
    await page.goto(`/#game=${game}`);
    await expect(page.locator('grundy-game:not([hidden]) .sum')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('embed page: no serious accessibility violations', async ({ page }) => {
  await page.goto('/embed.html');
  await expect(page.locator('grundy-embed-builder grundy-game .sum')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
