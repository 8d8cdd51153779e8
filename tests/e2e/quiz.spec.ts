/**
 * Quiz mode for a class: before each move the student says whether the
 * position is P or N, what a part's nimber or the total is, or plays the
 * move that wins; the app checks, keeps a score for each of two teams,
 * then reveals the values and lets the move be made, and sums up at the end.
 */
import { expect, test } from '@playwright/test';
import { options, shownGame } from './helpers';

for (const size of [
  { name: 'desktop', width: 1400, height: 900, touch: false },
  { name: 'phone', width: 390, height: 844, touch: true },
]) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, hasTouch: size.touch });

    test('answer, see the values, move, and keep score', async ({ page }) => {
      await page.goto(`/#game=nim&position=${encodeURIComponent('1 2 3')}`);
      const element = shownGame(page, 'nim');
      await expect(element.locator('.sum')).toBeVisible();
      await (await options(element)).getByLabel('Opponent').selectOption('human');
      await (await options(element)).getByLabel('Quiz').check();
      const quiz = element.locator('grundy-quiz');
      // Values stay hidden and the board waits for the answer.
      await expect(element.locator('.values-off')).toContainText('Values show once you answer the quiz');
      await expect(element.locator('.status')).toContainText('answer the quiz, then move');
      await expect(element.locator('grundy-heaps button.counter').first()).toBeVisible();
      await expect(element.locator('grundy-heaps .badge')).toHaveCount(0);
      // 1 ⊕ 2 ⊕ 3 = 0: a P-position. Say N, which is wrong.
      await quiz.getByRole('button', { name: /^N/ }).click();
      await expect(quiz.locator('.wrong')).toContainText('It is a P-position: the nimber is *0');
      await expect(quiz.locator('.score')).toHaveText('Player 1: 0 of 1 · Player 2: 0 of 0');
      await expect(element.locator('.sum')).toBeVisible();
      // Now the move: empty heap 3, leaving 1 ⊕ 2 = *3.
      const heap = element.locator('grundy-heaps .heap').nth(2).locator('button.counter').first();
      // A finger's tap previews; the picker's Play plays.
      if (size.touch) {
        await heap.tap();
        await element.locator('.picker').getByRole('button', { name: 'Play' }).tap();
      } else {
        await heap.click();
      }
      // Ply 1 with three parts asks for a part's nimber, of the other player.
      await expect(quiz.locator('.question')).toHaveText('Player 2, what is the nimber of heap 1 (1)?');
      await quiz.getByLabel('Nimber of heap 1 (1)').fill('1');
      await quiz.getByRole('button', { name: 'Check' }).click();
      await expect(quiz.locator('.right')).toContainText('Right: heap 1 (1) is worth *1.');
      await expect(quiz.locator('.score')).toHaveText('Player 1: 0 of 1 · Player 2: 1 of 1');
      await page.screenshot({ path: `tests/screenshots/quiz-${size.name}.png`, fullPage: true });
    });
  });
}

test('under misère play the quiz asks who wins, never a nimber', async ({ page }) => {
  await page.goto(`/#game=nim&position=${encodeURIComponent('1 1')}&play=misere`);
  const element = shownGame(page, 'nim');
  await (await options(element)).getByLabel('Quiz').check();
  const quiz = element.locator('grundy-quiz');
  await quiz.getByRole('button', { name: /^N/ }).click();
  await expect(quiz.locator('.right')).toContainText('Right: an N-position; under misère play the player to move wins.');
});

