import { expect, test } from '@playwright/test';
import { activeGame, heapSizes, options, SCREENS, waitForHumanTurn, watchConsole } from './helpers';

test('the computer wins a whole game of Nim from a position it wins', async ({ page }) => {
  const problems = watchConsole(page);
  // 1 ⊕ 2 ⊕ 3 = 0: whoever moves first loses against perfect play.
  await page.goto('/#game=nim&position=1+2+3');
  const game = activeGame(page);
  await expect(game.locator('.sum')).toContainText('= *0');
  let status = await waitForHumanTurn(game);
  let moves = 0;
  while (status.includes('Your turn')) {
    // Take the bottom counter of the first heap that has one: the whole heap.
    const before = await game.locator('textarea').inputValue();
    await game.locator('grundy-heaps button.counter').first().click();
    await expect(game.locator('textarea')).not.toHaveValue(before);
    moves++;
    status = await waitForHumanTurn(game);
  }
  expect(moves).toBeGreaterThan(0);
  await expect(game.locator('.status')).toContainText('The computer wins');
  expect(await heapSizes(game)).toEqual([0, 0, 0]);
  expect(problems).toEqual([]);
});

test('the position survives a reload through the URL hash', async ({ page }) => {
  await page.goto('/#game=nim&position=4+6+9');
  const game = activeGame(page);
  await expect.poll(() => heapSizes(game)).toEqual([4, 6, 9]);
  // Against a friend, so no computer reply changes the position under us.
  await (await options(game)).getByLabel('Opponent').selectOption('human');
  // The game has taken the change before the move: no computer answers it.
  await expect(game.locator('.status')).toContainText('Player 1 to move');
  // Counter 3 of heap 3 (from the bottom) leaves 2 counters there.
  await game.locator('grundy-heaps .heap').nth(2).locator('button.counter').nth(2).click();
  await expect.poll(() => heapSizes(game)).toEqual([4, 6, 2]);
  await expect(game.locator('.status')).toContainText('Player 2 to move');
  await expect(page).toHaveURL(/position=4\+6\+2/);
  const moves = game.locator('grundy-move-list li');
  await expect(moves).toHaveText(['Start', /Player 1: take 7 from heap 3/]);
  await page.reload();
  const reloaded = activeGame(page);
  await expect.poll(() => heapSizes(reloaded)).toEqual([4, 6, 2]);
  // The move list the entry names comes back with the position.
  await expect(reloaded.locator('grundy-move-list li')).toHaveText(['Start', /Player 1: take 7 from heap 3/]);
});

test('a bad position shows a located error and keeps the board', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/#game=nim&position=2+5+7');
  const game = activeGame(page);
  await expect.poll(() => heapSizes(game)).toEqual([2, 5, 7]);
  await game.locator('textarea').fill('3 x 5');
  const error = game.locator('.text .error');
  await expect(error).toHaveText("Line 1, column 3: heap 2 must be a whole number from 0 to 1000000, not 'x'");
  await expect(game.locator('textarea')).toHaveAttribute('aria-invalid', 'true');
  expect(await heapSizes(game)).toEqual([2, 5, 7]);
  await expect(game.locator('textarea')).toHaveValue('3 x 5');
  // Fixing the text loads it and clears the error.
  await game.locator('textarea').fill('3 4 5');
  await expect.poll(() => heapSizes(game)).toEqual([3, 4, 5]);
  await expect(error).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('hints mark exactly the winning counters, and undo goes back to the person\'s turn', async ({ page }) => {
  await page.goto('/#game=nim&position=3+4+5');
  const game = activeGame(page);
  await expect.poll(() => heapSizes(game)).toEqual([3, 4, 5]);
  await (await options(game)).getByLabel('Hints').check();
  // The one winning move takes 2 from heap 1, leaving 1: its anchor is counter 2.
  const winning = game.locator('button.counter.winning');
  await expect(winning).toHaveCount(1);
  await expect(winning).toHaveAttribute('aria-label', /take 2 from heap 1, leaving 1; leaves \*0, a winning move/);
  await winning.click();
  // Our move leaves 1 4 5; the computer's reply takes something more.
  await expect.poll(async () => (await heapSizes(game)).reduce((a, b) => a + b, 0)).toBeLessThan(1 + 4 + 5);
  await waitForHumanTurn(game);
  await game.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => heapSizes(game)).toEqual([3, 4, 5]);
  await expect(game.locator('.status')).toContainText('Your turn');
});

