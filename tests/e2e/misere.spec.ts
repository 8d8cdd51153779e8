/**
 * Misère play as a class meets it: the switch, the verdict that the xor
 * rule no longer gives, the computer that plays it, links and embeds that
 * keep it, and positions too large to search said to be so.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { LONG_SOLVE_MS, activeGame, options, watchConsole } from './helpers';

async function open(page: Page, hash: string): Promise<Locator> {
  await page.goto(`/#${hash}`);
  const element = activeGame(page);
  await expect(element.locator('.sum')).toBeVisible({ timeout: LONG_SOLVE_MS });
  return element;
}

test('two single counters: the xor says lose, misère play says win', async ({ page }) => {
  const problems = watchConsole(page);
  const element = await open(page, `game=nim&position=${encodeURIComponent('1 1')}`);
  await expect(element.locator('.verdict')).toContainText('A P-position');
  await (await options(element)).getByLabel('Play: normal or misère').selectOption('misere');
  await expect(element.locator('.verdict')).toContainText('Misère play: the player to move wins (2 winning moves)');
  await expect(element.locator('.xor-fails')).toContainText('The xor rule fails here');
  await expect(page).toHaveURL(/play=misere/);
  expect(problems).toEqual([]);
});

test('the computer plays misère Nim to win, and the person who takes the last counter loses', async ({ page }) => {
  const element = await open(page, `game=nim&position=${encodeURIComponent('1 2')}&play=misere`);
  await expect((await options(element)).getByLabel('Play: normal or misère')).toHaveValue('misere');
  await (await options(element)).getByLabel('Hints').check();
  // {1, 2} misère: the only winning move takes the whole 2-heap, leaving a single counter.
  await expect(element.locator('grundy-heaps button.counter.winning')).toHaveCount(1);
  await element.locator('grundy-heaps .heap').nth(1).locator('button.counter').first().click();
  await expect(element.locator('.status')).toContainText('You win');
});

test('misère hints mark the moves the search finds, in a sum too', async ({ page }) => {
  const sum = encodeURIComponent('--- nim\n1\n--- octal\n0.77\n3\n');
  const element = await open(page, `game=sum&position=${sum}&play=misere`);
  await (await options(element)).getByLabel('Hints').check();
  const analysis = await element.evaluate((game) => (game as unknown as { analysis: { misere: { winning: number[]; outcome: string } } }).analysis);
  expect(analysis.misere.outcome).toBe('next');
  const marked = await element.locator('grundy-sum .winning').count();
  expect(marked).toBe(analysis.misere.winning.length);
});

test('a position too large to search says so instead of guessing', async ({ page }) => {
  // 0.35's misère quotient is not found past heap 7, and the search is too small.
  const element = await open(page, `game=octal&position=${encodeURIComponent('0.35\n60 60 60\n')}&play=misere`);
  await expect(element.locator('.verdict')).toContainText('Too large to solve exactly under misère play', { timeout: LONG_SOLVE_MS });
  await expect(element.locator('.status')).toContainText(/Your turn/);
});

test('heaps past the quotient are searched only down to the positions it decides', async ({ page }) => {
  // 0.07's quotient ships to heap 33; a search to the end of play ran out of work here.
  const element = await open(page, `game=octal&position=${encodeURIComponent('0.07\n36 36\n')}&play=misere`);
  const verdict = element.locator('.verdict');
  await expect(verdict).toContainText('Misère play: the player to move wins', { timeout: 60_000 });
  await expect(verdict).toContainText('stopping wherever the misère quotient of 0.07 with heaps of up to 33');
});

test.describe('the engine an embed fetches', () => {
  // The offline service worker precaches the whole engine whenever it installs: only the page's own fetches count here.
  test.use({ serviceWorkers: 'block' });

  test('an embed of misère Dawson\'s Kayles with heaps to 33 is answered by its shipped quotient, from the misère engine alone', async ({ page }) => {
    const engines: string[] = [];
    page.on('request', (request) => {
      const file = new URL(request.url()).pathname.split('/').pop()!;
      if (file.endsWith('.wasm')) engines.push(file);
    });
    await page.goto(`/frame.html?game=octal&position=${encodeURIComponent('0.07\n33 32 31\n')}&play=misere`);
    const verdict = page.locator('grundy-game .verdict');
    await expect(verdict).toContainText('the misère quotient of 0.07 with heaps of up to 33 (638 elements)');
    await expect(verdict).toContainText('Misère play: the player to move');
    expect(engines).toEqual([expect.stringMatching(/^grundy-take-and-break-misere\b.*\.wasm$/)]);
    // Played normally, the same game loads the smaller engine.
    engines.length = 0;
    await page.goto(`/frame.html?game=octal&position=${encodeURIComponent('0.07\n33 32 31\n')}`);
    await expect(page.locator('grundy-game .verdict')).toBeVisible();
    expect(engines).toEqual([expect.stringMatching(/^grundy-take-and-break(?!-misere)\b.*\.wasm$/)]);
  });
});

test('the embed takes play="misere"', async ({ page }) => {
  await page.goto('/frame.html?game=nim&position=1%201&play=misere');
  const element = page.locator('grundy-game');
  await expect(element.locator('.verdict')).toContainText('Misère play: the player to move wins');
});

test('heaps that play as Nim heaps are decided by Bouton\'s rule at any size the board draws', async ({ page }) => {
  // Far past the search's budget, yet every heap of S = {1, 2, 3} passes the check.
  const element = await open(page, `game=subtraction&position=${encodeURIComponent('1,2,3\n100 99 98\n')}&play=misere`);
  await expect(element.locator('.verdict')).toContainText("Bouton's misère rule applies to the values G(n)");
  await expect(element.locator('.verdict')).toContainText('Misère play: the player to move wins');
  await expect(element.locator('.facts')).toContainText('heaps of up to 100 counters play as Nim heaps');
});

test('the note on misère play shows under misère play only, and the smallest winning pick under normal play only', async ({ page }) => {
  const element = await open(page, `game=octal&position=${encodeURIComponent('0.77\n5 6')}`);
  const facts = element.locator('.facts dt');
  await expect(facts).toContainText(['Period']);
  await expect(facts.filter({ hasText: 'Misère' })).toHaveCount(0);
  await (await options(element)).getByLabel('Play: normal or misère').selectOption('misere');
  await expect(facts.filter({ hasText: 'Misère' })).toHaveCount(1);

  const line = await open(page, `game=intervals&position=${encodeURIComponent('1\n2\n1 3\n5 9\n')}`);
  await expect(line.locator('.facts dt')).toHaveText(['Smallest winning integer']);
  await (await options(line)).getByLabel('Play: normal or misère').selectOption('misere');
  await expect(line.locator('.verdict')).toContainText('Misère play');
  await expect(line.locator('.facts dt')).toHaveCount(0);
});

test('misère Kayles far past the search is decided by its quotient, and the panel says why', async ({ page }) => {
  const problems = watchConsole(page);
  const lost = await open(page, `game=octal&position=${encodeURIComponent('0.77\n20 20 20\n')}&play=misere`);
  await expect(lost.locator('.verdict')).toContainText('the player to move loses against perfect play', { timeout: 30_000 });
  await expect(lost.locator('.verdict')).toContainText('misère quotient of 0.77');
  const why = lost.locator('misere-quotient');
  await expect(why).toContainText('in the P-portion: the player to move loses');
  await expect(why).toContainText('24 elements');
  await why.getByText('Multiplication table, 24 × 24').click();
  await expect(why.locator('tbody tr')).toHaveCount(24);

  const won = await open(page, `game=octal&position=${encodeURIComponent('0.77\n20 20 21\n')}&play=misere`);
  await expect(won.locator('.verdict')).toContainText('the player to move wins (13 winning moves)', { timeout: 30_000 });
  const winning = won.locator('misere-quotient li');
  await expect(winning).toHaveCount(6);
  await expect(winning.first()).toContainText('take 2 from row 1 (20)');
  await expect(won.locator('misere-quotient')).toContainText('… and 7 more');

  // Twelve heaps of 25: heap 25 is a new generator of a 32-element quotient.
  const twelve = await open(page, `game=octal&position=${encodeURIComponent(`0.77\n${'25 '.repeat(12).trim()}\n`)}&play=misere`);
  await expect(twelve.locator('.verdict')).toContainText('misère quotient of 0.77', { timeout: 30_000 });
  await expect(twelve.locator('misere-quotient')).toContainText('32 elements');

  // Grundy's game: heap 13 tells apart positions the quotient to heap 12 counts as one.
  const grundy = await open(page, `game=grundy-game&position=${encodeURIComponent('20 15 14\n')}&play=misere`);
  await expect(grundy.locator('.verdict')).toContainText('misère quotient', { timeout: 30_000 });
  await expect(grundy.locator('misere-quotient')).toContainText('48 elements');

  // Dawson's Kayles: heap 25 tells apart positions of smaller heaps, and the
  // quotient grows from 24 elements to 144.
  const dawson = await open(page, `game=octal&position=${encodeURIComponent('0.07\n25 20 14\n')}&play=misere`);
  await expect(dawson.locator('.verdict')).toContainText('the player to move wins (1 winning move)', { timeout: 30_000 });
  await expect(dawson.locator('misere-quotient')).toContainText('144 elements');
  await expect(dawson.locator('misere-quotient li')).toContainText('take 2 from row 3 (14) at 7, leaving 6 and 6');
  expect(problems).toEqual([]);
});

test('the verdicts say what is so at the end, and mark no winning move where none wins', async ({ page }) => {
  // Misère play, no counter left: the player to move has won, with no move to count.
  const end = await open(page, `game=nim&position=1&play=misere&mode=analyse`);
  await end.locator('grundy-heaps button.counter').first().click();
  await expect(end.locator('.verdict')).toContainText('Misère play: no move is left, so the player to move has won.');
  await expect(end.locator('.verdict')).not.toContainText('winning move');
  // Normal play against the computer with hints on, from a P-position: nothing is marked ★.
  const lost = await open(page, `game=nim&position=${encodeURIComponent('2 2')}`);
  await (await options(lost)).getByLabel('Hints').check();
  await expect(lost.locator('.status')).toHaveText('Your turn: no move wins here against perfect play.');
});
