/** Whole games played with the keyboard alone. */
import { expect, test, type Page } from '@playwright/test';
import { activeGame, heapSizes, options } from './helpers';

/**
 * Presses Tab until the focused element (through shadow roots) matches,
 * going at most once round every control of the page.
 */
async function tabTo(page: Page, matches: string): Promise<void> {
  for (let i = 0; i < MAX_TABS; i++) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate((selector) => {
      let active: Element | null = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return !!active?.matches(selector);
    }, matches);
    if (found) return;
  }
  throw new Error(`no focusable ${matches} within ${MAX_TABS} tabs`);
}

/** More than the controls of the page: ten game tabs, the toolbar, the panel with its move list. */
const MAX_TABS = 100;

async function playToTheEnd(page: Page, focusable: string, keys: string[]): Promise<string> {
  const element = activeGame(page);
  const status = element.locator('.status');
  for (let moves = 0; moves < 30; moves++) {
    await expect(status).toHaveText(/Your turn|You win|computer wins/);
    const text = (await status.textContent()) ?? '';
    if (!text.includes('Your turn')) return text;
    const before = await element.locator('textarea').inputValue();
    await tabTo(page, focusable);
    for (const key of keys) await page.keyboard.press(key);
    await expect(element.locator('textarea')).not.toHaveValue(before);
  }
  throw new Error('the game did not end');
}

/**
 * Plays to the end with `keys` alone from a focused move, with no Tab:
 * after each move and each reply the focus must still be on a move named
 * like `focused`, and the page must not have scrolled.
 */
async function playKeepingFocus(page: Page, focused: RegExp, keys: string[]): Promise<void> {
  const game = activeGame(page);
  const status = game.locator('.status');
  for (let moves = 0; moves < 40; moves++) {
    await expect(status).toHaveText(/Your turn|You win|computer wins/);
    if (!((await status.textContent()) ?? '').includes('Your turn')) break;
    expect(await focusedLabel(page), `move ${moves + 1}`).toMatch(focused);
    const before = await game.locator('textarea').inputValue();
    for (const key of keys) await page.keyboard.press(key);
    await expect(game.locator('textarea')).not.toHaveValue(before);
    expect(await page.evaluate(() => window.scrollY), `move ${moves + 1}`).toBe(0);
  }
  await expect(status).toHaveText(/You win|computer wins/);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

test('Nim by keyboard: Tab to a counter, Enter takes it', async ({ page }) => {
  await page.goto('/#game=nim&position=1+2+3');
  await expect(activeGame(page).locator('.sum')).toBeVisible();
  expect(await playToTheEnd(page, 'button.counter', ['Enter'])).toContain('The computer wins');
});

test('Darkraft by keyboard: Tab to the board, arrows and Enter', async ({ page }) => {
  await page.goto(`/#game=darkraft&position=${encodeURIComponent('2 3\nRLX\nXRL\n')}`);
  const element = activeGame(page);
  const status = element.locator('.status');
  await expect(element.locator('.sum')).toBeVisible();
  // Walk the cursor over the 2×3 board, pressing Enter until a move is played.
  const walk = ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowLeft', 'ArrowUp'];
  for (let moves = 0; moves < 10; moves++) {
    await expect(status).toHaveText(/Your turn|You win|computer wins/);
    if (!(await status.textContent())?.includes('Your turn')) break;
    const before = await element.locator('textarea').inputValue();
    await tabTo(page, 'grundy-grid');
    for (const step of walk) {
      await page.keyboard.press('Enter');
      await page.waitForTimeout(150);
      if ((await element.locator('textarea').inputValue()) !== before) break;
      await page.keyboard.press(step);
    }
    await expect(element.locator('textarea')).not.toHaveValue(before);
  }
  await expect(status).toHaveText(/You win|computer wins/);
});

test('Intervals by keyboard: arrows move along the line, Enter picks', async ({ page }) => {
  await page.goto(`/#game=intervals&position=${encodeURIComponent('1\n2\n1 3\n5 7\n')}`);
  await expect(activeGame(page).locator('.sum')).toBeVisible();
  const end = await playToTheEnd(page, 'svg[tabindex]', ['ArrowRight', 'ArrowLeft', 'Enter']);
  expect(end).toContain('The computer wins');
});

test('after a move focus stays in the game, and Ctrl+Z and Ctrl+Shift+Z undo and redo', async ({ page }) => {
  await page.goto('/#game=nim&position=3+4+5');
  const game = activeGame(page);
  await expect.poll(() => heapSizes(game)).toEqual([3, 4, 5]);
  await (await options(game)).getByLabel('Opponent').selectOption('human');
  await game.locator('grundy-heaps .heap').nth(2).locator('button.counter').first().click();
  await expect.poll(() => heapSizes(game)).toEqual([3, 4, 0]);
  expect(await game.evaluate((el) => el.matches(':focus-within'))).toBe(true);
  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(() => heapSizes(game)).toEqual([3, 4, 5]);
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await expect.poll(() => heapSizes(game)).toEqual([3, 4, 0]);
  // In the text box, the keys are the text box's own.
  await game.locator('textarea').focus();
  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(() => heapSizes(game)).toEqual([3, 4, 0]);
});

/** The accessible name of the focused element (its label, else its text), through shadow roots. */
function focusedLabel(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? null;
  });
}