test('edit mode adds, resizes and removes heaps', async ({ page }) => {
  await page.goto('/#game=nim&position=1+2');
  const game = activeGame(page);
  await expect.poll(() => heapSizes(game)).toEqual([1, 2]);
  await game.getByRole('button', { name: 'Edit' }).click();
  await game.getByRole('button', { name: '+ heap' }).click();
  await expect.poll(() => heapSizes(game)).toEqual([1, 2, 3]);
  await game.getByRole('button', { name: 'Add a counter to heap 1' }).click();
  await expect.poll(() => heapSizes(game)).toEqual([2, 2, 3]);
  await game.getByRole('button', { name: 'Delete heap 2' }).click();
  await expect.poll(() => heapSizes(game)).toEqual([2, 3]);
  await expect(game.locator('textarea')).toHaveValue('2 3\n');
  await expect(game.locator('nim-sum-table tr.total')).toContainText('*1');
});

test('moves and drawing edits share one history: Edit undoes both in order, Play undoes only moves', async ({ page }) => {
  await page.goto('/#game=nim&position=3+4+5');
  const game = activeGame(page);
  await expect.poll(() => heapSizes(game)).toEqual([3, 4, 5]);
  await (await options(game)).getByLabel('Opponent').selectOption('human');
  // A move, then an edit, then a move.
  await game.locator('grundy-heaps .heap').nth(0).locator('button.counter').first().click();
  await expect.poll(() => heapSizes(game)).toEqual([0, 4, 5]);
  await game.getByRole('button', { name: 'Edit' }).click();
  await game.getByRole('button', { name: 'Add a counter to heap 1' }).click();
  await expect.poll(() => heapSizes(game)).toEqual([1, 4, 5]);
  await game.getByRole('button', { name: 'Play', exact: true }).click();
  await game.locator('grundy-heaps .heap').nth(2).locator('button.counter').first().click();
  await expect.poll(() => heapSizes(game)).toEqual([1, 4, 0]);
  const moves = game.locator('grundy-move-list li:not(.future)');
  await expect(moves).toHaveText(['Start', /take 5 from heap 3/]);

  // Play's Undo takes back the move and stops at the drawing.
  const undo = game.getByRole('button', { name: 'Undo', exact: true });
  await undo.click();
  await expect.poll(() => heapSizes(game)).toEqual([1, 4, 5]);
  await expect(undo).toBeDisabled();

  // Edit's Undo takes back the edit, and the move before it is listed again.
  await game.getByRole('button', { name: 'Edit' }).click();
  await game.getByRole('button', { name: 'Undo the last edit' }).click();
  await expect.poll(() => heapSizes(game)).toEqual([0, 4, 5]);
  await game.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(moves).toHaveText(['Start', /take 3 from heap 1/]);
  await undo.click();
  await expect.poll(() => heapSizes(game)).toEqual([3, 4, 5]);
  const redo = game.getByRole('button', { name: 'Redo', exact: true });
  await redo.click();
  await expect.poll(() => heapSizes(game)).toEqual([0, 4, 5]);
  // What Redo would bring back next is the edit: Play leaves it to Edit.
  await expect(redo).toBeDisabled();
  await game.getByRole('button', { name: 'Edit' }).click();
  await game.getByRole('button', { name: 'Redo the edit undone' }).click();
  await expect.poll(() => heapSizes(game)).toEqual([1, 4, 5]);
  await expect(game.locator('textarea')).toHaveValue('1 4 5\n');
});

test('after a game the scorecard marks each of the person\'s moves and gives their accuracy', async ({ page }) => {
  await page.goto('/#game=nim&position=1+2');
  const game = activeGame(page);
  await waitForHumanTurn(game);
  await expect(game.locator('.scorecard')).toHaveCount(0);
  // 1 ⊕ 2 = 3: leaving 1 and 1 wins; the computer then takes one, the person the last.
  await game.locator('grundy-heaps .heap').nth(1).locator('button.counter').nth(1).click();
  // "Your turn" still shows until the move lands: wait for the computer's reply.
  await expect(game.locator('.status')).toContainText('The computer played');
  await game.locator('grundy-heaps button.counter').first().click();
  await expect(game.locator('.status')).toContainText('You win');
  const card = game.locator('.scorecard');
  await expect(card.locator('p')).toHaveText('You: 100 % accuracy, 2 of 2 winning chances kept.');
  await expect(card.locator('li')).toHaveText([/take 1 from heap 2, leaving 1 ✔ kept the win/, /take 1 from heap \d, leaving 0 ✔ kept the win/]);
  // Numbered by ply, as the move list is: the computer's move between them is not the person's.
  expect(await card.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('value')))).toEqual(['1', '3']);

  // From 3 4 taking heap 1 whole throws the win away: 0 4 is lost.
  await game.locator('textarea').fill('3 4');
  await waitForHumanTurn(game);
  await game.locator('grundy-heaps .heap').nth(0).locator('button.counter').first().click();
  await expect(game.locator('.status')).toContainText('The computer wins');
  await expect(card.locator('p')).toHaveText('You: 0 % accuracy, 0 of 1 winning chance kept.');
  await expect(card.locator('li')).toHaveText([/take 3 from heap 1, leaving 0 ✘ threw the win away/]);
  await page.screenshot({ path: 'tests/screenshots/scorecard.png' });
});

