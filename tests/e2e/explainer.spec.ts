/** The mex explainer, for each game's first sample: its mex is the badge. */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { activeGame } from './helpers';

const games = ['nim', 'bacterial-tactics', 'darkraft', 'board-escape', 'intervals', 'string-game'];

for (const game of games) {
  test(`${game}: the explainer's mex equals each component's nimber`, async ({ page }) => {
    // No position in the hash: the playground opens the game's first sample.
    await page.goto(`/#game=${game}`);
    const element = activeGame(page);
    await expect(element.locator('.sum')).toBeVisible();
    const rows = element.locator('nim-sum-table tbody tr:not(.total)');
    const count = Math.min(await rows.count(), 4);
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const badge = (await rows.nth(i).locator('.badge').textContent())?.trim();
      await rows.nth(i).locator('td.label button').click();
      const mex = element.locator('mex-explainer .mex');
      await expect(mex).toHaveText(badge ?? '');
      await expect(element.locator('mex-explainer .reachable')).toContainText('the component’s nimber');
      await rows.nth(i).locator('td.label button').click();
      await expect(mex).toHaveCount(0);
    }
  });
}

test('clicking a badge on the board explains its component', async ({ page }) => {
  await page.goto(`/#game=darkraft&position=${encodeURIComponent('3 3\nRLX\nXRL\nLXR\n')}`);
  const element = activeGame(page);
  await expect(element.locator('.sum')).toBeVisible();
  await element.locator('grundy-grid g.badge').first().click();
  await expect(element.locator('mex-explainer h3')).toContainText('Why');
  const badge = (await element.locator('nim-sum-table tbody tr:not(.total) .badge').first().textContent())?.trim();
  await expect(element.locator('mex-explainer .mex')).toHaveText(badge ?? '');
});

test('a sum of many parts lists 32 of them and folds the rest into one ⊕ row', async ({ page }) => {
  const heaps = Array.from({ length: 40 }, (_, i) => i + 1);
  await page.goto(`/#game=nim&position=${encodeURIComponent(heaps.join(' '))}`);
  const table = activeGame(page).locator('nim-sum-table');
  await expect(table.locator('tr.total')).toBeVisible();
  const xor = (values: number[]) => values.reduce((a, b) => a ^ b, 0);
  await expect(table.locator('tbody tr:not(.total):not(.folded)')).toHaveCount(32);
  await expect(table.locator('tr.folded td').nth(0)).toHaveText('⊕ of 8 more');
  await expect(table.locator('tr.folded td').nth(1)).toHaveText(`*${xor(heaps.slice(32))}`);
  await expect(table.locator('tr.total td').nth(1)).toHaveText(`*${xor(heaps)}`);
});

test('explainer screenshot: hovering an option previews it', async ({ page }) => {
  await page.goto(`/#game=nim&position=${encodeURIComponent('3 4 5\n')}`);
  const element = activeGame(page);
  await element.locator('nim-sum-table td.label button').first().click();
  await element.locator('mex-explainer button').nth(1).hover();
  await expect(element.locator('.preview')).toContainText('take 2 from heap 1');
  await page.screenshot({ path: 'tests/screenshots/explainer.png', fullPage: true });
});

test('the game tree expands small positions and refuses large ones', async ({ page }) => {
  await page.goto(`/#game=nim&position=${encodeURIComponent('1 2\n')}`);
  const element = activeGame(page);
  await expect(element.locator('.sum')).toBeVisible();
  await element.locator('.tree-panel summary').click();
  await element.locator('.tree-panel select').selectOption('1');
  await element.locator('.tree-panel').getByRole('button', { name: 'Show' }).click();
  const tree = element.locator('game-tree');
  await expect(tree).toContainText('this position — *3');
  await expect(tree).toContainText('take 1 from heap 2, leaving 1 — *0');
  await expect(tree.locator('.mark.previous')).toHaveCount(1);
  await expect(tree.locator('.mark.next')).toHaveCount(3);
  await page.screenshot({ path: 'tests/screenshots/tree.png', fullPage: true });
  await element.locator('textarea').fill('9 9 9 9');
  await expect(tree).toHaveCount(1);
  await expect(tree).not.toContainText('this position');
  await element.locator('.tree-panel select').selectOption('4');
  await element.locator('.tree-panel').getByRole('button', { name: 'Show' }).click();
  await expect(element.locator('.tree-panel .error')).toContainText('Too large to expand');
});

/**
 * Opens Nim at `heaps`, asks for its game tree `depth` moves deep, waits for
 * the list to show `root`, and draws it: the game and the drawing.
 */
async function drawTree(page: Page, heaps: string, depth: number, root: string): Promise<{ element: Locator; drawing: Locator }> {
  await page.goto(`/#game=nim&position=${encodeURIComponent(`${heaps}\n`)}`);
  const element = activeGame(page);
  await expect(element.locator('.sum')).toBeVisible();
  await element.locator('.tree-panel summary').click();
  await element.locator('.tree-panel select').selectOption(String(depth));
  await element.locator('.tree-panel').getByRole('button', { name: 'Show' }).click();
  await expect(element.locator('game-tree')).toContainText(root);
  await element.locator('.tree-panel').getByRole('button', { name: 'Draw it' }).click();
  return { element, drawing: element.locator('dialog.tree grundy-tree-drawing') };
}

