/**
 * Every game through its board: a whole game against the computer from a
 * position the person loses, a located error for bad text, and an edit.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { LONG_SOLVE_MS, options, SCREENS, shownGame, watchConsole } from './helpers';
import { GAMES } from './registry';

/** Each game's position where the player to move loses against perfect play, as the engine lists it. */
const losing: Record<string, string> = Object.fromEntries(GAMES.map((game) => [game.id, game.lost]));

async function open(page: Page, game: string, position: string): Promise<Locator> {
  await page.goto(`/#game=${game}&position=${encodeURIComponent(position)}`);
  const element = shownGame(page, game);
  await expect(element.locator('.sum')).toBeVisible({ timeout: LONG_SOLVE_MS });
  return element;
}

/** Plays some legal move by pointing at the board as a person would. */
async function playAnyMove(element: Locator): Promise<void> {
  const cell = element.locator('grundy-grid rect.cell.playable');
  if ((await cell.count()) > 0) {
    await cell.first().click();
    const chooser = element.locator('grundy-grid .chooser button[role="menuitem"]');
    if ((await chooser.count()) > 0) await chooser.first().click();
    return;
  }
  const piece = element.locator('grundy-rows button.piece.playable');
  if ((await piece.count()) > 0) return piece.first().click();
  const counter = element.locator('grundy-heaps button.counter.playable');
  if ((await counter.count()) > 0) return counter.first().click();
  const bar = element.locator('grundy-text rect.bar');
  if ((await bar.count()) > 0) return bar.first().click();
  const vertex = element.locator('grundy-graph svg.playable circle.pick[role="button"]');
  if ((await vertex.count()) > 0) return vertex.first().click();
  // An edge's hit line may be upright, with no width to click: click its middle.
  const edge = element.locator('grundy-graph svg.playable path.hit[role="button"]');
  if ((await edge.count()) > 0) {
    const box = (await edge.first().boundingBox())!;
    return element.page().mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }
  await element.locator('grundy-line rect[data-index]').first().click();
}

for (const [game, position] of Object.entries(losing)) {
  test(`${game}: the computer wins from a position the person loses`, async ({ page }) => {
    const problems = watchConsole(page);
    const element = await open(page, game, position);
    await expect(element.locator('.sum')).toContainText('= *0');
    const status = element.locator('.status');
    for (let moves = 0; moves < 40; moves++) {
      await expect(status).toHaveText(/Your turn|You win|computer wins/);
      if (!(await status.textContent())?.includes('Your turn')) break;
      const before = await element.locator('textarea').inputValue();
      await playAnyMove(element);
      await expect(element.locator('textarea')).not.toHaveValue(before);
    }
    await expect(status).toContainText('The computer wins');
    expect(problems).toEqual([]);
  });
}

/** The wording some games' refusals must keep; every game's is checked for its place. */
const refusals: Record<string, RegExp> = {
  'bacterial-tactics': /Line 4, column 2: case 1 of 1: 'x' is not allowed here; use '\.' \(empty\) or '#' \(radioactive\)/,
  darkraft: /Line 3, column 2: 'Q' is not allowed here; use 'L', 'R' or 'X'/,
  'board-escape': /Line 1, column 5: k, every token's starting number must be a whole number from 1 to 1000000000/,
  intervals: /\[1, 5\] \(line 3\) and \[3, 8\] \(line 4\) overlap/,
  'string-game': /Line 2, column 5: .*not 'C'/,
  octal: /Line 1, column 4: '8' is not an octal digit; digits are 0 to 7/,
  subtraction: /Line 1, column 5: member 3 must be a whole number from 1 to 1000, not 'x'/,
  'grundy-game': /Line 1, column 3: heap 2 must be a whole number from 0 to 1048576/,
};

