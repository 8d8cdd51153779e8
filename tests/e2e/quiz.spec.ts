/**
 * Quiz mode for a class: before each move the student says whether the
 * position is P or N, or what a part's nimber is; the app checks, keeps a
 * score, then reveals the values and lets the move be made.
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
      await expect(quiz.locator('.score')).toHaveText('Score: 0 of 1');
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
      // Ply 1 with three parts asks for a part's nimber.
      await expect(quiz.locator('.question')).toContainText('what is the nimber of heap 1 (1)?');
      await quiz.getByLabel('Nimber of heap 1 (1)').fill('1');
      await quiz.getByRole('button', { name: 'Check' }).click();
      await expect(quiz.locator('.right')).toContainText('Right: heap 1 (1) is worth *1.');
      await expect(quiz.locator('.score')).toHaveText('Score: 1 of 2');
      await page.screenshot({ path: `tests/screenshots/quiz-${size.name}.png`, fullPage: true });
    });
  });
}

test('under misère play the quiz asks only who wins', async ({ page }) => {
  await page.goto(`/#game=nim&position=${encodeURIComponent('1 1')}&play=misere`);
  const element = shownGame(page, 'nim');
  await (await options(element)).getByLabel('Quiz').check();
  const quiz = element.locator('grundy-quiz');
  await quiz.getByRole('button', { name: /^N/ }).click();
  await expect(quiz.locator('.right')).toContainText('Right: an N-position; under misère play the player to move wins.');
});
