/** Tokens on a digraph as people use them: drawn, played, explained, added to sums. */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { clickAt, DIGRAPH_CYCLES, dragFrom, onScreen, openDrawing, options, SCREENS, shownGame, waitForHumanTurn, watchConsole } from './helpers';

function open(page: Page, position: string): Promise<Locator> {
  return openDrawing(page, 'digraph', position);
}

test('a digraph drawn with the pointer is valued live and written with its coordinates', async ({ page }) => {
  const problems = watchConsole(page);
  const element = await open(page, '1 0\n1\n0\n100 100\n');
  await element.getByRole('button', { name: 'Edit' }).click();
  const text = element.locator('textarea');
  const total = element.locator('.sum');

  await clickAt(page, element, [260, 100]);
  await expect(text).toHaveValue('2 0\n1\n0\n100 100\n260 100\n');
  // An arrow from the token's vertex to the new one: the token can move, *1.
  await dragFrom(page, element, [100, 100], [260, 100]);
  await expect(text).toHaveValue('2 1\n0 1\n1\n0\n100 100\n260 100\n');
  await expect(total).toContainText('*1 = *1');
  // An arrow back makes a cycle no one has to leave: both vertices ∞, a draw.
  await dragFrom(page, element, [260, 100], [100, 100]);
  await expect(total).toContainText('∞ = a draw');
  await expect(element.locator('text.value')).toHaveText(['∞', '∞']);
  // Dragging from a vertex into empty space grows an arrow to a new vertex: now ∞{0}, and the mover wins.
  await dragFrom(page, element, [260, 100], [260, 220]);
  await expect(text).toHaveValue('3 3\n0 1\n1 0\n1 2\n1\n0\n100 100\n260 100\n260 220\n');
  await expect(element.locator('text.value')).toHaveText(['*0', '*1', '*0']);

  await element.getByRole('radio', { name: 'Token' }).check();
  await clickAt(page, element, [260, 220]);
  await expect(text).toHaveValue('3 3\n0 1\n1 0\n1 2\n2\n0 2\n100 100\n260 100\n260 220\n');
  await expect(total).toContainText('*0 ⊕ *0 = *0');

  await element.getByRole('button', { name: 'Undo the last edit' }).click();
  await expect(text).toHaveValue('3 3\n0 1\n1 0\n1 2\n1\n0\n100 100\n260 100\n260 220\n');
  await element.getByRole('button', { name: 'Redo the edit undone' }).click();

  await element.getByRole('radio', { name: 'Erase' }).check();
  await clickAt(page, element, [260, 220]);
  await expect(text).toHaveValue('3 3\n0 1\n1 0\n1 2\n1\n0\n100 100\n260 100\n260 220\n');
  // The last token stays: removing it is refused with a message, and nothing is lost.
  await clickAt(page, element, [100, 100]);
  await expect(element.getByRole('alert')).toContainText('at least one token');
  await expect(text).toHaveValue('3 3\n0 1\n1 0\n1 2\n1\n0\n100 100\n260 100\n260 220\n');

  await page.reload();
  await expect(shownGame(page, 'digraph').locator('textarea')).toHaveValue('3 3\n0 1\n1 0\n1 2\n1\n0\n100 100\n260 100\n260 220\n');
  expect(problems).toEqual([]);
});

test('Smith values are explained: the total, a token worth ∞, the winning arrow', async ({ page }) => {
  const element = await open(page, DIGRAPH_CYCLES);
  await (await options(element)).getByLabel('Hints').check();
  await waitForHumanTurn(element);
  const total = element.locator('grundy-total');
  await expect(total).toContainText('*1 ⊕ ∞{1} = N');
  await expect(total).toContainText('the xor of the rest, *1, is in its K {1}');
  await expect(element.locator('text.value')).toHaveText(['*0', '*1', '*2', '*1', '*0', '∞{1}']);
  // Only sliding the ∞ token to a vertex worth *1 wins.
  await expect(element.locator('path.halo:not(.draws)')).toHaveCount(1);
  await expect(element.locator('path.hit[data-edge="7"]')).toHaveAttribute('aria-label', 'slide token 2: 5 → 3 (*1), a winning move');
  await expect(element.locator('path.hit[data-edge="1"]')).toHaveAttribute('aria-label', 'slide token 1: 1 → 2 (*2), holds a draw');

  await element.getByRole('button', { name: /Tokens? 2 on vertex 5/ }).click();
  const explainer = element.locator('mex-explainer');
  await expect(explainer).toContainText('is ∞{1}');
  await expect(explainer).toContainText('→ ∞');
  await expect(explainer).toContainText('But the value is ∞');

  // Any vertex explains its value when clicked, tokens or not.
  await clickAt(page, element, [160, 230]);
  const why = element.getByRole('group', { name: 'Why vertex 2 is *2' });
  await expect(why).toContainText('→ *0: vertex 0');
  await expect(why).toContainText('*2 is the least value missing among its finite followers.');
  await element.getByRole('button', { name: /^Vertex 5, ∞\{1\}/ }).press('Enter');
  await expect(element.getByRole('group', { name: 'Why vertex 5 is ∞{1}' })).toContainText('It is ∞ with K = {*1}');
});