test('bad text gets a located error and the board stays', async ({ page }) => {
  const problems = watchConsole(page);
  for (const game of GAMES) {
    const element = await open(page, game.id, game.lost);
    // Each position loses for the player to move: once it says so, it has replaced the game's sample.
    await expect(element.locator('.sum')).toContainText(/P-position|the player to move loses/);
    const sum = await element.locator('.sum').textContent();
    await element.locator('textarea').fill(game.bad);
    await expect(element.locator('.text .error')).toHaveText(refusals[game.id] ?? /^Line \d+(, column \d+)?: \S/);
    await expect(element.locator('.sum')).toHaveText(sum ?? '');
  }
  expect(problems).toEqual([]);
});

test('painting a grid updates the text and the analysis', async ({ page }) => {
  const element = await open(page, 'bacterial-tactics', '1\n2 3\n...\n...\n');
  await element.getByRole('button', { name: 'Edit' }).click();
  await element.getByRole('button', { name: /# radioactive/ }).click();
  await element.locator('rect.cell[data-r="0"][data-c="1"]').click();
  await expect(element.locator('textarea')).toHaveValue('1\n2 3\n.#.\n...\n');
  await element.getByRole('button', { name: 'Play' }).click();
  await element.getByRole('button', { name: 'H', exact: true }).click();
  await element.locator('rect.cell[data-r="0"][data-c="0"]').hover();
  await expect(element.locator('rect.footprint.forfeit')).toHaveCount(2);
});

test('BoardEscape takes a huge k from the edit field', async ({ page }) => {
  const element = await open(page, 'board-escape', '1 2 2\nTE\n');
  await element.getByRole('button', { name: 'Edit' }).click();
  await element.getByLabel('k', { exact: true }).fill('1000000000');
  await element.getByLabel('k', { exact: true }).press('Enter');
  await expect(element.locator('textarea')).toHaveValue('1 2 1000000000\nTE\n');
});

test('Darkraft turns 45° and the string game takes a new word', async ({ page }) => {
  const darkraft = await open(page, 'darkraft', '2 2\nRR\nRR\n');
  await darkraft.getByRole('button', { name: 'Turn 45°' }).click();
  await expect(darkraft.locator('grundy-grid svg')).toHaveClass(/rotated/);
  const strings = await open(page, 'string-game', '1\npawpawpawpaw\n1\npawpaw\n');
  await (await options(strings)).getByLabel('Hints').check();
  await expect(strings.locator('rect.bar[aria-label*="winning"]')).toHaveCount(1);
  await strings.getByRole('button', { name: 'Edit' }).click();
  await strings.getByLabel('New word').fill('paw');
  await strings.getByLabel('New word').press('Enter');
  await expect(strings.locator('textarea')).toHaveValue('1\npawpawpawpaw\n2\npawpaw\npaw\n');
});

test('drawing on the number line adds an interval; a crossing one is refused', async ({ page }) => {
  const element = await open(page, 'intervals', '1\n1\n0 10\n');
  await element.getByRole('button', { name: 'Edit' }).click();
  const line = element.locator('grundy-line svg');
  const box = (await line.boundingBox())!;
  const drag = async (from: number, to: number) => {
    await page.mouse.move(box.x + box.width * from, box.y + 8);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * to, box.y + 8, { steps: 5 });
    await page.mouse.up();
  };
  // Inside [0, 10]: a nested interval is added.
  await drag(0.3, 0.6);
  await expect(element.locator('textarea')).toHaveValue(/^1\n2\n0 10\n\d+ \d+\n$/);
  await expect(element.locator('grundy-line rect[data-index]')).toHaveCount(2);
  const drawn = await element.locator('textarea').inputValue();
  // Across the end of [0, 10]: refused with the reason, nothing changes.
  await drag(0.2, 0.97);
  // One error, said once, naming the intervals: a drawing has no lines.
  const alerts = element.getByRole('alert');
  await expect(alerts).toHaveCount(1);
  await expect(alerts).toContainText(/^\[0, 10\] and \[\d+, \d+\] overlap without one holding the other/);
  await expect(alerts).not.toContainText(/line/i);
  await page.screenshot({ path: 'tests/screenshots/intervals-refused.png' });
  await expect(element.locator('textarea')).toHaveValue(drawn);
  // New text with an error of its own replaces it: one current error.
  await element.locator('textarea').fill('1\n2\n1 5\n3 8\n');
  await expect(alerts).toHaveCount(1);
  await expect(alerts).toContainText('(line 3)');
});

test('BoardEscape heat map follows n, huge n included, with the cycle charted', async ({ page }) => {
  // g_n for TTE: n=1 [1 1 0], n=2 [0 2 0], then [0 1 0] for every n ≥ 3.
  const element = await open(page, 'board-escape', '1 3 6\nTTE\n');
  await element.getByLabel('Heat map of gn').check();
  const values = element.locator('grundy-grid text.mark');
  const shown = async () => (await values.allTextContents()).filter((t) => /^\d$/.test(t));
  await expect.poll(shown).toEqual(['0', '1', '0']);
  await element.getByLabel('n, any size').fill('2');
  await element.getByLabel('n, any size').press('Enter');
  await expect.poll(shown).toEqual(['0', '2', '0']);
  await element.getByLabel('n, any size').fill('1000000000');
  await element.getByLabel('n, any size').press('Enter');
  await expect.poll(shown).toEqual(['0', '1', '0']);
  await expect(element.locator('grundy-grid figure.chart svg')).toHaveAttribute('aria-label', /repeats every 1 from n = 3/);
  await page.screenshot({ path: 'tests/screenshots/board-escape-heat.png', fullPage: true });
});

test('a pasted multi-case contest input lets the person pick a case', async ({ page }) => {
  const element = await open(page, 'bacterial-tactics', '1\n1 1\n.\n');
  const contest = '5\n2 2\n..\n.#\n4 4\n.#..\n..#.\n#...\n...#\n3 4\n#.##\n....\n#.##\n1 1\n.\n1 2\n##\n';
  await element.locator('textarea').fill(contest);
  const picker = element.locator('.text select');
  await expect(picker).toBeVisible();
  await expect(picker.locator('option')).toHaveCount(5);
  await picker.selectOption({ label: '3 of 5' });
  // Case 3 is the cross: 7 winning openings, so the player to move wins.
  await expect(element.locator('.sum .verdict')).toContainText('An N-position');
  await expect(element.locator('grundy-grid svg')).toHaveAttribute('aria-label', '3 by 4 board');
});

test('a paste loads at once, while typing waits for a pause', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.clock.install();
  const element = await open(page, 'nim', '3 4 5\n');
  const total = element.locator('nim-sum-table tr.total td').nth(1);
  await expect(total).toHaveText('*2');
  // From here time stands still but for `runFor`, so the test sees which waits happen.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.evaluate(() => navigator.clipboard.writeText('1 2 3\n'));
  await element.locator('textarea').focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
  await page.clock.runFor(1);
  await expect(total).toHaveText('*0');
  await page.keyboard.press('End');
  await page.keyboard.type('7');
  await page.clock.runFor(200);
  await expect(total).toHaveText('*0');
  await page.clock.runFor(100);
  await expect(total).toHaveText('*7');
});

