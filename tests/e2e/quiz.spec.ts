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
      // Each team's questions take their own turns: Player 2's first asks who wins too.
      await expect(quiz.locator('.question')).toHaveText('Player 2, is this position P or N?');
      await quiz.getByRole('button', { name: /^N/ }).click();
      await expect(quiz.locator('.right')).toContainText('Right: an N-position; the nimber is *3, not 0');
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
  // Nim, so that the test knows every answer: a heap is worth its size and the total is their ⊕.
  const heaps = [3, 5, 6, 7];
  await page.goto(`/#game=nim&position=${encodeURIComponent(heaps.join(' '))}`);
  const element = shownGame(page, 'nim');
  await expect(element.locator('.sum')).toBeVisible();
  await (await options(element)).getByLabel('Opponent').selectOption('human');
  await (await options(element)).getByLabel('Quiz').check();
  const quiz = element.locator('grundy-quiz');
  /** Leaves `size` counters in heap `heap`: its counters are numbered from the bottom. */
  const leave = async (heap: number, size: number) => {
    await element.locator('grundy-heaps .heap').nth(heap).locator('button.counter').nth(size).click();
    heaps[heap] = size;
  };
  /** The move to a total of 0, if there is one. */
  const winningMove = () => {
    const total = heaps.reduce((x, h) => x ^ h, 0);
    const heap = heaps.findIndex((h) => (h ^ total) < h);
    return total && heap >= 0 ? { heap, size: heaps[heap] ^ total } : undefined;
  };
  const asked: Set<string>[] = [new Set(), new Set()];
  for (let ply = 0; heaps.some((h) => h > 0); ply++) {
    const team = ply % 2;
    const question = quiz.locator('.question');
    await expect(question).toHaveText(new RegExp(`^Player ${team + 1}, `));
    const text = (await question.textContent()) ?? '';
    const total = heaps.reduce((x, h) => x ^ h, 0);
    if (text.includes('P or N')) {
      asked[team].add('outcome');
      await quiz.getByRole('button', { name: total ? /^N/ : /^P/ }).click();
    } else if (text.includes('the nimber of heap')) {
      asked[team].add('nimber');
      const heap = Number(/heap (\d+)/.exec(text)![1]) - 1;
      await quiz.getByRole('textbox').fill(String(heaps[heap]));
      await quiz.getByRole('button', { name: 'Check' }).click();
    } else if (text.includes('the total')) {
      asked[team].add('total');
      await quiz.getByLabel('The total').fill(`*${total}`);
      await quiz.getByRole('button', { name: 'Check' }).click();
    } else {
      asked[team].add('move');
      // The board shows nothing of which move wins before the answer.
      await expect(element.locator('grundy-heaps .badge')).toHaveCount(0);
      await expect(element.locator('grundy-heaps .winning')).toHaveCount(0);
      const { heap, size } = winningMove()!;
      await leave(heap, size);
      continue;
    }
    await expect(quiz.locator('.right').last()).toBeVisible();
    // Play the winning move where there is one, else take one counter.
    const move = winningMove() ?? { heap: heaps.findIndex((h) => h > 0), size: heaps[heaps.findIndex((h) => h > 0)] - 1 };
    await leave(move.heap, move.size);
  }
  expect([...asked[0]].sort(), 'Player 1').toEqual(['move', 'nimber', 'outcome', 'total']);
  expect([...asked[1]].sort(), 'Player 2').toEqual(['nimber', 'outcome', 'total']);
  await expect(quiz.locator('.summary')).toContainText('Player 1:');
  await expect(quiz.locator('.summary')).toContainText('100 %); Player 2:');
  await page.screenshot({ path: 'tests/screenshots/quiz-teams.png', fullPage: true });
});

