/** Presentation mode: a step-by-step reveal driven by the arrow keys. */
import { expect, test } from '@playwright/test';
import { activeGame, heapSizes, options } from './helpers';
import { GAME_IDS } from './registry';

test('arrow keys reveal the nimbers, the total and the winning move', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/#game=nim&position=3+4+5');
  const element = activeGame(page);
  await expect(element.locator('.sum')).toBeVisible();
  await (await options(element)).getByRole('button', { name: 'Present' }).click();
  const step = element.locator('.step');
  await expect(step).toHaveText('1 / 4: The position');
  await expect(element.locator('grundy-heaps .badge')).toHaveCount(0);
  await expect(element.locator('textarea')).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await expect(step).toHaveText('2 / 4: The nimber of each part');
  await expect(element.locator('grundy-heaps .badge')).toHaveCount(3);
  await expect(element.locator('.sum')).toHaveCount(0);
  // The parts' nimbers in binary, but not yet their total nor which columns decide it.
  await expect(element.locator('nim-sum-table tbody tr')).toHaveCount(3);
  await expect(element.locator('nim-sum-table')).not.toContainText('total');
  await expect(element.locator('nim-sum-table td.odd')).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await expect(element.locator('.sum')).toContainText('= *2');
  await expect(element.locator('nim-sum-table tr.total')).toContainText('*2');
  await page.keyboard.press('ArrowRight');
  await expect(element.locator('.verdict-big')).toHaveText('Winning move: take 2 from heap 1, leaving 1');
  await expect(element.locator('button.counter.winning')).toHaveCount(1);
  await page.screenshot({ path: 'tests/screenshots/presentation.png' });
  await page.keyboard.press('ArrowLeft');
  await expect(element.locator('.verdict-big')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect((await options(element)).getByRole('button', { name: 'Present' })).toBeVisible();
  await expect(element.locator('textarea')).toBeVisible();
});

for (const screen of [
  { name: 'a 1920×1080 projector', width: 1920, height: 1080, boardShare: 0.6, minFont: 28 },
  { name: 'a 390×844 phone', width: 390, height: 844, boardShare: 0.25, minFont: 20 },
]) {
  test(`presentation fills ${screen.name}: the board takes the room and the type grows`, async ({ page }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto('/#game=nim&position=3+4+5');
    const element = activeGame(page);
    await expect(element.locator('.sum')).toBeVisible();
    await (await options(element)).getByRole('button', { name: 'Present' }).click();
    await expect(element.locator('.step')).toHaveText('1 / 4: The position');
    /** The box around every heap drawn, as the reader sees it. */
    const board = () =>
      element.locator('grundy-heaps').evaluate((heaps) => {
        const boxes = [...heaps.shadowRoot!.querySelectorAll('.heap')].map((h) => h.getBoundingClientRect());
        return {
          top: Math.min(...boxes.map((b) => b.top)),
          bottom: Math.max(...boxes.map((b) => b.bottom)),
          left: Math.min(...boxes.map((b) => b.left)),
          right: Math.max(...boxes.map((b) => b.right)),
        };
      });
    await expect.poll(async () => { const b = await board(); return b.bottom - b.top; }).toBeGreaterThan(screen.boardShare * screen.height);
    const box = await board();
    expect(box.bottom).toBeLessThanOrEqual(screen.height);
    expect(box.right).toBeLessThanOrEqual(screen.width);
    expect(box.left).toBeGreaterThanOrEqual(0);
    const font = await element.evaluate((host) => parseFloat(getComputedStyle(host).fontSize));
    expect(font).toBeGreaterThanOrEqual(screen.minFont);
    // The last step still shows its explanation, on the screen's width.
    for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowRight');
    await expect(element.locator('.verdict-big')).toBeVisible();
    const verdict = (await element.locator('.verdict-big').boundingBox())!;
    expect(verdict.x + verdict.width).toBeLessThanOrEqual(screen.width);
    await page.screenshot({ path: `tests/screenshots/presentation-${screen.width}x${screen.height}.png` });
  });
}

test('moves are played live while presenting, and the steps start again from the new position', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/#game=nim&position=3+4+5');
  const element = activeGame(page);
  await expect(element.locator('.sum')).toBeVisible();
  await (await options(element)).getByRole('button', { name: 'Present' }).click();
  for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowRight');
  await expect(element.locator('.step')).toHaveText('4 / 4: The winning move');
  // The winning move, take 2 from heap 1: its counter 2 takes it and the one above.
  await element.locator('grundy-heaps .heap').first().locator('button.counter').nth(1).click();
  await expect(element.locator('.step')).toHaveText('1 / 4: The position');
  // The computer answers; the class sees the position after it, still presenting.
  await expect.poll(() => heapSizes(element)).not.toEqual([1, 4, 5]);
  await expect.poll(async () => (await heapSizes(element)).reduce((a, b) => a + b, 0)).toBeLessThan(10);
  await expect(element.locator('.step')).toHaveText('1 / 4: The position');
});

for (const screen of [
  { name: '1920×1080', width: 1920, height: 1080, minFont: 28, minArea: 0.12 },
  { name: '1400×900', width: 1400, height: 900, minFont: 23, minArea: 0.1 },
  { name: '390×844', width: 390, height: 844, minFont: 20, minArea: 0.1 },
]) {
  test(`every game's presentation at ${screen.name}: large type, a board that takes the room, nothing cut`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: screen.width, height: screen.height });
    for (const game of GAME_IDS) {
      // A page of its own each time: a presentation holds the full screen.
      await page.goto('about:blank');
      await page.goto(`/#game=${game}`);
      const element = activeGame(page);
      await expect(element.locator('.sum')).toBeVisible();
      await (await options(element)).getByRole('button', { name: 'Present' }).click();
      await expect(element.locator('.step')).toHaveText('1 / 4: The position');
      for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowRight');
      await expect(element.locator('.step')).toHaveText('4 / 4: The winning move');
      const measure = () =>
        element.evaluate((host) => {
          const board = host.shadowRoot!.querySelector('.board > :not(.picker)')!.getBoundingClientRect();
          return {
            font: parseFloat(getComputedStyle(host).fontSize),
            area: board.width * board.height,
            right: board.right,
            overflow: host.scrollWidth - host.clientWidth,
          };
        });
      // The board is zoomed to fit once it is drawn.
      await expect.poll(async () => (await measure()).area / (screen.width * screen.height), { message: game }).toBeGreaterThanOrEqual(screen.minArea);
      const measured = await measure();
      expect(measured.font, game).toBeGreaterThanOrEqual(screen.minFont);
      expect(measured.right, game).toBeLessThanOrEqual(screen.width + 1);
      expect(measured.overflow, game).toBeLessThanOrEqual(0);
    }
  });
}
