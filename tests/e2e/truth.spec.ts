/**
 * What the screen says is true, and the page stays in the person's hands:
 * hints in sums, pickers, full screen, export, addresses, history, and
 * work that can always be cancelled.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { activeGame, heapSizes, options, QUICK_SUM, shownGame, SLOW_SUM, watchConsole } from './helpers';

interface Move {
  id: number;
  after: number;
  label: string;
}
/** An analysis's moves as the page holds them. */
interface Moves {
  all(): Move[];
}
interface Part<M> {
  game: string;
  moveOffset: number;
  analysis: { moves: M };
}

async function open(page: Page, game: string, position?: string): Promise<Locator> {
  const hash = position === undefined ? `#game=${game}` : `#game=${game}&position=${encodeURIComponent(position)}`;
  await page.goto(`/${hash}`);
  const element = shownGame(page, game);
  await expect(element.locator('.sum')).toBeVisible();
  return element;
}

const FOUR_GAMES =
  '--- nim\n2 5\n--- darkraft\n2 2\nRL\nLR\n--- intervals\n1\n2\n1 5\n2 4\n--- string-game\n1\npawpawpawpaw\n1\npawpaw\n';

test('a sum marks exactly the moves that win the whole sum', async ({ page }) => {
  const pieces = ['--- nim\n2 5\n', '--- darkraft\n2 2\nRL\nLR\n', '--- intervals\n1\n2\n1 5\n2 4\n', '--- string-game\n1\npawpawpawpaw\n1\npawpaw\n', '--- nim\n3\n', '--- board-escape\n1 3 4\nT.E\n'];
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const sums = [FOUR_GAMES];
  for (let i = 0; i < 7; i++) sums.push(pieces.filter(() => random() < 0.5).join('') || pieces[0]);
  for (const sum of sums) {
    // A fresh page: a change of address alone keeps the last sum on screen
    // for a moment, and its analysis would be read for this one.
    await page.goto('about:blank');
    const element = await open(page, 'sum', sum);
    await element.getByRole('button', { name: 'Analyse' }).click();
    const parts = await element.locator('grundy-sum').evaluate((board) => {
      const analysis = (board as unknown as { analysis: { moves: Moves; board: { parts: Part<Moves>[] } } }).analysis;
      const list = (moves: Moves): Move[] => moves.all().map(({ id, after, label }) => ({ id, after, label }));
      const parts = analysis.board.parts.map(({ game, moveOffset, analysis }) => ({ game, moveOffset, analysis: { moves: list(analysis.moves) } }));
      return { total: list(analysis.moves), parts };
    });
    for (const part of parts.parts) {
      for (const move of part.analysis.moves) {
        expect(move.after, `${sum}: ${move.label}`).toBe(parts.total[part.moveOffset + move.id].after);
      }
    }
    // What the heaps and string boards mark is exactly what wins the sum.
    const winning = (game: string) =>
      parts.parts.filter((p) => p.game === game).flatMap((p) => p.analysis.moves).filter((m) => m.after === 0).length;
    await expect(element.locator('grundy-sum button.counter.winning')).toHaveCount(winning('nim'));
    await expect(element.locator('grundy-sum grundy-text rect.bar[aria-label$="a winning move"]')).toHaveCount(winning('string-game'));
  }
  // The sample: the middle pawpaw leaves *5 of the sum and is not marked.
  const element = await open(page, 'sum', FOUR_GAMES);
  await element.getByRole('button', { name: 'Analyse' }).click();
  const middle = element.locator('grundy-text rect.bar[aria-label^="erase \\"pawpaw\\" at 4–9"]');
  await expect(middle).toHaveAttribute('aria-label', /leaves \*5$/);
  await middle.hover();
  await expect(element.locator('.preview')).toContainText('position → *5');
  await expect(element.locator('.preview')).not.toContainText('wins');
});

test('the case picker shows the chosen case of a shared link', async ({ page }) => {
  const element = await open(page, 'bacterial-tactics', '5\n2 2\n..\n.#\n4 4\n.#..\n..#.\n#...\n...#\n3 4\n#.##\n....\n#.##\n1 1\n.\n1 2\n##\n');
  await element.locator('select').filter({ hasText: '1 of 5' }).selectOption({ label: '3 of 5' });
  await expect(element.locator('textarea')).toHaveValue('1\n3 4\n#.##\n....\n#.##\n');
  await expect(element.locator('.error')).toHaveCount(0);
});

