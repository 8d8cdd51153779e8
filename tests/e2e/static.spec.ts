/** The static build, with no class server behind it: no class or friend buttons, nothing broken. */
import { expect, test } from '@playwright/test';
import { watchConsole } from './helpers';

test('without a class server the playground and lessons offer no class', async ({ page }) => {
  const problems = watchConsole(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.includes('/api/')) asked.push(request.url());
  });
  await page.goto('/');
  await expect(page.locator('grundy-game:not([hidden]) .sum')).toBeVisible();
  await page.goto('/lesson.html?src=lessons%2F2-nim.md');
  await expect(page.locator('grundy-lesson h1')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Teach this lesson' })).toHaveCount(0);
  await page.goto('/');
  await expect(page.locator('grundy-game:not([hidden]) .sum')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Teach this' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Play a friend on another device' })).toHaveCount(0);
  expect(asked).toEqual([]);
  expect(problems).toEqual([]);
});