test('100 000 intervals, the published limit, paste in, stay out of the text box and the address, and survive a reload', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Disjoint intervals below zero, so their lines are nearly the longest allowed: each alone is *1.
  const starts = Array.from({ length: 100_000 }, (_, k) => -2147483648 + 20_000 * k);
  const text = `1\n100000\n${starts.map((a) => `${a} ${a + 10_000}\n`).join('')}`;
  const element = await open(page, 'intervals', '1\n1\n0 10\n');
  const paste = async (clip: string) => {
    await page.evaluate((value) => navigator.clipboard.writeText(value), clip);
    await element.locator('textarea').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('ControlOrMeta+V');
  };
  await paste(text);
  const table = element.locator('nim-sum-table');
  await expect(table.locator('tr.folded td').nth(0)).toHaveText('⊕ of 99968 more', { timeout: 30_000 });
  await expect(table.locator('tr.total td').nth(1)).toHaveText('*0');
  await expect(element.locator('textarea')).toHaveValue('');
  await expect(element.locator('textarea')).toHaveAttribute('placeholder', new RegExp(`position is ${text.length.toLocaleString('en')} characters long`));
  await expect(page.locator('grundy-playground .note')).toContainText('too long for a link');
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeDisabled();
  expect(page.url()).toContain('game=intervals');
  expect(page.url()).toContain('kept=tab');
  expect(page.url()).not.toContain('position=');
  // The tab keeps it through a reload.
  await page.reload();
  await expect(table.locator('tr.folded td').nth(0)).toHaveText('⊕ of 99968 more', { timeout: 30_000 });
  await expect(page.locator('grundy-playground .note')).toContainText('This tab keeps it through a reload');
  // Another tab has not kept it, and says so.
  const other = await page.context().newPage();
  await other.goto(page.url());
  await expect(other.getByRole('alert')).toContainText('only the tab that made it keeps');
  await expect(shownGame(other, 'intervals').locator('.sum')).toBeVisible();
  await other.close();
  // Longer than the engine reads: refused with the limit the README and the CLI state, and the position stays.
  await paste(text.repeat(4));
  await expect(element.locator('.error')).toContainText(`The input is ${4 * text.length} bytes long; the limit is 8388608 bytes (8 MiB)`);
  await expect(table.locator('tr.total td').nth(1)).toHaveText('*0');
});

