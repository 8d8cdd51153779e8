/**
 * Class sessions and games between devices, against a real `grundy serve`
 * that `npm test` starts (CLASS_URL): a teacher and three students, each
 * in a browser context of their own, run a class through a lesson; two
 * contexts play a game of Kayles; a student's connection drops and comes
 * back.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { watchConsole } from './helpers';

const CLASS_URL = process.env.CLASS_URL ?? '';
test.skip(!CLASS_URL, 'needs a class server: npm test starts one and sets CLASS_URL');
test.use({ baseURL: CLASS_URL });

const LESSON = `# Nim in class

Three heaps. Take any number from one heap; whoever takes the last counter wins.

---

## Your turn to think

\`\`\`grundy
game: nim
position: 3 4 5
opponent: human
\`\`\`
`;

/** A student joins class `code` in a context of their own. */
async function joinAs(browser: Browser, code: string, name: string, phone = false): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, hasTouch: true } : {});
  const page = await context.newPage();
  await page.goto(`class.html?code=${code}`);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText(`You are ${name}`)).toBeVisible();
  await expect(page.locator('.link.open')).toBeVisible();
  return { context, page };
}

/** The text a student's page shows, and what its accessible names and titles say. */
async function everythingSaid(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts: string[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        for (const attribute of ['aria-label', 'title']) {
          const value = element.getAttribute(attribute);
          if (value) parts.push(value);
        }
        if (element.shadowRoot) {
          parts.push(element.shadowRoot.textContent ?? '');
          walk(element.shadowRoot);
        }
      }
    };
    parts.push(document.body.innerText);
    walk(document);
    return parts.join('\n');
  });
}

