/**
 * Following a game: the computer's move in words, a move list with the
 * value after each move, going back to any ply, and playing with values
 * hidden.
 */
import { expect, test } from '@playwright/test';
import { options, playOn, SCREENS, shownGame } from './helpers';

for (const screen of SCREENS) {
  test.describe(`at ${screen.name} size`, () => {
    test.use({ viewport: screen.viewport, hasTouch: screen.hasTouch });

    test('the computer says what it played, and the move list follows the game', async ({ page }) => {
      await page.goto(`/#game=nim&position=${encodeURIComponent('3 4 5')}`);
      const element = shownGame(page, 'nim');
      await expect(element.locator('.sum')).toBeVisible();
      // Taking the whole first heap loses against perfect play: the computer answers.
      await playOn(element.locator('grundy-heaps .heap').first().locator('button.counter').first(), screen.hasTouch);
      await expect(element.locator('.status')).toContainText(/The computer played: take \d+ from heap \d, leaving \d+\. Your turn\./);
      const list = element.locator('grundy-move-list');
      await expect(list.locator('li')).toHaveCount(3);
      await expect(list.locator('li').nth(1)).toContainText('You: take 3 from heap 1, leaving 0 → *1, N');
      await expect(list.locator('li').nth(2)).toContainText(/Computer: .* → \*0, P/);
      await expect(list.locator('.strip span')).toHaveCount(2);
      // Back to the start through the list, and forward again.
      await list.getByRole('button', { name: 'Start' }).click();
      await expect(element.locator('textarea')).toHaveValue('3 4 5\n');
      await expect(list.locator('li.future')).toHaveCount(2);
      await list.locator('li').nth(2).getByRole('button').click();
      await expect(list.locator('li.future')).toHaveCount(0);
      // The list copies as text, one move per line.
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await list.getByRole('button', { name: 'Copy moves' }).click();
      await expect(list.getByRole('status')).toHaveText('Copied.');
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toMatch(/^1\. You: take 3 from heap 1, leaving 0 \(→ \*1\)\n2\. Computer: .* \(→ \*0\)$/);
    });

    test('with values off nothing gives the game away', async ({ page }) => {
      await page.goto(`/#game=octal&position=${encodeURIComponent('0.77\n3 4\n')}`);
      const element = shownGame(page, 'octal');
      await expect(element.locator('.sum')).toBeVisible();
      await (await options(element)).getByLabel('Hints').check();
      await (await options(element)).getByLabel('Values').uncheck();
      await expect(element.locator('.sum')).toHaveCount(0);
      await expect(element.locator('.badge')).toHaveCount(0);
      await expect(element.locator('button.piece.winning')).toHaveCount(0);
      await expect(element.locator('.values-off')).toBeVisible();
      await expect((await options(element)).getByLabel('Hints')).toBeDisabled();
      await (await options(element)).getByLabel('Values').check();
      await expect(element.locator('.sum')).toBeVisible();
    });
  });
}

test('embeds take controls="play", controls="none" and values="hidden"', async ({ page }) => {
  await page.goto('/frame.html?game=nim&position=3%204%205&controls=play');
  const play = page.locator('grundy-game');
  await expect(play.locator('.status')).toContainText('Your turn');
  await expect(play.locator('textarea')).toHaveCount(0);
  await expect(play.getByRole('button', { name: 'New game' })).toBeVisible();
  await play.locator('grundy-heaps button.counter').first().click();
  await expect(play.locator('.status')).toContainText(/The computer played|computer wins/);
  await page.goto('/frame.html?game=nim&position=3%204%205&controls=none');
  const board = page.locator('grundy-game');
  await expect(board.locator('grundy-heaps .badge')).toHaveCount(3);
  await expect(board.locator('.status')).toHaveCount(0);
  await expect(board.locator('.toolbar')).toHaveCount(0);
  await page.goto('/frame.html?game=nim&position=3%204%205&controls=play&values=hidden');
  const puzzle = page.locator('grundy-game');
  await expect(puzzle.locator('grundy-heaps .heap')).toHaveCount(3);
  await expect(puzzle.locator('grundy-heaps .badge')).toHaveCount(0);
});

test('a puzzle judges each try, explains it, takes it back, and can show the solution', async ({ page }) => {
  await page.goto('/frame.html?game=nim&position=3%204%205&controls=play&puzzle&values=shown');
  const element = page.locator('grundy-game');
  await expect(element.locator('.status')).toContainText('Puzzle: find the move that wins');
  // Emptying heap 3 leaves 3 ⊕ 4 = *7: not a win; the try is taken back.
  await element.locator('grundy-heaps .heap').nth(2).locator('button.counter').first().click();
  await expect(element.locator('.status')).toContainText('does not win: your opponent could win from there. It leaves *7.');
  await expect.poll(async () => (await element.locator('grundy-heaps button.counter').count())).toBe(12);
  await element.getByRole('button', { name: 'Show solution' }).click();
  await expect(element.locator('.status')).toContainText('A winning move: take 2 from heap 1, leaving 1');
  // Playing it solves the puzzle.
  await element.locator('grundy-heaps .heap').first().locator('button.counter').nth(1).click();
  await expect(element.locator('.status')).toContainText('✔ take 2 from heap 1, leaving 1 wins');
});