test('with values hidden no scorecard shows, even after the game', async ({ page }) => {
  await page.goto('/#game=nim&position=1');
  const game = activeGame(page);
  await (await options(game)).getByLabel('Values').uncheck();
  await waitForHumanTurn(game);
  await game.locator('grundy-heaps button.counter').first().click();
  await expect(game.locator('.status')).toContainText('You win');
  await expect(game.locator('.scorecard')).toHaveCount(0);
});

test('the toolbar\'s options are kept over a reload and hold in every game', async ({ page }) => {
  await page.goto('/#game=nim&position=3+4+5');
  const game = activeGame(page);
  await expect.poll(() => heapSizes(game)).toEqual([3, 4, 5]);
  await (await options(game)).getByLabel('Hints').check();
  await game.getByLabel('Opponent').selectOption('human');
  await expect(game.locator('.status')).toContainText('Player 1 to move');
  await page.reload();
  const reloaded = activeGame(page);
  await expect.poll(() => heapSizes(reloaded)).toEqual([3, 4, 5]);
  await options(reloaded);
  await expect(reloaded.getByLabel('Hints')).toBeChecked();
  await expect(reloaded.getByLabel('Opponent')).toHaveValue('human');
  // 3 ^ 4 ^ 5 = 2: the one winning move is marked.
  await expect(reloaded.locator('button.counter.winning')).toHaveCount(1);
  await page.goto('/#game=octal');
  const kayles = activeGame(page);
  await options(kayles);
  await expect(kayles.getByLabel('Hints')).toBeChecked();
});

for (const screen of SCREENS) {
  test(`64 heaps of up to 100 are drawn without overlap, and the nim-sum table keeps its names in sight (${screen.name})`, async ({ page }) => {
    await page.setViewportSize(screen.viewport);
    const sizes = Array.from({ length: 64 }, (_, i) => 1 + ((i * 37 + 11) % 100));
    await page.goto(`/#game=nim&position=${sizes.join('+')}`);
    const game = activeGame(page);
    await expect.poll(() => heapSizes(game)).toHaveLength(64);
    // Each heap's extent: its lowest and highest counter, its badge and its name.
    const boxes = await game.locator('grundy-heaps').evaluate((board) =>
      [...board.shadowRoot!.querySelectorAll('.heap')].map((heap) => {
        const parts = [...heap.querySelectorAll('button.counter, .badge, .name')].map((part) => part.getBoundingClientRect());
        return {
          left: Math.min(...parts.map((r) => r.left)),
          right: Math.max(...parts.map((r) => r.right)),
          top: Math.min(...parts.map((r) => r.top)),
          bottom: Math.max(...parts.map((r) => r.bottom)),
        };
      }),
    );
    expect(boxes).toHaveLength(64);
    const overlaps: string[] = [];
    boxes.forEach((a, i) => {
      boxes.slice(i + 1).forEach((b, k) => {
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) overlaps.push(`heap ${i + 1} and heap ${i + k + 2}`);
      });
    });
    expect(overlaps).toEqual([]);
    // A counter of the tallest heap is thick enough to show its colour inside its outline.
    const thinnest = await game.locator('grundy-heaps button.counter').first().evaluate((c) => c.getBoundingClientRect().height);
    expect(thinnest).toBeGreaterThanOrEqual(4);
    const table = game.locator('nim-sum-table');
    if (await table.isVisible()) {
      // The table opens scrolled to its low bits; the first name is still within its box.
      const [tableBox, nameBox] = [await table.boundingBox(), await table.locator('td.label').first().boundingBox()];
      expect(await table.evaluate((t) => t.scrollLeft)).toBeGreaterThan(0);
      expect(nameBox!.x).toBeGreaterThanOrEqual(tableBox!.x - 0.5);
    }
  });
}