test('a teacher runs a class of three through a lesson: follow, three questions, reveal, export', async ({ browser }) => {
  const teacherContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const teacher = await teacherContext.newPage();
  const problems = watchConsole(teacher);
  await teacher.goto('lesson.html');
  await teacher.locator('#paste').fill(LESSON);
  await teacher.getByRole('button', { name: 'Show as slides' }).click();
  await teacher.getByRole('button', { name: 'Teach this lesson' }).click();
  await expect(teacher).toHaveURL(/class\.html\?code=[A-Z2-9]{6}$/);
  const code = new URL(teacher.url()).searchParams.get('code')!;
  await expect(teacher.getByLabel('Class code')).toHaveText(`${code.slice(0, 3)} ${code.slice(3)}`);
  await expect(teacher.getByAltText('QR code of the join address')).toBeVisible();

  const students = [
    await joinAs(browser, code, 'Ada'),
    await joinAs(browser, code, 'Ben', true),
    await joinAs(browser, code, '<b>Cy</b>'),
  ];
  await expect(teacher.getByRole('heading', { name: 'Students: 3 here' })).toBeVisible();
  await expect(teacher.locator('.roster li').nth(2)).toContainText('<b>Cy</b>');

  // Follow: the teacher's next slide shows on every student's page.
  const teacherLesson = teacher.locator('grundy-lesson');
  await teacherLesson.focus();
  await teacher.keyboard.press('ArrowRight');
  for (const { page } of students) await expect(page.getByRole('heading', { name: 'Your turn to think' })).toBeVisible();
  await expect(teacher.getByRole('heading', { name: 'Your turn to think' })).toBeVisible();

  // P or N: 3 4 5 is an N-position.
  await teacher.getByRole('button', { name: 'P or N?' }).click();
  for (const { page } of students) {
    await expect(page.getByRole('heading', { name: /P-position/ })).toBeVisible();
    const said = await everythingSaid(page);
    for (const leak of ['*2', '*0', 'winning', 'You win', 'N-position wins']) expect(said).not.toContain(leak);
  }
  // The projector shows the asked position without a value until the reveal.
  await expect(teacher.getByLabel('Lesson')).toBeHidden();
  await expect(teacher.getByLabel('Asked position').locator('grundy-heaps button.counter')).toHaveCount(12);
  expect(await teacher.getByLabel('Asked position').innerText()).not.toMatch(/\*\d|winning|N-position/);
  await students[0].page.getByRole('button', { name: 'N', exact: true }).click();
  await students[1].page.getByRole('button', { name: 'N', exact: true }).click();
  await students[2].page.getByRole('button', { name: 'P', exact: true }).click();
  await expect(students[0].page.getByText('Answer sent')).toBeVisible();
  await expect(teacher.getByText('3 of 3 answered')).toBeVisible();
  await expect(teacher.locator('.bar')).toHaveCount(2);
  await teacher.screenshot({ path: 'tests/screenshots/class-teacher-question-1920.png' });
  await teacher.getByRole('button', { name: 'Reveal' }).click();
  await expect(teacher.getByText('Answer: N · 2 of 3 right')).toBeVisible();
  await expect(students[0].page.getByLabel('Your result')).toContainText('Right!');
  await expect(students[2].page.getByLabel('Your result')).toContainText('Not this time. The answer: N');

  // Its value, with the tally hidden until the reveal.
  await teacher.getByLabel('Hide the tally until the reveal').check();
  await teacher.getByRole('button', { name: 'What is its value?' }).click();
  for (const [i, { page }] of students.entries()) {
    await page.getByLabel('Value', { exact: true }).fill(String(i + 1));
    await page.getByRole('button', { name: 'Send' }).click();
  }
  await expect(teacher.getByText('3 of 3 answered')).toBeVisible();
  await expect(teacher.getByText('The tally is hidden until the reveal.')).toBeVisible();
  await teacher.getByRole('button', { name: 'Reveal' }).click();
  await expect(teacher.getByText('Answer: 2 · 1 of 3 right')).toBeVisible();
  await expect(students[1].page.getByLabel('Your result')).toContainText('Right!');

  // The winning move, answered by playing it: from 3 4 5, leave 1 4 5.
  await teacher.getByRole('button', { name: 'Play the winning move' }).click();
  const heapOf = (page: Page, heap: number) => page.getByLabel('Question').locator('grundy-heaps .heap').nth(heap).locator('button.counter');
  await expect(heapOf(students[1].page, 2)).toHaveCount(5);
  await students[1].page.screenshot({ path: 'tests/screenshots/class-student-question-390.png', fullPage: true });
  await heapOf(students[0].page, 0).nth(1).click();
  await heapOf(students[1].page, 2).nth(4).click();
  await expect(teacher.getByText('2 of 3 answered')).toBeVisible();
  await teacher.getByRole('button', { name: 'Reveal' }).click();
  await expect(students[0].page.getByLabel('Your result')).toContainText('Right!');
  await expect(students[1].page.getByLabel('Your result')).toContainText('Not this time');
  await expect(students[2].page.getByLabel('Your result')).toContainText('You did not answer');

  await teacher.screenshot({ path: 'tests/screenshots/class-teacher-1920.png' });
  await expect(teacher.getByLabel('Lesson')).toBeVisible();
  await students[1].page.screenshot({ path: 'tests/screenshots/class-student-390.png', fullPage: true });

  // The results, per student and per question, and as CSV.
  await teacher.getByRole('button', { name: 'Show the table' }).click();
  await expect(teacher.getByLabel('Results').locator('table tbody tr')).toHaveCount(3);
  await expect(teacher.getByLabel('Results').locator('table tbody tr').first()).toContainText('Ada✓✗✓2');
  const download = teacher.waitForEvent('download');
  await teacher.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  const lines = csv.trim().split('\n');
  expect(lines[0]).toBe('student,removed,question,kind,game,play,position,answer,position_after,correct,seconds');
  expect(lines).toHaveLength(1 + 3 + 3 + 2);
  expect(csv).toMatch(/^Ada,false,3,move,nim,normal,3 4 5,"take 2 from heap 1, leaving 1",1 4 5,true,/m);
  expect(problems).toEqual([]);
  for (const { context } of students) await context.close();
  await teacherContext.close();
});

