/** Green Hackenbush as people use it: drawn with the pointer, then played. */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { clickAt, dragFrom, onScreen, openDrawing, options, SCREENS, shownGame, waitForHumanTurn, watchConsole } from './helpers';

function open(page: Page, position: string): Promise<Locator> {
  return openDrawing(page, 'hackenbush', position);
}

test('a picture drawn with the pointer is analysed live and written with its coordinates', async ({ page }) => {
  const problems = watchConsole(page);
  const element = await open(page, '1 0\n0 0\n');
  await element.getByRole('button', { name: 'Edit' }).click();
  const text = element.locator('textarea');
  const total = element.locator('.sum');

  await clickAt(page, element, [100, 60]);
  await expect(text).toHaveValue('2 0\n0 0\n100 60\n');
  await dragFrom(page, element, [100, 0], [100, 60]);
  await expect(text).toHaveValue('2 1\n0 1\n0 0\n100 60\n');
  await expect(total).toContainText('*1');
  // Dragging from a vertex into empty space grows an edge to a new vertex.
  await dragFrom(page, element, [100, 60], [160, 120]);
  await expect(text).toHaveValue('3 2\n0 1\n1 2\n0 0\n100 60\n160 120\n');
  await expect(total).toContainText('*2');
  // A triangle on the ground fuses to three loops: *1.
  await dragFrom(page, element, [160, 120], [160, 0]);
  await expect(total).toContainText('*1');

  await element.getByRole('button', { name: 'Undo the last edit' }).click();
  await expect(text).toHaveValue('3 2\n0 1\n1 2\n0 0\n100 60\n160 120\n');
  await element.getByRole('button', { name: 'Undo the last edit' }).click();
  await expect(text).toHaveValue('2 1\n0 1\n0 0\n100 60\n');
  await element.getByRole('button', { name: 'Redo the edit undone' }).click();
  await expect(text).toHaveValue('3 2\n0 1\n1 2\n0 0\n100 60\n160 120\n');

  await element.getByRole('radio', { name: 'Move' }).check();
  await dragFrom(page, element, [160, 120], [40, 140]);
  await expect(text).toHaveValue('3 2\n0 1\n1 2\n0 0\n100 60\n40 140\n');
  await expect(total).toContainText('*2');

  await element.getByRole('radio', { name: 'Erase' }).check();
  await clickAt(page, element, [40, 140]);
  await expect(text).toHaveValue('2 1\n0 1\n0 0\n100 60\n');
  await expect(total).toContainText('*1');

  // What was drawn survives a reload from the text, coordinates and all.
  await page.reload();
  await expect(shownGame(page, 'hackenbush').locator('textarea')).toHaveValue('2 1\n0 1\n0 0\n100 60\n');
  expect(problems).toEqual([]);
});

test('edges that do not reach the ground are dashed, outside every piece', async ({ page }) => {
  const element = await open(page, '4 2\n0 1\n2 3\n0 0\n50 60\n150 60\n150 120\n');
  await expect(element.locator('path.edge.fallen')).toHaveCount(1);
  await expect(element.locator('.sum')).toContainText('*1');
  await expect(element.locator('path.hit[role="button"]')).toHaveCount(1);
});

for (const screen of SCREENS) {
  test(`the winning chop is marked, and the last move shows where edges fell (${screen.name})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: screen.viewport, hasTouch: screen.hasTouch });
    const page = await context.newPage();
    // A stalk of two (*2) and a single edge (*1): chopping the stalk's top wins.
    const element = await open(page, '4 3\n0 1\n1 2\n0 3\n0 0\n60 60\n60 120\n160 60\n');
    await (await options(element)).getByLabel('Hints').check();
    await waitForHumanTurn(element);
    await expect(element.locator('path.halo')).toHaveCount(1);
    const top = element.locator('path.hit[data-edge="1"]');
    await expect(top).toHaveAttribute('aria-label', /chop edge 2 \(1–2\); leaves \*0, a winning move/);
    const at = await onScreen(element, [60, 90]);
    if (screen.hasTouch) {
      await page.touchscreen.tap(at.x, at.y);
      await expect(element.locator('path.edge.going')).toHaveCount(1);
      await page.touchscreen.tap(at.x, at.y);
    } else {
      await page.mouse.click(at.x, at.y);
    }
    // The computer answers; then the last move's mark is drawn where its edges were.
    await waitForHumanTurn(element);
    await expect(element.locator('.last')).not.toHaveCount(0);
    await expect(element.locator('.sum')).toContainText('*1');
    await context.close();
  });
}

test('a picture beside a Nim heap: chopping in the picture plays the sum, and a piece explains its nimber', async ({ page }) => {
  const problems = watchConsole(page);
  // A stalk of two (*2) beside a heap of 3: *2 ⊕ *3 = *1.
  const position = '--- hackenbush\n3 2\n0 1\n1 2\n0 0\n60 60\n60 120\n--- nim\n3\n';
  await page.goto(`/#game=sum&position=${encodeURIComponent(position)}`);
  const element = shownGame(page, 'sum');
  await expect(element.locator('.sum')).toContainText('*2 ⊕ *3 = *1');
  await waitForHumanTurn(element);
  await element.locator('grundy-sum grundy-graph .badge').click();
  await expect(element.locator('mex-explainer')).toContainText('a piece of 2 edges is *2');
  // Chop the stalk's top edge: *1 ⊕ *3 = *2, then the computer answers.
  const at = await onScreen(element, [60, 90]);
  await page.mouse.click(at.x, at.y);
  await expect(element.locator('textarea')).toHaveValue(/^--- hackenbush\n3 1\n0 1\n/);
  await waitForHumanTurn(element);
  expect(problems).toEqual([]);
});

test('while drawing, the view stays under the pointer: each vertex lands where it was clicked', async ({ page }) => {
  // Room for the whole drawing below the playground's game picker.
  await page.setViewportSize({ width: 1280, height: 1000 });
  const element = await open(page, '2 1\n0 1\n0 0\n100 60\n');
  await element.getByRole('button', { name: 'Edit' }).click();
  const svg = element.locator('grundy-graph svg');
  await svg.scrollIntoViewIfNeeded();
  const box = (await svg.boundingBox())!;
  const text = element.locator('textarea');
  // Clicks towards the edges of the view, where a re-fit would move most.
  for (const [fx, fy] of [[0.85, 0.15], [0.1, 0.2], [0.9, 0.5]]) {
    const at = { x: box.x + box.width * fx, y: box.y + box.height * fy };
    const before = await text.inputValue();
    await page.mouse.click(at.x, at.y);
    await expect(text).not.toHaveValue(before);
    const lines = (await text.inputValue()).trim().split('\n');
    const [x, y] = lines[lines.length - 1].split(' ').map(Number);
    // Within the snap to the drawing's grid of 10 units: a re-fit would move it tens of pixels.
    const drawn = await onScreen(element, [x, y]);
    const unit = (await onScreen(element, [10, 0])).x - (await onScreen(element, [0, 0])).x;
    expect(Math.hypot(drawn.x - at.x, drawn.y - at.y)).toBeLessThanOrEqual(unit * 0.75);
  }
  // Asked to, the view fits the drawing again.
  await element.getByRole('button', { name: 'Fit' }).click();
  await expect(svg).toBeVisible();
});