for (const screen of SCREENS) {
  test(`the computer ends a won game instead of letting it cycle (${screen.name})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: screen.viewport, hasTouch: screen.hasTouch });
    const page = await context.newPage();
    const problems = watchConsole(page);
    // The person moves first from a lost position: whatever they do, the computer wins.
    const element = await open(page, '5 6\n0 1\n1 2\n2 3\n3 2\n3 3\n3 4\n1\n2\n60 60\n160 60\n260 60\n360 120\n460 60\n');
    const status = element.locator('.status');
    const points: [number, number][] = [[60, 60], [160, 60], [260, 60], [360, 120], [460, 60]];
    const edges = [[0, 1], [1, 2], [2, 3], [3, 2], [3, 3], [3, 4]];
    for (let turn = 0; turn < 12; turn++) {
      const said = await waitForHumanTurn(element);
      if (/computer wins|You win/.test(said)) break;
      // Slide the token along its first arrow: dragged on a desktop, tapped on a phone.
      const vertex = Number(await element.locator('g.token').getAttribute('data-token'));
      const target = edges.find(([u]) => u === vertex)![1];
      if (screen.hasTouch) {
        // A tap on the arrow, halfway along it, previews the slide; a second plays it.
        const arrow = element.locator('path.hit[role="button"]').first();
        const at = await arrow.evaluate((path: SVGPathElement) => {
          const middle = path.getPointAtLength(path.getTotalLength() / 2);
          return new DOMPoint(middle.x, middle.y).matrixTransform(path.getScreenCTM()!);
        });
        await page.touchscreen.tap(at.x, at.y);
        await page.touchscreen.tap(at.x, at.y);
      } else {
        await dragFrom(page, element, points[vertex], points[target]);
      }
    }
    await expect(status).toContainText('The computer wins');
    expect(problems).toEqual([]);
    await context.close();
  });
}

test('a drawn position shows as a draw, the quiz asks for one, and a sum keeps the ∞', async ({ page }) => {
  const element = await open(page, '2 2\n0 1\n1 0\n1\n0\n100 100\n260 100\n');
  await (await options(element)).getByLabel('Hints').check();
  await waitForHumanTurn(element);
  await expect(element.locator('.status')).toContainText('no move wins; moves that hold the draw are marked');
  await (await options(element)).getByLabel('Quiz').check();
  await element.getByRole('button', { name: 'D: neither can force a win' }).click();
  await expect(element.locator('grundy-quiz')).toContainText('Right: a draw');

  const sum = '--- digraph\n2 2\n0 1\n1 0\n1\n0\n100 100\n260 100\n--- nim\n3\n';
  await page.goto(`/#game=sum&position=${encodeURIComponent(sum)}`);
  const game = shownGame(page, 'sum');
  await expect(game.locator('grundy-total')).toContainText('∞ ⊕ *3 = a draw');
  // An arrow slid in the sum's digraph part plays the sum's move.
  await waitForHumanTurn(game);
  const at = await onScreen(game, [180, 100]);
  expect(at.x).toBeGreaterThan(0);
});

test('samples, random drawings and misère play all load, and each says what it is', async ({ page }) => {
  const problems = watchConsole(page);
  const element = await open(page, DIGRAPH_CYCLES);
  for (const name of ['A cycle with a way out', 'Two loops, one with an exit', 'A path of four']) {
    await page.getByRole('button', { name }).click();
    await expect(element.locator('grundy-graph g.token').first()).toBeVisible();
    await expect(element.locator('grundy-total')).toContainText(/= (\*\d+|N|P|a draw)/);
  }
  await element.getByRole('button', { name: 'Edit' }).click();
  for (let i = 0; i < 5; i++) {
    await element.getByRole('button', { name: 'Random' }).click();
    await expect(element.locator('grundy-graph text.value').first()).toBeVisible();
  }
  await element.getByRole('button', { name: 'Play', exact: true }).click();
  // Misère play of a game that can go on forever is not solved, and says so.
  await (await options(element)).getByLabel('Play: normal or misère').selectOption('misere');
  await expect(element.locator('.verdict')).toContainText('Play here can go on forever, and misère play is solved only for games that always end');
  expect(problems).toEqual([]);
});

test('with tokens on three ∞ vertices every view of the total says a draw, as the engine does', async ({ page }) => {
  // A two-way cycle no one has to leave: both vertices are ∞, and three tokens on them draw.
  const element = await open(page, '2 2\n0 1\n1 0\n3\n0 0 1\n');
  await expect(element.locator('.sum')).toContainText('= a draw');
  await expect(element.locator('nim-sum-table tr.total td').nth(1)).toHaveText('a draw');
});

for (const screen of SCREENS) {
  test(`changing the drawing tool never moves the drawing (${screen.name})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: screen.viewport, hasTouch: screen.hasTouch });
    const page = await context.newPage();
    const element = await open(page, DIGRAPH_CYCLES);
    await element.getByRole('button', { name: 'Edit' }).click();
    const drawing = element.locator('grundy-graph svg');
    const tops = new Set<number>();
    for (const tool of ['Draw', 'Move', 'Token', 'Erase', 'Draw']) {
      await element.getByRole('radio', { name: tool }).check();
      await expect(element.locator('grundy-graph .hint:not(.unseen)')).toHaveCount(1);
      tops.add(Math.round((await drawing.boundingBox())!.y));
    }
    expect([...tops]).toHaveLength(1);
    await context.close();
  });
}