test('a board is one Tab stop, and the arrow keys move between its moves', async ({ page }) => {
  await page.goto('/#game=nim&position=3+4+5');
  const game = activeGame(page);
  await expect.poll(() => heapSizes(game)).toEqual([3, 4, 5]);
  const counters = game.locator('grundy-heaps button.counter');
  await expect(counters).toHaveCount(12);
  await expect(game.locator('grundy-heaps button.counter[tabindex="0"]')).toHaveCount(1);
  let tabs = 0;
  while (!(await focusedLabel(page))?.startsWith('Heap 1, counter 1') && tabs < MAX_TABS) {
    await page.keyboard.press('Tab');
    tabs++;
  }
  console.log(`Tab presses from the top of the page to Nim's first counter: ${tabs}`);
  await page.keyboard.press('ArrowRight');
  expect(await focusedLabel(page)).toMatch(/^Heap 1, counter 2/);
  // Counters stack upwards: ArrowUp is the counter above.
  await page.keyboard.press('ArrowUp');
  expect(await focusedLabel(page)).toMatch(/^Heap 1, counter 3/);
  await page.keyboard.press('ArrowDown');
  expect(await focusedLabel(page)).toMatch(/^Heap 1, counter 2/);
  await page.keyboard.press('End');
  expect(await focusedLabel(page)).toMatch(/^Heap 3, counter 5/);
  // Out of the board and back: Tab returns to the move last reached.
  await page.keyboard.press('Shift+Tab');
  expect(await focusedLabel(page)).not.toMatch(/counter/);
  await page.keyboard.press('Tab');
  expect(await focusedLabel(page)).toMatch(/^Heap 3, counter 5/);
  await expect(game.locator('grundy-heaps button.counter[tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('Enter');
  // Heap 3 keeps 4; the computer's answer may already have emptied heap 1.
  await expect.poll(async () => (await heapSizes(game))[2]).toBe(4);
});

test('a whole game of Nim by keyboard keeps the focus on a counter, and no move scrolls the page', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/#game=nim&position=3+4+5+6+7');
  await expect(activeGame(page).locator('.sum')).toBeVisible();
  await tabTo(page, 'button.counter');
  await playKeepingFocus(page, /^Heap \d+, counter \d+/, ['ArrowLeft', 'Enter']);
});

test('the board is one Tab and Enter from the top of the page, and the game picker is one Tab stop', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/#game=nim&position=3+4+5');
  const game = activeGame(page);
  await expect.poll(() => heapSizes(game)).toEqual([3, 4, 5]);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('button', { name: 'Skip to the board' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  expect((await skip.boundingBox())!.width).toBeGreaterThan(60);
  await page.keyboard.press('Enter');
  expect(await focusedLabel(page)).toMatch(/^Heap 1, counter 1/);
  await expect(skip).toHaveCSS('clip-path', 'inset(50%)');

  // The picker: Tab enters at the shown game and leaves after it; arrows walk the games.
  await page.getByRole('button', { name: 'Copy link' }).focus();
  await page.keyboard.press('Tab');
  expect(await focusedLabel(page)).toBe('Nim');
  await page.keyboard.press('ArrowRight');
  const second = (await focusedLabel(page)) ?? '';
  expect(second).not.toBe('Nim');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowRight');
  expect(await focusedLabel(page)).toBe('Nim');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page.locator(`nav button[aria-current="true"]`)).toHaveText(second);
  await page.keyboard.press('Tab');
  expect(await focusedLabel(page)).not.toBe(await page.locator('nav button.game').nth(2).textContent());
  await expect(page.locator('nav button.game[tabindex="0"]')).toHaveCount(1);
});

test('a whole game of Kayles by keyboard keeps the focus on a pin', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`/#game=octal&position=${encodeURIComponent('0.77\n4 5 7\n')}`);
  await expect(activeGame(page).locator('.sum')).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await playKeepingFocus(page, /^Row \d+, pin \d+/, ['Home', 'Enter']);
});