test('a student whose connection drops comes back by itself, and a reload returns to the class', async ({ browser, request }) => {
  const created = await (await request.post('api/classes', { data: { title: 'Drops', game: 'nim', position: '1 2 3' } })).json();
  const context = await browser.newContext();
  const page = await context.newPage();
  const sockets: { close(options?: { code?: number; reason?: string }): Promise<void> }[] = [];
  await page.routeWebSocket(/\/live/, (ws) => {
    ws.connectToServer();
    sockets.push(ws);
  });
  await page.goto(`class.html?code=${created.code}`);
  await page.getByLabel('Your name').fill('Dee');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.locator('.link.open')).toBeVisible();
  await sockets.at(-1)!.close({ code: 4000, reason: 'Wi-Fi dropped' });
  await expect(page.locator('.link.open')).toBeVisible();
  expect(sockets.length).toBeGreaterThanOrEqual(2);

  // While it was away, a question was asked: it is there after the reconnect.
  const teacher = await browser.newContext();
  const teacherPage = await teacher.newPage();
  await teacherPage.addInitScript(([code, token]) => localStorage.setItem(`grundy:teacher:${code}`, token), [created.code, created.teacher]);
  await teacherPage.goto(`class.html?code=${created.code}`);
  await expect(teacherPage.getByRole('heading', { name: 'Students: 1 here' })).toBeVisible();
  await teacherPage.getByRole('button', { name: 'P or N?' }).click();
  await expect(page.getByRole('heading', { name: /P-position/ })).toBeVisible();
  await page.reload();
  await expect(page.getByText('You are Dee')).toBeVisible();
  await page.getByRole('button', { name: 'P', exact: true }).click();
  await expect(page.getByText('Answer sent')).toBeVisible();
  await expect(teacherPage.getByText('1 of 1 answered')).toBeVisible();
  await context.close();
  await teacher.close();
});

test('two devices play Kayles to the end, each move checked by the server', async ({ browser }) => {
  const first = await browser.newContext();
  const one = await first.newPage();
  const problems = watchConsole(one);
  // Every address either page asks for, sockets too: none may carry a seat's token.
  const addresses: string[] = [];
  const watchAddresses = (page: Page) => {
    page.on('request', (request) => addresses.push(request.url()));
    page.on('websocket', (socket) => addresses.push(socket.url()));
  };
  watchAddresses(one);
  await one.goto(`#game=octal&position=${encodeURIComponent('0.77\n4\n')}`);
  await expect(one.locator('grundy-rows button.piece.pin')).toHaveCount(4);
  await one.getByRole('button', { name: 'Play a friend on another device' }).click();
  await expect(one).toHaveURL(/play\.html#game=/);
  const invite = await one.getByLabel("The other player's link").inputValue();
  await expect(one.getByAltText("QR code of the other player's link")).toBeVisible();
  const second = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const two = await second.newPage();
  watchAddresses(two);
  await two.goto(invite);
  await expect(two.getByText('Your friend’s move…')).toBeVisible();
  await expect(one.getByText('Your move.')).toBeVisible();

  const pins = (page: Page) => page.locator('grundy-rows button.piece.pin');
  // Player 1 knocks down pin 1 (3 left in a row), player 2 pin 2, and so on.
  await pins(one).first().click();
  await expect(two.getByText('Your move.')).toBeVisible();
  // Only the page's turn line says whose move it is: the board's own would call it player 1's.
  await expect(two.locator('grundy-game .status')).toBeHidden();
  await expect(pins(two)).toHaveCount(3);
  // The friend's move is marked on this board, as a move made here would be.
  await expect(two.locator('grundy-rows .row.last')).toHaveCount(1);
  await expect(two.locator('grundy-rows .row.last')).toHaveAttribute('title', /^Last move/);
  await pins(two).nth(1).tap();
  await pins(two).nth(1).tap();
  await expect(one.getByText('Your move.')).toBeVisible();
  await expect(pins(one)).toHaveCount(2);
  // A reload keeps the seat and the position.
  await one.reload();
  await expect(pins(one)).toHaveCount(2);
  await pins(one).first().click();
  await expect(two.getByText('Your move.')).toBeVisible();
  await pins(two).first().tap();
  await pins(two).first().tap();
  await expect(two.getByText('You win!')).toBeVisible();
  await expect(one.getByText('Your friend wins.')).toBeVisible();
  expect(problems).toEqual([]);
  const seats = [new URL(invite).hash, new URL(one.url()).hash].map((hash) => new URLSearchParams(hash.slice(1)).get('seat') ?? '');
  expect(seats.every((seat) => seat.length > 20)).toBe(true);
  expect(addresses.filter((address) => address.includes('token=') || seats.some((seat) => address.includes(seat)))).toEqual([]);
  await first.close();
  await second.close();
});

test('the pages carry a content security policy, and the playground works under it', async ({ page }) => {
  const problems = watchConsole(page);
  const response = await page.goto('');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  await expect(page.locator('grundy-game:not([hidden]) .sum')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Teach this' })).toBeVisible();
  expect(problems.filter((p) => p.includes('Content Security Policy'))).toEqual([]);
});
