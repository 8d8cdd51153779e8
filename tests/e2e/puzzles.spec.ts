import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchConsole } from './helpers';

/** The heaps of the Nim puzzle shown, counted from the board (no badge shows a value). */
async function heapSizes(board: Locator): Promise<number[]> {
  const heaps = board.locator('grundy-heaps .heap');
  await expect(heaps.first()).toBeVisible();
  const sizes: number[] = [];
  for (let i = 0; i < (await heaps.count()); i++) sizes.push(await heaps.nth(i).locator('button.counter').count());
  return sizes;
}

/** Whether the player to move loses Nim with these heaps, by Bouton's rule and its misère form. */
function lost(heaps: number[], misere: boolean): boolean {
  const sum = heaps.reduce((x, h) => x ^ h, 0);
  if (misere && heaps.every((h) => h <= 1)) return heaps.filter((h) => h === 1).length % 2 === 1;
  return sum === 0;
}

/** Every move of Nim as the heap and the counters it leaves, split by whether it wins. */
function nimMoves(heaps: number[], misere: boolean): { wins: [number, number][]; loses: [number, number][] } {
  const wins: [number, number][] = [];
  const loses: [number, number][] = [];
  heaps.forEach((size, heap) => {
    for (let left = 0; left < size; left++) {
      const after = heaps.map((h, i) => (i === heap ? left : h));
      (lost(after, misere) ? wins : loses).push([heap, left]);
    }
  });
  return { wins, loses };
}

/** Plays the move that leaves `left` counters on heap `heap`: a click on the counter above them. */
async function play(board: Locator, [heap, left]: [number, number]): Promise<void> {
  await board.locator('grundy-heaps .heap').nth(heap).locator('button.counter').nth(left).click();
}

async function nimPuzzle(page: Page): Promise<{ board: Locator; heaps: number[]; misere: boolean }> {
  const board = page.locator('grundy-puzzles grundy-game');
  await expect(board.locator('.status')).toContainText('Puzzle: find the move that wins');
  const misere = (await page.locator('grundy-puzzles .about').textContent())!.includes('misère');
  return { board, heaps: await heapSizes(board), misere };
}

const rating = (page: Page) => page.locator('grundy-puzzles .rating').textContent().then(Number);
const streak = (page: Page) => page.locator('grundy-puzzles .streak').textContent().then(Number);

test('a puzzle solved at the first try raises the rating and the streak, and a reload keeps them', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/puzzles.html#game=nim');
  const { board, heaps, misere } = await nimPuzzle(page);
  // Values hidden: no badge, and no nimber in the page's text.
  await expect(board.locator('.badge')).toHaveCount(0);
  expect(await page.locator('grundy-puzzles').innerText()).not.toMatch(/\*\d/);
  await play(board, nimMoves(heaps, misere).wins[0]);
  await expect(page.locator('grundy-puzzles .solved')).toContainText(/Solved! Rating \+\d+/);
  const after = await rating(page);
  expect(after).toBeGreaterThan(1500);
  expect(await streak(page)).toBe(1);
  await page.reload();
  await expect(page.locator('grundy-puzzles .rating')).toHaveText(String(after));
  expect(await streak(page)).toBe(1);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('grundy-puzzles')!).history.length);
  expect(saved).toBe(1);
  expect(problems).toEqual([]);
});

test('a wrong first try lowers the rating and ends the streak; a later right try changes neither', async ({ page }) => {
  await page.goto('/puzzles.html#game=nim');
  let puzzle = await nimPuzzle(page);
  await play(puzzle.board, nimMoves(puzzle.heaps, puzzle.misere).wins[0]);
  await expect(page.locator('grundy-puzzles .solved')).toBeVisible();
  const before = await rating(page);
  await page.getByRole('button', { name: 'Next puzzle' }).click();
  puzzle = await nimPuzzle(page);
  const { wins, loses } = nimMoves(puzzle.heaps, puzzle.misere);
  await play(puzzle.board, loses[0]);
  await expect(page.locator('grundy-puzzles .missed')).toContainText(/Not solved\. Rating −\d+/);
  const missed = await rating(page);
  expect(missed).toBeLessThan(before);
  expect(await streak(page)).toBe(0);
  // The try is taken back; the right move now is found but not rated.
  await expect.poll(() => heapSizes(puzzle.board)).toEqual(puzzle.heaps);
  await play(puzzle.board, wins[0]);
  await expect(page.locator('grundy-puzzles .feedback')).toContainText('Found, after a miss');
  expect(await rating(page)).toBe(missed);
  expect(await streak(page)).toBe(0);
});