test('leaving a presentation leaves full screen and brings the page back', async ({ page }) => {
  for (const leave of ['Exit', 'Escape']) {
    const element = await open(page, 'nim', '3 4 5');
    await (await options(element)).getByRole('button', { name: 'Present' }).click();
    await expect(element.locator('.step')).toBeVisible();
    if (leave === 'Exit') await element.getByRole('button', { name: 'Exit' }).click();
    else await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: 'Grundy Playground' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
    await expect(page.getByRole('navigation', { name: 'Games' })).toBeVisible();
  }
});

test('a sum exports as SVG', async ({ page }) => {
  const element = await open(page, 'sum', FOUR_GAMES);
  const download = page.waitForEvent('download');
  await element.getByRole('button', { name: 'SVG' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('sum.svg');
  await expect(element.locator('.export')).toContainText('Saved sum.svg');
});

test('an unknown game in the address is named, with the games there are', async ({ page }) => {
  await page.goto('/#game=foo&position=1');
  await expect(page.getByRole('alert')).toContainText('There is no game called “foo”. The games are: nim, bacterial-tactics');
});

test('emptying the text box is an edit, not the end of a game', async ({ page }) => {
  const element = await open(page, 'nim', '3 4 5');
  const ended: unknown[] = [];
  await page.exposeFunction('gameEnded', (detail: unknown) => ended.push(detail));
  await page.evaluate(() => document.addEventListener('grundy-end', (e) => (window as unknown as { gameEnded: (d: unknown) => void }).gameEnded((e as CustomEvent).detail)));
  await element.locator('textarea').fill('');
  await expect(element.locator('.status')).toHaveText('No move can be made from this position. Load or draw another.');
  await element.locator('textarea').fill('1 ');
  await expect(element.locator('.status')).toContainText('Your turn');
  expect(ended).toEqual([]);
});

test('changing who moves first starts the game again, with one computer move', async ({ page }) => {
  const element = await open(page, 'nim', '3 4 5');
  await element.locator('grundy-heaps button.counter').first().click();
  await expect(element.locator('.status')).toContainText('Your turn');
  await element.locator('label').filter({ hasText: 'First' }).locator('select').selectOption('ai');
  // The computer makes the first move of the new game, and only that one.
  const ply = () => element.evaluate((game) => (game as unknown as { controller: { view: { ply: number } } }).controller.view.ply);
  await expect.poll(ply).toBe(1);
  await expect(element.locator('.status')).toContainText('Your turn');
  const total = await element.locator('grundy-heaps .badge').allTextContents();
  const counters = total.reduce((sum, badge) => sum + Number(badge.replace('*', '')), 0);
  expect(counters).toBeLessThan(12);
  expect(counters).toBeGreaterThanOrEqual(12 - 5);
  expect(await ply()).toBe(1);
});

test('growing a board with colonies is refused with a reason, and nothing is erased', async ({ page }) => {
  const element = await open(page, 'bacterial-tactics', '1\n4 6\n..#...\n......\n------\n......\n');
  await element.getByRole('button', { name: 'Edit' }).click();
  const rows = element.locator('label').filter({ hasText: 'Rows' }).locator('input');
  await rows.fill('3');
  await rows.dispatchEvent('change');
  await expect(element.locator('textarea')).toHaveValue('1\n3 6\n..#...\n......\n------\n');
  const columns = element.locator('label').filter({ hasText: 'Columns' }).locator('input');
  await columns.fill('8');
  await columns.dispatchEvent('change');
  await expect(element.getByRole('alert')).toContainText('would leave colonies no play leaves');
  await expect(element.locator('textarea')).toHaveValue('1\n3 6\n..#...\n......\n------\n');
});

test('large token counters fit their cell, with the whole number on hover', async ({ page }) => {
  const element = await open(page, 'board-escape', '1 3 1000000000\nTTE\n');
  const labels = await element.locator('g.token text').allTextContents();
  expect(labels).toEqual(['1B', '1B']);
  await expect(element.locator('g.token title').first()).toHaveText('token with 1000000000');
});

test('edits read like the rest of the messages', async ({ page }) => {
  const element = await open(page, 'board-escape', '1 3 5\nTTE\n');
  await element.getByRole('button', { name: 'Edit' }).click();
  const k = element.locator('input.number');
  await k.fill('0');
  await k.dispatchEvent('change');
  await expect(element.getByRole('alert')).toHaveText('The starting number k must be a whole number from 1 to 1000000000');
});

test('Back returns to the position before a load or an edit', async ({ page }) => {
  const element = await open(page, 'nim', '3 4 5');
  await element.locator('textarea').fill('1 2');
  await expect(element.locator('grundy-heaps .heap')).toHaveCount(2);
  await page.goBack();
  await expect(element.locator('textarea')).toHaveValue('3 4 5\n');
  await expect(page).toHaveURL(/position=3\+4\+5/);
});

test('Back returns to the game shown before a switch, and Forward to the one after', async ({ page }) => {
  const element = await open(page, 'nim', '3 4 5');
  const games = page.getByRole('navigation', { name: 'Games' });
  await games.getByRole('button', { name: 'World of Darkraft', exact: true }).click();
  await expect(page).toHaveURL(/game=darkraft/);
  await page.goBack();
  await expect(page).toHaveURL(/game=nim/);
  await expect(element.locator('textarea')).toHaveValue(/^3 4 5\n?$/);
  await page.goForward();
  await expect(page).toHaveURL(/game=darkraft/);
  await expect(activeGame(page).locator('grundy-grid')).toBeVisible();
});

test('each move is a step Back takes back, and a reload keeps the moves and their list', async ({ page }) => {
  const element = await open(page, 'nim', '3 4 5');
  await (await options(element)).getByLabel('Opponent').selectOption('human');
  // The moves played, after the list's Start.
  const moves = element.locator('grundy-move-list li:not(.future):not([value="0"])');
  const heap = (index: number) => element.locator('grundy-heaps .heap').nth(index).locator('button.counter');
  await heap(2).first().click();
  await expect.poll(() => heapSizes(element)).toEqual([3, 4, 0]);
  await heap(1).nth(1).click();
  await expect.poll(() => heapSizes(element)).toEqual([3, 1, 0]);
  await expect(moves).toHaveCount(2);
  await page.reload();
  await expect.poll(() => heapSizes(element)).toEqual([3, 1, 0]);
  await expect(moves).toHaveCount(2);
  await expect(moves.first()).toContainText('heap 3');
  await page.goBack();
  await expect.poll(() => heapSizes(element)).toEqual([3, 4, 0]);
  await expect(moves).toHaveCount(1);
  await page.goBack();
  await expect.poll(() => heapSizes(element)).toEqual([3, 4, 5]);
  await page.goForward();
  await page.goForward();
  await expect.poll(() => heapSizes(element)).toEqual([3, 1, 0]);
  await expect(moves).toHaveCount(2);
  await expect(page).toHaveURL(/position=3\+1\+0/);
});

test('against the computer, Back returns to the person’s turn before their move', async ({ page }) => {
  const element = await open(page, 'nim', '3 4 5');
  await (await options(element)).getByLabel('Opponent').selectOption('ai');
  // The moves played, after the list's Start.
  const moves = element.locator('grundy-move-list li:not(.future):not([value="0"])');
  await element.locator('grundy-heaps .heap').nth(2).locator('button.counter').first().click();
  await expect(moves).toHaveCount(2);
  const after = await heapSizes(element);
  await page.goBack();
  await expect.poll(() => heapSizes(element)).toEqual([3, 4, 5]);
  await expect(moves).toHaveCount(0);
  await expect(element.locator('.status')).toContainText('Your turn');
  await page.goForward();
  await expect.poll(() => heapSizes(element)).toEqual(after);
  await expect(moves).toHaveCount(2);
});

test('Back and a reload find each position too long for the address, kept by its history entry', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Intervals below zero, so each line is nearly as long as lines get.
  const intervals = (count: number) =>
    `1\n${count}\n${Array.from({ length: count }, (_, k) => `${-2147483648 + 20 * k} ${-2147483638 + 20 * k}\n`).join('')}`;
  const [first, second] = [intervals(12_000), intervals(11_000)];
  const element = await open(page, 'intervals', '1\n1\n0 10\n');
  const box = element.locator('textarea');
  // Each interval is a part; the table lists 32 and folds the rest.
  const shows = async (text: string) => {
    const parts = text.split('\n').length - 3;
    await expect(element.locator('nim-sum-table tr.folded td').nth(0)).toHaveText(`⊕ of ${parts - 32} more`, { timeout: 30_000 });
    await expect(box).toHaveAttribute('placeholder', new RegExp(`position is ${text.length.toLocaleString('en')} characters long`));
  };
  for (const text of [first, second]) {
    await page.evaluate((value) => navigator.clipboard.writeText(value), text);
    await box.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('ControlOrMeta+V');
    await shows(text);
    await expect(page).toHaveURL(/kept=tab/);
  }
  await page.goBack();
  await shows(first);
  await page.reload();
  await shows(first);
  await page.goForward();
  await shows(second);
  await expect(page.locator('grundy-playground .note')).toContainText('too long for a link');
});

test('every game opens on a position the first player can win, with several parts', async ({ page }) => {
  await page.goto('/');
  for (const name of ['Nim', 'Bacterial Tactics', 'World of Darkraft', 'BoardEscape', 'Intervals', 'A String Game']) {
    await page.getByRole('navigation', { name: 'Games' }).getByRole('button', { name, exact: true }).click();
    const element = activeGame(page);
    await expect(element.locator('.verdict')).toContainText('An N-position', { timeout: 15_000 });
    const analysis = await element.evaluate((game) => (game as unknown as { analysis: { components: unknown[] } }).analysis);
    expect(analysis.components.length, name).toBeGreaterThanOrEqual(2);
  }
});

test('an embed with a game and no position starts from its first sample', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/embed.html');
  await page.evaluate(() => {
    const game = document.createElement('grundy-game');
    game.setAttribute('game', 'darkraft');
    game.id = 'bare';
    document.body.append(game);
  });
  const element = page.locator('#bare');
  await expect(element.locator('textarea')).toHaveValue('4 5\nLRXRL\nRLXLR\nXRLRX\nLXRXL\n');
  await expect(element.locator('.error')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('slow work shows its time and is cancelled at once; the page plays on', async ({ page }) => {
  const element = await open(page, 'sum', QUICK_SUM);
  const before = await element.locator('textarea').inputValue();
  await element.locator('textarea').fill(SLOW_SUM);
  const busy = element.locator('.busy');
  await expect(busy).toContainText('Working…');
  await expect(busy).toContainText(/\d\.\d s/);
  // What is drawn belongs to the old position: dimmed, and it takes no clicks.
  await expect(element.locator('.board.stale')).toBeVisible();
  const start = Date.now();
  await busy.getByRole('button', { name: 'Cancel' }).click();
  await expect(busy).toHaveCount(0);
  await expect(element.getByRole('alert')).toContainText('Stopped: the position is as it was before');
  await element.locator('grundy-text rect.bar').first().click();
  await expect(element.locator('textarea')).not.toHaveValue(before);
  const recovery = Date.now() - start;
  console.log(`recovery after cancel: ${recovery} ms (cancel, restart, reopen, one move)`);
  expect(recovery).toBeLessThan(3000);
});

test('on a slow machine, a game that was still opening when another restarted the engine opens', async ({ page, context }) => {
  test.setTimeout(180_000);
  await open(page, 'nim', '3 4 5');
  // Slowed down, the reloaded page asks for its position again while the
  // engine is still starting, which restarts it; every other game on the
  // page was still waiting for its first position then.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 40 });
  await page.reload();
  await expect(shownGame(page, 'nim').locator('.sum')).toBeVisible({ timeout: 60_000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.goto(`/#game=octal&position=${encodeURIComponent('0.77\n3 4\n')}`);
  await expect(shownGame(page, 'octal').locator('.sum')).toBeVisible();
});
