/** Accessibility scans: no serious or critical axe-core violations. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { GAME_IDS } from './registry';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

for (const game of GAME_IDS) {
  test(`playground, ${game}: no serious accessibility violations`, async ({ page }) => {
    await page.goto(`/#game=${game}`);
    await expect(page.locator('grundy-game:not([hidden]) .sum')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('sequence explorer: no serious accessibility violations', async ({ page }) => {
  await page.goto('/#game=octal');
  const game = page.locator('grundy-game:not([hidden])');
  await game.locator('summary', { hasText: 'Sequence explorer' }).click();
  await expect(game.locator('grundy-sequence .summary')).toContainText('proved');
  await game.locator('grundy-sequence .scroller canvas').click({ position: { x: 30, y: 5 } });
  await expect(game.locator('grundy-sequence .why')).toContainText('mex');
  expect(await seriousViolations(page)).toEqual([]);
});

test('puzzles page, a puzzle and a rush: no serious accessibility violations', async ({ page }) => {
  await page.goto('/puzzles.html#game=string-game');
  await expect(page.locator('grundy-puzzles grundy-game .status')).toContainText('Puzzle: find the move that wins');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Puzzle rush' }).click();
  await page.getByRole('button', { name: 'Start the rush' }).click();
  await expect(page.locator('grundy-puzzles .clock')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('embed page: no serious accessibility violations', async ({ page }) => {
  await page.goto('/embed.html');
  await expect(page.locator('grundy-embed-builder section grundy-game .sum')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('lessons page and a lesson, slides and handout: no serious accessibility violations', async ({ page }) => {
  await page.goto('/lesson.html');
  await expect(page.getByRole('link', { name: 'Nim and the nim-sum' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/lesson.html?src=lessons%2F4-mex.md#slide=3');
  await expect(page.locator('grundy-lesson section.slide:not([hidden]) grundy-game .sum')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Handout' }).click();
  await expect(page.locator('grundy-lesson .answers li').first()).toContainText('Worth');
  expect(await seriousViolations(page)).toEqual([]);
});
