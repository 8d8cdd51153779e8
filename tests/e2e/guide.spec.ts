/**
 * The guide opens from the playground's header, every chapter opens from
 * its navigation with its images drawn, and links between chapters land on
 * the heading they name.
 */
import { expect, test } from '@playwright/test';
import { watchConsole } from './helpers';

const CHAPTERS: [string, RegExp][] = [
  ['Overview', /Grundy Playground guide/],
  ['Playing', /^Playing$/],
  ['Teaching', /^Teaching$/],
  ['Embedding', /^Embedding$/],
  ['Command line', /^Command line$/],
  ['Research', /^Research$/],
  ['Architecture', /^Architecture$/],
  ['Limits', /^Limits$/],
  ['Class server contract', /contract/],
];

test('the header\'s Guide link opens the guide, and each chapter opens from its navigation', async ({ page }) => {
  const problems = watchConsole(page);
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) missing.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/#game=nim&position=3+4+5');
  await page.getByRole('link', { name: 'Guide' }).click();
  await expect(page).toHaveURL(/\/docs\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(CHAPTERS[0][1]);
  for (const [name, title] of CHAPTERS) {
    await page.getByRole('navigation', { name: 'Guide' }).getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('navigation', { name: 'Guide' }).locator('[aria-current="page"]')).toHaveText(name);
    // Every image has loaded and has a size.
    for (const image of await page.locator('main img').all()) {
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
  }
  expect(missing).toEqual([]);
  expect(problems).toEqual([]);
});

test('a link to another chapter\'s heading lands on that heading, and the title goes back to the playground', async ({ page }) => {
  await page.goto('/docs/command-line.html');
  await page.locator('main').getByRole('link', { name: 'Teaching' }).click();
  await expect(page).toHaveURL(/teaching\.html#teach-a-class$/);
  await expect(page.getByRole('heading', { name: 'Teach a class' })).toBeInViewport();
  await page.getByRole('link', { name: 'Grundy Playground' }).click();
  await expect(page.locator('grundy-playground')).toBeVisible();
});

for (const [width, height, device] of [[1200, 900, 'desktop'], [390, 844, 'phone']] as const) {
  test(`the guide reads in one column on a ${device}`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/docs/embedding.html');
    // Nothing but a code block or a table scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `tests/screenshots/guide-${device}.png` });
  });
}
