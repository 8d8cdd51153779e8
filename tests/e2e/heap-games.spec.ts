/**
 * Heap games as a player and a teacher meet them: Kayles as pins, the
 * take chooser, rule edits, sums with other games, and the sequence
 * explorer with its period, its mex explainer, progress and Cancel.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { options, shownGame, watchConsole } from './helpers';

async function open(page: Page, game: string, position: string): Promise<Locator> {
  await page.goto(`/#game=${game}&position=${encodeURIComponent(position)}`);
  const element = shownGame(page, game);
  await expect(element.locator('.sum')).toBeVisible();
  return element;
}

test('Kayles is a row of pins: one pin or two neighbours, previewed and played', async ({ page }) => {
  const problems = watchConsole(page);
  const element = await open(page, 'octal', '0.77\n5\n');
  const pins = element.locator('grundy-rows button.piece.pin');
  await expect(pins).toHaveCount(5);
  await expect(element.locator('.sum')).toContainText('*4');
  // Knocking down the middle pin leaves 2 and 2: G(2) ⊕ G(2) = 0.
  await element.locator('grundy-rows .takes').getByRole('button', { name: '1' }).click();
  await pins.nth(2).hover();
  await expect(element.locator('.preview')).toContainText('take 1 from row 1 (5) at 3, leaving 2 and 2');
  await expect(element.locator('grundy-rows button.piece.taken')).toHaveCount(1);
  await element.locator('grundy-rows .takes').getByRole('button', { name: '2' }).click();
  await pins.nth(1).hover();
  await expect(element.locator('grundy-rows button.piece.taken')).toHaveCount(2);
  await expect(element.locator('.preview')).toContainText('leaving 1 and 2');
  await element.locator('grundy-rows .takes').getByRole('button', { name: '1' }).click();
  await pins.nth(2).click();
  // The computer answers, and the text is a valid Kayles position again.
  await expect(element.locator('.status')).toHaveText(/Your turn|computer wins/);
  await expect(element.locator('textarea')).toHaveValue(/^0\.77\n(\d+ ?)*\n$/);
  expect(problems).toEqual([]);
});

test('hints mark exactly the moves that win, with the run length that does', async ({ page }) => {
  const element = await open(page, 'octal', '0.77\n3 4\n');
  await (await options(element)).getByLabel('Hints').check();
  const analysis = await element.evaluate((game) => {
    const { moves } = (game as unknown as { analysis: { moves: { all(): { after: number; variant: string }[] } } }).analysis;
    return { moves: moves.all().map(({ after, variant }) => ({ after, variant })) };
  });
  const winningTakes = new Set(analysis.moves.filter((m) => m.after === 0).map((m) => m.variant));
  for (const take of ['1', '2']) {
    const button = element.locator('grundy-rows .takes button', { hasText: take });
    await expect(button).toHaveText(winningTakes.has(take) ? `${take} ★` : take);
    await button.click();
    const marked = await element.locator('grundy-rows button.piece.winning').count();
    expect(marked).toBe(analysis.moves.filter((m) => m.after === 0 && m.variant === take).length);
  }
});

test('the rule is edited in place, and a bad one is refused with the reason', async ({ page }) => {
  const element = await open(page, 'octal', '0.77\n3 4\n');
  await element.getByRole('button', { name: 'Edit' }).click();
  const code = element.getByLabel('Octal code');
  await code.fill('0.137');
  await code.press('Enter');
  await expect(element.locator('textarea')).toHaveValue('0.137\n3 4\n');
  await expect(element.locator('grundy-rows button.piece.pawn')).toHaveCount(7);
  await code.fill('0.9');
  await code.press('Enter');
  await expect(element.getByRole('alert')).toContainText("'9' is not an octal digit");
  await expect(element.locator('textarea')).toHaveValue('0.137\n3 4\n');
  const subtraction = await open(page, 'subtraction', '1,3,4\n7 5\n');
  await subtraction.getByRole('button', { name: 'Edit' }).click();
  await subtraction.getByLabel('Subtraction set S').fill('2, 5');
  await subtraction.getByLabel('Subtraction set S').press('Enter');
  await expect(subtraction.locator('textarea')).toHaveValue('2,5\n7 5\n');
});

test('heap games join sums with every other game', async ({ page }) => {
  const element = await open(page, 'sum', '--- octal\n0.77\n3\n--- grundy-game\n5\n--- nim\n2\n');
  await expect(element.locator('grundy-sum section.part')).toHaveCount(3);
  // G(3) = 3 in Kayles, G(5) = 2 in Grundy's game, and a Nim heap of 2.
  await expect(element.locator('.sum')).toContainText('*3 ⊕ *2 ⊕ *2 = *3');
});

test('the explorer proves Kayles periodic and explains any value', async ({ page }) => {
  const element = await open(page, 'octal', '0.77\n3 4\n');
  await element.locator('summary', { hasText: 'Sequence explorer' }).click();
  const explorer = element.locator('grundy-sequence');
  await expect(explorer.locator('.summary')).toContainText('Period 12 from n = 71 (proved)');
  await explorer.locator('.scroller canvas').click({ position: { x: 4 * 12 + 5, y: 5 } });
  // G(4) = mex{G(3), G(2), G(1) ⊕ G(2), G(1) ⊕ G(1)} = mex{3, 2, 3, 0} = 1.
  await expect(explorer.locator('.why')).toContainText('G(4) = mex{0, 2, 3} = 1');
  await expect(explorer.locator('.why li')).toHaveCount(4);
});

test('a million values of Grundy’s game show progress and stop on Cancel', async ({ page }) => {
  const element = await open(page, 'grundy-game', '6 9 13\n');
  await element.locator('summary', { hasText: 'Sequence explorer' }).click();
  const explorer = element.locator('grundy-sequence');
  await expect(explorer.locator('.summary')).toContainText('1,000 values');
  await expect(explorer.locator('.summary')).toContainText('No period is known');
  await explorer.getByLabel('Values up to n =').fill('1000000');
  await explorer.getByLabel('Values up to n =').press('Enter');
  const progress = explorer.locator('progress');
  await expect(progress).toBeVisible();
  await expect.poll(async () => Number(await progress.evaluate((p) => (p as HTMLProgressElement).value))).toBeGreaterThan(0);
  await explorer.getByRole('button', { name: 'Cancel' }).click();
  await expect(progress).toHaveCount(0);
  await expect(explorer.getByRole('alert')).toContainText('Stopped');
  // The game itself never waited for the explorer.
  await element.locator('grundy-heaps button.counter.playable').first().click();
  await expect(element.locator('.status')).toHaveText(/Your turn|computer wins/);
});

test('the explorer draws a million Kayles values and scrolls to the end', async ({ page }) => {
  const element = await open(page, 'octal', '0.77\n3 4\n');
  await element.locator('summary', { hasText: 'Sequence explorer' }).click();
  const explorer = element.locator('grundy-sequence');
  await explorer.getByLabel('Values up to n =').fill('1000000');
  await explorer.getByLabel('Values up to n =').press('Enter');
  await expect(explorer.locator('.summary')).toContainText('1,000,000 values', { timeout: 60_000 });
  const scroller = explorer.locator('.scroller');
  await scroller.scrollIntoViewIfNeeded();
  await scroller.evaluate((s) => (s.scrollTop = s.scrollHeight));
  const box = (await scroller.boundingBox())!;
  await page.mouse.move(box.x + 5, box.y + box.height - 20);
  await expect(explorer.locator('.caption')).toContainText(/n = 99\d{4}: G = \d/);
});

test('Kayles rows wrap at its period of 12, and a chart and a table say how often each value occurs', async ({ page }) => {
  const element = await open(page, 'octal', '0.77\n3 4\n');
  await element.locator('summary', { hasText: 'Sequence explorer' }).click();
  const explorer = element.locator('grundy-sequence');
  await expect(explorer.locator('.summary')).toContainText('Period 12 from n = 71 (proved)');
  await explorer.getByLabel('Rows of one period').check();
  await expect(explorer.locator('.legend')).toContainText('each row one period');
  // 71 = 5 · 12 + 11: one blank cell, then n = 0; n = 71 starts row 6.
  const scroller = explorer.locator('.scroller');
  await scroller.scrollIntoViewIfNeeded();
  const box = (await scroller.boundingBox())!;
  await page.mouse.move(box.x + 5, box.y + 6 * 12 + 5);
  await expect(explorer.locator('.caption')).toContainText('n = 71: G = ');
  await page.mouse.move(box.x + 5, box.y + 7 * 12 + 5);
  await expect(explorer.locator('.caption')).toContainText('n = 83: G = ');
  // The 1000 values' counts: from the engine, read back through the table.
  const chart = explorer.locator('grundy-frequency-chart');
  await expect(chart.locator('canvas').first()).toBeVisible();
  await chart.getByText('As a table').click();
  const rows = chart.locator('tbody tr');
  await expect(rows.first()).toHaveText(/^0\s*\d+/);
  const total = await rows.evaluateAll((all) => all.reduce((sum, row) => sum + Number(row.children[1].textContent!.replace(/,/g, '')), 0));
  expect(total).toBe(1000);
  await page.screenshot({ path: 'tests/screenshots/sequence-period-rows.png', fullPage: true });
});

test('the explorer computes 2^26 values of a periodic code in the browser', async ({ page }) => {
  test.setTimeout(180_000);
  const element = await open(page, 'octal', '0.07\n3 4\n');
  await element.locator('summary', { hasText: 'Sequence explorer' }).click();
  const explorer = element.locator('grundy-sequence');
  await explorer.getByLabel('Values up to n =').fill(String(2 ** 26));
  await explorer.getByLabel('Values up to n =').press('Enter');
  await expect(explorer.locator('.summary')).toContainText('67,108,864 values', { timeout: 150_000 });
  await explorer.locator('grundy-frequency-chart').getByText('As a table').click();
  const counts = await explorer.locator('grundy-frequency-chart tbody tr').evaluateAll((all) =>
    all.map((row) => Number(row.children[1].textContent!.replace(/,/g, ''))));
  expect(counts.reduce((a, b) => a + b, 0)).toBe(2 ** 26);
});