test('a move that does not win is marked wrong, with one that does', async ({ page }) => {
  // One heap, so each team's questions run: who wins, the total, the total, which move wins.
  await page.goto('/#game=nim&position=9');
  const element = shownGame(page, 'nim');
  await expect(element.locator('.sum')).toBeVisible();
  await (await options(element)).getByLabel('Opponent').selectOption('human');
  await (await options(element)).getByLabel('Quiz').check();
  const quiz = element.locator('grundy-quiz');
  /** Leaves `size` counters: the heap's counters are numbered from the bottom. */
  const leave = (size: number) => element.locator('grundy-heaps button.counter').nth(size).click();
  for (const size of [9, 8]) {
    await quiz.getByRole('button', { name: /^N/ }).click();
    await leave(size - 1);
  }
  for (const size of [7, 6, 5, 4]) {
    await quiz.getByLabel('The total').fill(String(size));
    await quiz.getByRole('button', { name: 'Check' }).click();
    await leave(size - 1);
  }
  await expect(quiz.locator('.question')).toHaveText('Player 1, which move wins? Play it on the board.');
  await leave(1); // not the win
  // Whether that move won says who wins the position Player 2 is asked
  // about: its mark and its point wait until Player 2 has answered.
  await expect(quiz.locator('.question')).toHaveText('Player 2, which move wins? Play it on the board.');
  await expect(quiz.locator('.wrong, .right')).toHaveCount(0);
  await expect(quiz.locator('.score')).toHaveText('Player 1: 3 of 3 · Player 2: 3 of 3');
  await leave(0);
  await expect(quiz.locator('.wrong')).toHaveText('✘ “take 2 from heap 1, leaving 1” does not win; “take 3 from heap 1, leaving 0” does.');
  await expect(quiz.locator('.right')).toHaveText('✔ Right: “take 1 from heap 1, leaving 0” wins.');
  await expect(quiz.locator('.summary')).toHaveText(
    'Quiz over. Player 1: 3 of 4 right (75 %); Player 2: 4 of 4 right (100 %). Player 2 answered best.',
  );
});

test('on a projector the quiz reads in slide type, with the teams named, a timer, and no reveal while a question is open', async ({ page }) => {
  await page.clock.install();
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('lesson.html');
  const lesson = ['# Quiz', '', '```grundy', 'game: nim', 'position: 1 2 3', 'opponent: human', 'quiz: yes', 'teams: Owls, Foxes', 'timer: 20', '```'];
  await page.getByLabel('Or paste its Markdown:').fill(lesson.join('\n'));
  await page.getByRole('button', { name: 'Show as slides' }).click();
  const element = page.locator('grundy-lesson grundy-game');
  await expect(element.locator('grundy-heaps button.counter').first()).toBeVisible();
  await (await options(element)).getByRole('button', { name: 'Present' }).click();
  const quiz = element.locator('grundy-quiz');
  const question = quiz.locator('.question');
  await expect(question).toHaveText('Owls, is this position P or N?');
  // The teacher renames a team before the first answer.
  await quiz.getByLabel("Second team's name").fill('Hawks');
  await quiz.getByLabel("Second team's name").press('Enter');
  expect(await question.evaluate((q) => parseFloat(getComputedStyle(q).fontSize))).toBeGreaterThanOrEqual(28);
  // ▶ and the arrow keys reveal nothing while the question is open.
  await expect(element.getByRole('button', { name: 'Next step' })).toBeDisabled();
  await element.locator('.toolbar').click();
  await page.keyboard.press('ArrowRight');
  await expect(element.locator('.step')).toHaveText('The quiz holds the values');
  await expect(element.locator('grundy-heaps .badge')).toHaveCount(0);
  await expect(element.locator('nim-sum-table')).toHaveCount(0);
  // The clock runs until the test moves it: a loaded machine may have spent a second or two.
  await expect(quiz.getByRole('timer')).toHaveText(/^Time left: (20|1\d) s$/);
  await page.screenshot({ path: 'tests/screenshots/quiz-present-1920.png' });
  await page.clock.runFor(21_000);
  await expect(quiz.locator('.wrong')).toHaveText('✘ Time is up: no answer was given.');
  await expect(quiz.locator('.score')).toHaveText('Owls: 0 of 1 · Hawks: 0 of 0');
  // Answered (or timed out), the steps reveal again.
  await page.keyboard.press('ArrowRight');
  await expect(element.locator('.step')).toHaveText('2 / 4: The nimber of each part');
  await element.locator('grundy-heaps .heap').nth(2).locator('button.counter').first().click();
  await expect(question).toHaveText('Hawks, is this position P or N?');
  await expect(element.locator('.step')).toHaveText('The quiz holds the values');
  await quiz.getByRole('button', { name: /^N/ }).click();
  await expect(quiz.locator('.score')).toHaveText('Owls: 0 of 1 · Hawks: 1 of 1');
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.screenshot({ path: 'tests/screenshots/quiz-present-1280.png' });
});