test('two readers on one date get the same daily puzzle, tried once for the rating', async ({ browser }) => {
  const positions: string[] = [];
  for (const _ of [1, 2]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.clock.setFixedTime(new Date('2026-12-01T10:00:00Z'));
    await page.goto('/puzzles.html#mode=daily');
    await expect(page.locator('grundy-puzzles .about')).toContainText('Daily puzzle of 2026-12-01');
    const board = page.locator('grundy-puzzles grundy-game');
    await expect(board.locator('.status')).toContainText('Puzzle: find the move that wins');
    positions.push(await board.evaluate((game) => `${game.getAttribute('game')}\n${(game as unknown as { position: string }).position}`));
    if (positions.length === 2) {
      // Giving up counts as a miss, once: a reload shows the day's try.
      await board.getByRole('button', { name: 'Show solution' }).click();
      await expect(page.locator('grundy-puzzles .missed')).toBeVisible();
      const missed = await rating(page);
      expect(missed).toBeLessThan(1500);
      await page.reload();
      await expect(page.locator('grundy-puzzles .missed')).toBeVisible();
      await page.locator('grundy-puzzles grundy-game').getByRole('button', { name: 'Show solution' }).click();
      expect(await rating(page)).toBe(missed);
    }
    await context.close();
  }
  expect(positions[0]).toBe(positions[1]);
  expect(positions[0].length).toBeGreaterThan(3);
});

test('a puzzle rush ends on the third mistake', async ({ page }) => {
  await page.goto('/puzzles.html#game=nim');
  await nimPuzzle(page);
  await page.getByRole('button', { name: 'Puzzle rush' }).click();
  await page.getByRole('button', { name: 'Start the rush' }).click();
  let solved = 0;
  for (let mistake = 1; mistake <= 3; mistake++) {
    // One right answer, then a wrong one: the rush goes on after each.
    let puzzle = await nimPuzzle(page);
    await play(puzzle.board, nimMoves(puzzle.heaps, puzzle.misere).wins[0]);
    solved += 1;
    await expect(page.locator('grundy-puzzles .rush-solved')).toHaveText(String(solved));
    puzzle = await nimPuzzle(page);
    await play(puzzle.board, nimMoves(puzzle.heaps, puzzle.misere).loses[0]);
    await expect(page.locator('grundy-puzzles .mistakes')).toHaveText(String(mistake));
  }
  await expect(page.locator('grundy-puzzles .over')).toHaveText('Rush over: 3 solved.');
  await expect(page.locator('grundy-puzzles grundy-game')).toHaveCount(0);
  await expect(page.locator('grundy-puzzles .best-rush')).toHaveText('3');
});

test('a link that changes the address of the open page shows what it asks for', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2026-12-01T10:00:00Z'));
  await page.goto('/puzzles.html#game=nim');
  await nimPuzzle(page);
  await expect(page.locator('grundy-puzzles .about')).toContainText('Nim ·');
  await page.evaluate(() => (location.hash = 'mode=daily'));
  await expect(page.locator('grundy-puzzles .about')).toContainText('Daily puzzle of 2026-12-01');
  await expect(page.getByRole('button', { name: 'Daily puzzle' })).toHaveAttribute('aria-pressed', 'true');
  await page.evaluate(() => (location.hash = 'game=lasker'));
  await expect(page.locator('grundy-puzzles .about')).toContainText(/^Lasker · /);
  await expect(page.locator('grundy-puzzles select').first()).toHaveValue('lasker');
});