test('two teams take turns through every kind of question, and the quiz sums up at the end', async ({ page }) => {
  await page.goto(`/#game=nim&position=${encodeURIComponent('1 2 4')}`);
  const element = shownGame(page, 'nim');
  await expect(element.locator('.sum')).toBeVisible();
  await (await options(element)).getByLabel('Opponent').selectOption('human');
  await (await options(element)).getByLabel('Quiz').check();
  const quiz = element.locator('grundy-quiz');
  const heap = (i: number) => element.locator('grundy-heaps .heap').nth(i);
  await expect(quiz.locator('.question')).toHaveText('Player 1, is this position P or N?');
  await quiz.getByRole('button', { name: /^N/ }).click();
  await expect(quiz.locator('.right')).toHaveText('✔ Right: an N-position; the nimber is *7, not 0, so the player to move wins.');
  await heap(2).locator('button.counter').nth(1).click(); // 1 2 1
  await expect(quiz.locator('.question')).toHaveText('Player 2, what is the nimber of heap 1 (1)?');
  await quiz.getByLabel('Nimber of heap 1 (1)').fill('1');
  await quiz.getByRole('button', { name: 'Check' }).click();
  await heap(1).locator('button.counter').first().click(); // 1 0 1
  await expect(quiz.locator('.question')).toHaveText('Player 1, what is the total, the nimber of the whole position?');
  await quiz.getByLabel('The total').fill('*1');
  await quiz.getByRole('button', { name: 'Check' }).click();
  await expect(quiz.locator('.wrong')).toHaveText('✘ The total is *1 ⊕ *0 ⊕ *1 = *0, not *1.');
  await heap(0).locator('button.counter').first().click(); // 0 0 1
  // The move is the answer: the board takes it, and shows nothing of which move wins before.
  await expect(quiz.locator('.question')).toHaveText('Player 2, which move wins? Play it on the board.');
  await expect(element.locator('grundy-heaps .badge')).toHaveCount(0);
  await expect(element.locator('grundy-heaps .winning')).toHaveCount(0);
  await expect(quiz).not.toContainText('take 1 from heap 3');
  await heap(2).locator('button.counter').first().click();
  await expect(quiz.locator('.right')).toHaveText('✔ Right: “take 1 from heap 3, leaving 0” wins.');
  await expect(quiz.locator('.summary')).toHaveText(
    'Quiz over. Player 1: 1 of 2 right (50 %); Player 2: 2 of 2 right (100 %). Player 2 answered best.',
  );
  await page.screenshot({ path: 'tests/screenshots/quiz-teams.png', fullPage: true });
});

test('a move that does not win is marked wrong, with one that does', async ({ page }) => {
  // One heap, so the questions run: who wins, the total, which move wins.
  await page.goto('/#game=nim&position=5');
  const element = shownGame(page, 'nim');
  await expect(element.locator('.sum')).toBeVisible();
  await (await options(element)).getByLabel('Opponent').selectOption('human');
  await (await options(element)).getByLabel('Quiz').check();
  const quiz = element.locator('grundy-quiz');
  const counter = (n: number) => element.locator('grundy-heaps button.counter').nth(n);
  await quiz.getByRole('button', { name: /^N/ }).click();
  await counter(3).click(); // 3
  await quiz.getByLabel('The total').fill('3');
  await quiz.getByRole('button', { name: 'Check' }).click();
  await counter(2).click(); // 2
  await expect(quiz.locator('.question')).toHaveText('Player 1, which move wins? Play it on the board.');
  await counter(1).click(); // 1: not the win
  // Whether that move won says who wins the position Player 2 is asked
  // about: its mark and its point wait until Player 2 has answered.
  await expect(quiz.locator('.question')).toHaveText('Player 2, is this position P or N?');
  await expect(quiz.locator('.wrong, .right')).toHaveCount(0);
  await expect(quiz.locator('.score')).toHaveText('Player 1: 1 of 1 · Player 2: 1 of 1');
  await quiz.getByRole('button', { name: /^N/ }).click();
  await expect(quiz.locator('.wrong')).toHaveText('✘ “take 1 from heap 1, leaving 1” does not win; “take 2 from heap 1, leaving 0” does.');
  await expect(quiz.locator('.right')).toHaveText('✔ Right: an N-position; the nimber is *1, not 0, so the player to move wins.');
  await expect(quiz.locator('.score')).toHaveText('Player 1: 1 of 2 · Player 2: 2 of 2');
});