test('a board crowded with tokens draws only badges that do not cover each other, each inside the board', async ({ page }) => {
  const rows = Array.from({ length: 60 }, () => 'T'.repeat(60));
  const element = await open(page, 'board-escape', `60 60 5\n${rows.join('\n')}\n`);
  const badges = element.locator('grundy-grid g.badge rect');
  await expect(badges.first()).toBeVisible();
  const boxes = await badges.evaluateAll((rects) =>
    rects.map((r) => ['x', 'y', 'width', 'height'].map((name) => Number(r.getAttribute(name)))),
  );
  expect(boxes.length).toBeGreaterThan(20);
  expect(boxes.length).toBeLessThan(3600);
  const board = await element.locator('grundy-grid svg').evaluate((svg) => (svg as SVGSVGElement).viewBox.baseVal.width - 4);
  expect(boxes.filter(([x, , w]) => x < 0 || x + w > board)).toEqual([]);
  const overlapping = boxes.flatMap(([x, y, w, h], i) =>
    boxes.slice(i + 1).filter(([x2, y2, w2, h2]) => x < x2 + w2 && x2 < x + w && y < y2 + h2 && y2 < y + h).map((other) => [[x, y, w, h], other]),
  );
  expect(overlapping).toEqual([]);
});

test('a string with thousands of occurrences draws 16 lanes a line, and a letter opens the choice of every occurrence over it', async ({ page }) => {
  const words = Array.from({ length: 100 }, (_, i) => 'a'.repeat(i + 1));
  const element = await open(page, 'string-game', `1\n${'a'.repeat(150)}b${'a'.repeat(149)}\n100\n${words.join('\n')}\n`);
  const note = element.locator('grundy-text .undrawn');
  await expect(note).toContainText(/\d+ of 20000 occurrences are drawn as bars/);
  const rows = (shapes: Element[]) => new Set(shapes.map((shape) => shape.getAttribute('y'))).size;
  const lines = await element.locator('grundy-text g.letter rect').evaluateAll(rows);
  const lanes = await element.locator('grundy-text rect.bar').evaluateAll(rows);
  expect(lanes).toBeGreaterThan(lines);
  expect(lanes).toBeLessThanOrEqual(16 * lines);
  await element.locator('grundy-text g.letter rect').nth(100).click();
  const picker = element.locator('.picker');
  await expect(picker).toBeVisible();
  await picker.getByRole('button', { name: 'Next move' }).click();
  await picker.getByRole('button', { name: 'Play' }).click();
  await expect(element.locator('grundy-text g.letter.last').first()).toBeVisible();
});