for (const screen of [
  { name: 'desktop', width: 1400, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`the game tree drawn: options a level at a time, each edge a move, each box its outcome and value (${screen.name})`, async ({ page }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    const { element, drawing } = await drawTree(page, '1 2 3', 1, 'this position — *0');
    const boxes = drawing.locator('g.node');
    // The root and its six options.
    await expect(boxes).toHaveCount(7);
    await expect(boxes.first()).toHaveAttribute('aria-label', 'This position: P, worth *0, the player to move loses; options shown');
    await expect(drawing.locator('text.move')).toHaveText([
      'take 1 from heap 1, leaving 0', 'take 2 from heap 2, leaving 0', 'take 1 from heap 2, leaving 1',
      'take 3 from heap 3, leaving 0', 'take 2 from heap 3, leaving 1', 'take 1 from heap 3, leaving 2',
    ]);
    await expect(drawing.locator('g.node.previous')).toHaveCount(1);
    // The tree is one move deep: a box below it asks the engine for the next level.
    const first = boxes.nth(1);
    await expect(first).toHaveAttribute('aria-label', 'take 1 from heap 1, leaving 0: N, worth *1, the player to move wins; options hidden');
    await first.click();
    await expect(element.locator('dialog.tree h2')).toHaveText('Game tree, 2 moves deep');
    await expect(boxes).toHaveCount(12);
    await expect(boxes.nth(1)).toHaveAttribute('aria-expanded', 'true');
    await page.screenshot({ path: `tests/screenshots/tree-drawn-${screen.name}.png` });
    // A second click hides them again; the keyboard works as well.
    await boxes.nth(1).focus();
    await page.keyboard.press('Enter');
    await expect(boxes).toHaveCount(7);
    await element.locator('dialog.tree').getByRole('button', { name: 'Close' }).click();
    await expect(element.locator('dialog.tree')).not.toBeVisible();
    // The list stays for screen readers.
    await expect(element.locator('game-tree')).toContainText('take 1 from heap 1, leaving 0 — *1');
  });
}

test('the tree drawn as deep as asked, each box its position, each move clear of every edge, at 1920×1080', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const { element, drawing } = await drawTree(page, '1 2', 3, 'this position — *3');
  await expect(element.locator('dialog.tree h2')).toHaveText('Game tree, 3 moves deep');
  // 1 2 has 3 options, 5 positions two moves deep and 3 three deep: all shown.
  await expect(drawing.locator('g.node')).toHaveCount(12);
  await expect(drawing.locator('.shown')).toHaveCount(0);
  // Each box writes its position, as the text box would.
  await expect(drawing.locator('g.node').first().locator('text.text')).toHaveText('1 2');
  await expect(drawing.locator('g.node').nth(1).locator('text.text')).toHaveText('0 2');
  // Every edge ends left of the box it leads to, and every move is written above its box.
  const overlaps = await drawing.evaluate((host) => {
    const root = host.shadowRoot!;
    const labels = [...root.querySelectorAll('text.move')].map((t) => t.getBoundingClientRect());
    const edges = [...root.querySelectorAll('path.edge')].map((p) => p.getBoundingClientRect());
    return labels.flatMap((l, i) =>
      edges.filter((e) => l.left < e.right && e.left < l.right && l.top < e.bottom && e.top < l.bottom).map(() => i),
    );
  });
  expect(overlaps).toEqual([]);
  // Readable on the projector: the moves at 13 px or more once zoomed, and the drawing pans where it is wider than the dialog.
  const size = await drawing.locator('text.move').first().evaluate((t) => t.getBoundingClientRect().height);
  expect(size).toBeGreaterThanOrEqual(13);
  await page.screenshot({ path: 'tests/screenshots/tree-drawn-1920.png' });
});

test('a tree too large to open whole says how many levels show', async ({ page }) => {
  const { drawing } = await drawTree(page, '3 4 5', 2, 'this position — *2');
  await expect(drawing.locator('.shown')).toHaveText('1 of the tree’s 2 levels shown: click a position to open its options.');
  await expect(drawing.locator('g.node')).toHaveCount(13);
});

test('on a phone, a badge clicked on the board brings its explanation into view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/#game=darkraft&position=${encodeURIComponent('3 3\nRLX\nXRL\nLXR\n')}`);
  const element = activeGame(page);
  await element.locator('grundy-grid g.badge').first().click();
  await expect(element.locator('mex-explainer')).toBeInViewport();
});

test('in Edit, a paint stroke that starts on a badge paints instead of explaining', async ({ page }) => {
  await page.goto(`/#game=darkraft&position=${encodeURIComponent('3 3\nRLX\nXRL\nLXR\n')}`);
  const element = activeGame(page);
  await element.getByRole('button', { name: 'Edit' }).click();
  await element.getByRole('button', { name: /^L / }).click();
  const badge = element.locator('grundy-grid g.badge').first();
  const box = (await badge.boundingBox())!;
  await page.mouse.move(box.x + 4, box.y + 4);
  await page.mouse.down();
  await page.mouse.up();
  await expect(element.locator('textarea')).toHaveValue(/^3 3\nL/);
  await expect(element.locator('mex-explainer')).toHaveCount(0);
});

test('a nim-sum table wider than its panel keeps the low bits, which decide the move, in view', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`/#game=nim&position=${encodeURIComponent('3 4 100 99 98 97 65')}`);
  const table = activeGame(page).locator('nim-sum-table');
  await expect(table.locator('tr.total')).toBeVisible();
  const host = (await table.boundingBox())!;
  const ones = (await table.locator('thead th').last().boundingBox())!;
  expect(ones.x + ones.width).toBeLessThanOrEqual(host.x + host.width + 1);
  expect(ones.x).toBeGreaterThanOrEqual(host.x);
});
