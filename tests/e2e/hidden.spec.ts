/**
 * Hidden means hidden: with values off, in a quiz before its answer, and
 * in a puzzle, no channel of the element carries a value. Every text node
 * and every attribute (titles, aria-labels, SVG titles, classes that colour
 * winning moves, data attributes) of the whole element, boards and panels
 * included, is read for each game, in each hidden mode, while a move is
 * previewed.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchConsole } from './helpers';
import { GAMES } from './registry';

/** Ways a value can show: a nimber, an outcome class, a verdict on a move, a mark for winning moves. */
const LEAKS: [string, RegExp][] = [
  ['a nimber', /(^|[^\w])\*\d/],
  ['an outcome class', /\b[NP]-position/],
  ['a verdict on a move', /winning move|holds a draw|leaves \*|= \*|\bmex\b/i],
  ['Smith value', /∞\{|K = \{/],
];
/** Class names that colour a move by its value. */
const VALUE_CLASSES = /(^|\s)(winning|wins|losing|draws|p-position|n-position)(\s|$)/;

/** Every text and attribute of `selector` (the game, or the whole page) and of the shadow roots under it, with the page's title and address. */
async function everythingSaid(page: Page, selector = 'grundy-game'): Promise<{ where: string; said: string }[]> {
  return page.locator(selector).evaluate((root) => {
    const found: { where: string; said: string }[] = [];
    const visit = (node: Node, path: string) => {
      if (node.nodeType === Node.TEXT_NODE) {
        const text = node.textContent?.trim();
        if (text) found.push({ where: `${path} text`, said: text });
        return;
      }
      if (!(node instanceof Element)) return;
      const here = `${path} > ${node.localName}`;
      for (const attribute of node.attributes) {
        if (attribute.name === 'style' || attribute.name === 'd' || attribute.name === 'points') continue;
        found.push({ where: `${here}[${attribute.name}]`, said: attribute.name === 'class' ? `class:${attribute.value}` : attribute.value });
      }
      if (node.shadowRoot) for (const child of node.shadowRoot.childNodes) visit(child, `${here}::shadow`);
      // A style sheet's selectors name classes, not what is shown.
      if (node.localName === 'style') return;
      for (const child of node.childNodes) visit(child, here);
    };
    visit(root, '');
    found.push({ where: 'the title', said: document.title }, { where: 'the address', said: decodeURIComponent(location.href) });
    return found;
  });
}

function leaksIn(said: { where: string; said: string }[]): string[] {
  const leaks: string[] = [];
  for (const { where, said: text } of said) {
    if (text.startsWith('class:')) {
      if (VALUE_CLASSES.test(text.slice(6))) leaks.push(`${where}: ${text}`);
      continue;
    }
    for (const [what, pattern] of LEAKS) if (pattern.test(text)) leaks.push(`${what} at ${where}: ${text.slice(0, 120)}`);
  }
  return leaks;
}

/** A move on any board: a counter or piece, a cell, the line, a letter's bar, an edge. */
const MOVES = 'button.counter.playable, button.piece.playable, rect.cell.playable, grundy-line svg, rect.bar, path.hit';
/** A move that can be played now, on any board: as `MOVES`, with only the edges and vertices that are moves. */
const PLAYABLE = 'button.counter.playable, button.piece.playable, rect.cell.playable, grundy-line svg, rect.bar, path.hit[data-stop], circle.vertex.pick';

/** A game whose moves come in kinds (how many a move takes) may have none of the kind chosen first: choose one that has some. */
async function choosePlayableKind(element: Locator): Promise<void> {
  for (const kind of await element.getByRole('group', { name: /^How many \w+ a move takes$/ }).getByRole('button').all()) {
    if ((await element.locator(PLAYABLE).count()) > 0) break;
    await kind.click();
  }
}

const MODES: { name: string; query: string }[] = [
  { name: 'values hidden', query: 'values=hidden&hints' },
  { name: 'a quiz before its answer', query: 'quiz&hints' },
  { name: 'a puzzle', query: 'puzzle&hints' },
];

for (const mode of MODES) {
  test(`${mode.name}: no text or attribute of any game carries a value`, async ({ page }) => {
    const problems = watchConsole(page);
    for (const game of GAMES) {
      // The lost position for the quiz and values (the computer is second), a won one for the puzzle.
      const position = mode.name === 'a puzzle' ? game.samples[0].input : game.lost;
      await page.goto(`/frame.html?game=${game.id}&position=${encodeURIComponent(position)}&opponent=human&${mode.query}`);
      const element = page.locator('grundy-game');
      await expect(element.locator('.status')).not.toBeEmpty();
      await expect(element.locator('.busy')).toHaveCount(0);
      // Point at a move, as a reader would before choosing one: its preview must say nothing either.
      await element.locator(MOVES).first().hover({ force: true });
      const leaks = leaksIn(await everythingSaid(page));
      expect(leaks, `${game.id}, ${mode.name}`).toEqual([]);
      // Nor any panel or tool that would show values once opened, such as a
      // heap game's sequence explorer or BoardEscape's heat map of g_n.
      await expect(element.locator('details.explorer'), `${game.id}, ${mode.name}`).toHaveCount(0);
      await expect(element.getByLabel(/Heat map/), `${game.id}, ${mode.name}`).toHaveCount(0);
    }
    expect(problems).toEqual([]);
  });
}

test('a puzzle of the bank, random in each game and the daily one, carries no value anywhere either', async ({ page }) => {
  const problems = watchConsole(page);
  const bank: { game: string }[] = JSON.parse(readFileSync('web/src/puzzles/bank/index.json', 'utf8'));
  const addresses = [...bank.map(({ game }) => `game=${game}&puzzle=random&seed=11`), 'puzzle=daily'];
  for (const query of addresses) {
    await page.goto(`/frame.html?${query}&hints`);
    const element = page.locator('grundy-game');
    await expect(element.locator('.status'), query).toContainText('Puzzle: find the move that wins.');
    await expect(element.locator('.busy')).toHaveCount(0);
    await choosePlayableKind(element);
    await element.locator(PLAYABLE).first().hover({ force: true });
    expect(leaksIn(await everythingSaid(page)), query).toEqual([]);
    await expect(element.locator('.values-off'), query).toHaveText('Values are hidden in this puzzle.');
  }
  expect(problems).toEqual([]);
});

test('two players and a quiz with values hidden: after a move, the next question leaves no value anywhere', async ({ page }) => {
  const problems = watchConsole(page);
  for (const game of GAMES) {
    // The last sample is the largest: a move leaves a move for Player 2.
    const position = game.samples[game.samples.length - 1].input;
    await page.goto(`/frame.html?game=${game.id}&position=${encodeURIComponent(position)}&opponent=human&quiz&values=hidden`);
    const element = page.locator('grundy-game');
    await expect(element.locator('.busy')).toHaveCount(0);
    // Player 1's first question is who wins; then Player 1 moves.
    await element.getByRole('button', { name: /^P:/ }).click();
    await choosePlayableKind(element);
    // The last of a heap's counters takes the fewest, which leaves Player 2 a move.
    await element.locator(PLAYABLE).last().click({ force: true });
    const chooser = element.getByRole('menu');
    if (await chooser.isVisible()) await chooser.getByRole('menuitem').first().click();
    await expect(element.locator('grundy-move-list li'), game.id).toHaveCount(2);
    await expect(element.getByText(/^Player 2, /), game.id).toBeVisible();
    const leaks = leaksIn(await everythingSaid(page));
    expect(leaks, game.id).toEqual([]);
    // No switch in the options shows them, and the panel does not promise them.
    await expect(element.getByRole('checkbox', { name: 'Values' }), game.id).toHaveCount(0);
    await expect(element.locator('.values-off'), game.id).toHaveText('Values are hidden in this quiz.');
  }
  expect(problems).toEqual([]);
});

test('a lesson of every game, each with a quiz question open: nothing on the page carries a value, the lesson around the games included', async ({ page }) => {
  const problems = watchConsole(page);
  const slides = GAMES.map((game) => {
    const position = game.lost.replace(/\n$/, '').split('\n').map((line) => `  ${line}`);
    return [`## Game ${game.id}`, '', 'Who wins?', '', '```grundy', `game: ${game.id}`, 'position:', ...position, 'opponent: human', 'quiz: yes', 'values: hidden', '```'].join('\n');
  });
  await page.goto('lesson.html');
  await page.getByLabel('Or paste its Markdown:').fill(`# Every game\n\n${slides.join('\n\n')}\n`);
  await page.getByRole('button', { name: 'Show as slides' }).click();
  const games = page.locator('grundy-lesson grundy-game');
  await expect(games).toHaveCount(GAMES.length);
  for (const game of await games.all()) {
    // Games on the slides not shown are on the page too, with their questions open.
    await expect(game.locator('grundy-quiz .question')).toBeAttached({ timeout: 30_000 });
    await expect(game.locator('.busy')).toHaveCount(0);
  }
  // Through the slides, as a class would see them.
  for (let slide = 1; slide <= GAMES.length; slide++) await page.locator('grundy-lesson').getByRole('button', { name: 'Next slide' }).click();
  await expect(page.locator('grundy-lesson nav .where')).toHaveText(`${GAMES.length + 1} / ${GAMES.length + 1}`);
  const leaks = leaksIn(await everythingSaid(page, 'html'));
  expect(leaks).toEqual([]);
  expect(problems).toEqual([]);
});