test('a pick on the number line takes the gap under it: its interval and every one around it go', async ({ page }) => {
  const element = await open(page, 'intervals', '1\n7\n0 20\n1 4\n6 12\n7 8\n10 11\n14 19\n22 30\n');
  await (await options(element)).getByLabel('Opponent').selectOption('human');
  // Every integer from 0 to 20 is in some interval: the first step lands on 0, nine more on 9, between [7, 8] and [10, 11].
  await element.locator('grundy-line svg[tabindex]').focus();
  for (let step = 0; step < 10; step++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(element.locator('grundy-line g.last')).toHaveAttribute('aria-label', /picked \[9, 9\]$/);
  await expect(element.locator('textarea')).toHaveValue('1\n5\n1 4\n7 8\n10 11\n14 19\n22 30\n');
});

test('the move-variant buttons keep one order as moves change, and moves are said plainly', async ({ page }) => {
  for (const [game, position, order] of [
    ['bacterial-tactics', '1\n4 4\n....\n....\n....\n....\n', ['H', 'V']],
    ['board-escape', '4 4 5\nT...\n....\n..T.\n...E\n', ['up', 'down', 'left', 'right']],
  ] as const) {
    const element = await open(page, game, position);
    await (await options(element)).getByLabel('Opponent').selectOption('human');
    const buttons = element.locator('grundy-grid .tools button[aria-pressed]');
    await expect(buttons).toHaveText([...order]);
    for (let move = 0; move < 2; move++) {
      const before = await element.locator('textarea').inputValue();
      await element.locator('rect.cell.playable').first().click();
      // The cell plays its one move, or opens the choice of its moves: take the first.
      const choice = element.getByRole('menuitem').first();
      await expect
        .poll(async () => {
          if (await choice.isVisible()) await choice.click();
          return element.locator('textarea').inputValue();
        })
        .not.toBe(before);
      const offered = await buttons.allTextContents();
      expect(offered).toEqual(order.filter((v) => offered.includes(v)));
    }
  }
  // A BoardEscape move says where the token goes, and what is left of it.
  const boardEscape = await open(page, 'board-escape', '1 3 3\nT.E\n');
  // The same game was open: the new position's analysis arrives after its text.
  const labels = () => boardEscape.evaluate((el) => (el as unknown as { analysis: { moves: { all(): { label: string }[] } } }).analysis.moves.all().map((m) => m.label));
  await expect.poll(labels).toEqual(['token at row 1, column 1 moves right: has 2']);
  // One of a thing is not many.
  const stalk = await open(page, 'hackenbush', '2 1\n0 1\n');
  await expect(stalk.locator('grundy-graph svg[role="group"]')).toHaveAttribute('aria-label', 'A picture of 1 vertex and 1 edge, 1 of them standing on the ground, in 1 piece');
});

test('Darkraft\'s editor paints only the cells touched, inactive cells too, and says why a cell cannot sleep alone', async ({ page }) => {
  const element = await open(page, 'darkraft', '4 5\nlxrxl\nrlxlr\nxrlrx\nlxrxl\n');
  await element.getByRole('button', { name: 'Edit' }).click();
  const text = element.locator('textarea');
  const paint = (name: RegExp) => element.locator('grundy-grid .tools button').filter({ hasText: name }).click();
  const cell = (r: number, c: number) => element.locator(`rect.cell[data-r="${r}"][data-c="${c}"]`).click();
  await paint(/^L L:/);
  await cell(0, 0);
  await expect(text).toHaveValue('4 5\nLxrxl\nrlxlr\nxrlrx\nlxrxl\n');
  await paint(/^x inactive X/);
  await cell(0, 0);
  await expect(text).toHaveValue('4 5\nxxrxl\nrlxlr\nxrlrx\nlxrxl\n');
  // A lone inactive cell inside an active wave: refused, with where and why, and the board kept.
  await text.fill('3 3\nLLL\nLLL\nLLL\n');
  await expect(element.locator('grundy-grid rect.cell')).toHaveCount(9);
  await cell(1, 1);
  await expect(element.getByText(/not on a whole wave/)).toBeVisible();
  await expect(text).toHaveValue('3 3\nLLL\nLLL\nLLL\n');
});

test('the String field takes erased letters, sends on Enter or Tab, and never disagrees with the board', async ({ page }) => {
  const strings = await open(page, 'string-game', '1\npawpaw\n1\npaw\n');
  await strings.getByRole('button', { name: 'Edit' }).click();
  const field = strings.getByLabel('String', { exact: true });
  const text = strings.locator('textarea');
  await field.fill('pawpaw-mississippi');
  await field.press('Enter');
  await expect(text).toHaveValue('1\npawpaw-mississippi\n1\npaw\n');
  await field.fill('paWpaw');
  await field.press('Tab');
  const problem = strings.getByText(/Letter 3: the string may hold only lowercase letters a–z, and '-' for an erased letter, not 'W'/);
  await expect(problem).toBeVisible();
  // The refused text stays to be mended, and the board keeps its string.
  await expect(field).toHaveValue('paWpaw');
  await expect(text).toHaveValue('1\npawpaw-mississippi\n1\npaw\n');
  // Another edit: its position is the board's, and the field says so.
  await strings.getByLabel('New word').fill('ss');
  await strings.getByLabel('New word').press('Enter');
  await expect(text).toHaveValue('1\npawpaw-mississippi\n2\npaw\nss\n');
  await expect(problem).toHaveCount(0);
  await expect(field).toHaveValue('pawpaw-mississippi');
});

for (const screen of SCREENS) {
  test(`Wythoff's board fits the first screen with its corner marked, and the queen is large enough to see (${screen.name})`, async ({ page }) => {
    await page.setViewportSize(screen.viewport);
    const element = await open(page, 'wythoff', '6 4\n');
    const board = element.locator('grundy-grid svg');
    await expect(board).toBeVisible();
    const box = (await board.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(screen.viewport.height);
    await expect(element.getByRole('gridcell', { name: /^row 10, column 1: the corner \(0, 0\): a queen here cannot move/ })).toHaveCount(1);
    const glyph = (await element.locator('grundy-grid g.token text').boundingBox())!;
    expect(glyph.height).toBeGreaterThan(box.height / 40);
  });
}

test('the Intervals axis stays put under the pointer after a move, and refits when the pointer leaves', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const element = await open(page, 'intervals', '1\n3\n0 20\n22 30\n40 60\n');
  await (await options(element)).getByLabel('Opponent').selectOption('human');
  await expect(element.locator('.status')).toContainText('Player 1 to move');
  const line = element.locator('grundy-line svg');
  const box = (await line.boundingBox())!;
  const [x, y] = [box.x + box.width * 0.8, box.y + box.height - 30];
  const at = element.locator('grundy-line .tools span');
  await page.mouse.move(x, y);
  await expect(at).toHaveText(/^at \d+$/);
  const before = await at.textContent();
  await page.mouse.click(x, y);
  await expect(element.locator('textarea')).not.toHaveValue('1\n3\n0 20\n22 30\n40 60\n');
  await page.mouse.move(x, y + 1);
  await expect(at).toHaveText(before!);
  // Out and back: the line is fitted to what is left.
  await page.mouse.move(box.x + box.width / 2, box.y - 200);
  await page.mouse.move(x, y);
  await expect(at).not.toHaveText(before!);
});
