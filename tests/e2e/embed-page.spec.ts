/** The embed page builds snippets that work; the iframe page shows one game. */
import { expect, test } from '@playwright/test';
import { heapSizes } from './helpers';

test('the embed page previews the choice and writes an escaped snippet', async ({ page }) => {
  await page.goto('/embed.html');
  const builder = page.locator('grundy-embed-builder');
  await expect(builder.locator('grundy-game .sum')).toBeVisible();
  await builder.locator('form').getByRole('combobox', { name: /^Game/ }).selectOption('string-game');
  await builder.locator('form textarea').fill('1\npawpawpawpaw\n1\npawpaw\n');
  await builder.locator('form textarea').blur();
  await builder.locator('form').getByRole('combobox', { name: /^Mode/ }).selectOption('analyse');
  await expect(builder.locator('grundy-game grundy-text')).toBeVisible();
  const snippet = await builder.getByLabel('Snippet').inputValue();
  expect(snippet).toMatch(/^<script type="module" src="http:\/\/127\.0\.0\.1:\d+\/embed\/grundy-game\.js"><\/script>\n/);
  expect(snippet).toContain('<grundy-game game="string-game" position="1\npawpawpawpaw\n1\npawpaw" mode="analyse"></grundy-game>');
  const iframe = await builder.getByLabel('Iframe').inputValue();
  expect(iframe).toContain('frame.html?game=string-game&amp;position=1%0Apawpawpawpaw');
  await page.screenshot({ path: 'tests/screenshots/embed-page.png', fullPage: true });
});

test('the iframe page shows the game its address names', async ({ page }) => {
  await page.goto('/frame.html?game=nim&position=2+7&mode=play&opponent=human');
  const game = page.locator('grundy-game');
  await expect.poll(() => heapSizes(game)).toEqual([2, 7]);
  await expect(game.locator('.status')).toContainText('Player 1 to move');
});
