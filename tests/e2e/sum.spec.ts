/** Sum mode: games side by side, worth the xor of their parts. */
import { expect, test } from '@playwright/test';
import { activeGame, watchConsole } from './helpers';

// A Darkraft board worth *1 beside a Nim heap of 1: the sum is *0, so the
// person who moves first loses against the computer.
const losing = '--- nim\n1\n--- darkraft\n3 3\nRLX\nXRL\nLXR\n';

test('a Nim heap and a Darkraft board played to the end: the computer wins', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto(`/#game=sum&position=${encodeURIComponent(losing)}`);
  const element = activeGame(page);
  // The heap, then the board's two colour classes (*1 and *0).
  await expect(element.locator('.sum')).toContainText('*1 ⊕ *1 ⊕ *0 = *0');
  await expect(element.locator('grundy-sum section.part')).toHaveCount(2);
  const status = element.locator('.status');
  for (let moves = 0; moves < 20; moves++) {
    await expect(status).toHaveText(/Your turn|You win|computer wins/);
    if (!(await status.textContent())?.includes('Your turn')) break;
    const before = await element.locator('textarea').inputValue();
    // Move in the Darkraft board while it has moves, else take the heap.
    const cell = element.locator('grundy-sum grundy-grid rect.cell.playable');
    if ((await cell.count()) > 0) await cell.first().click();
    else await element.locator('grundy-sum grundy-heaps button.counter').first().click();
    await expect(element.locator('textarea')).not.toHaveValue(before);
  }
  await expect(status).toContainText('The computer wins');
  expect(problems).toEqual([]);
});

test('games are added to a sum and its total follows', async ({ page }) => {
  await page.goto(`/#game=sum&position=${encodeURIComponent('--- nim\n3\n')}`);
  const element = activeGame(page);
  await expect(element.locator('.sum')).toContainText('*3 = *3');
  await element.getByRole('button', { name: 'Edit' }).click();
  await element.locator('grundy-sum select').selectOption('string-game');
  await element.locator('grundy-sum').getByRole('button', { name: 'Add' }).click();
  await expect(element.locator('grundy-sum section.part')).toHaveCount(2);
  await expect(element.locator('textarea')).toHaveValue(/^--- nim\n3\n--- string-game\n/);
  await element.getByRole('button', { name: 'Analyse' }).click();
  await page.screenshot({ path: 'tests/screenshots/sum.png', fullPage: true });
});
