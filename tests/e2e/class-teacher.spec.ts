/**
 * A class as the teacher runs it, against the real `grundy serve` that
 * `npm test` starts (CLASS_URL): what a student's phone is sent and
 * shows, the pace and the pause, misère kept from the playground, a timer
 * that closes its question, a late joiner's score, a removed student, the
 * names a class refuses and the CSV of one class among many.
 */
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { watchConsole } from './helpers';

const CLASS_URL = process.env.CLASS_URL ?? '';
test.skip(!CLASS_URL, 'needs a class server: npm test starts one and sets CLASS_URL');
test.use({ baseURL: CLASS_URL });

/** Words that stand only in the lesson's notes and answers. */
const SECRET = 'Whisper: the answer is heap three';

const LESSON = `# Sums in class

Two games side by side.

\`\`\`notes
${SECRET}.
\`\`\`

---

## Step by step

\`\`\`grundy
game: nim
position: 3 4 5
reveal: steps
\`\`\`

> \`\`\`notes
> ${SECRET}, quoted.
> \`\`\`

---

## A quiz

\`\`\`grundy
game: nim
position: 2 3
values: shown
quiz: yes
\`\`\`
`;

interface Created {
  code: string;
  teacher: string;
}

async function createClass(request: APIRequestContext, data: Record<string, string>): Promise<Created> {
  const response = await request.post('api/classes', { data });
  expect(response.status()).toBe(201);
  return response.json();
}

/** The teacher's projector view of a class made through the API. */
async function teacherOf(browser: Browser, { code, teacher }: Created): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  await page.addInitScript(([code, token]) => localStorage.setItem(`grundy:teacher:${code}`, token), [code, teacher]);
  await page.goto(`class.html?code=${code}`);
  await expect(page.locator('.link.open')).toBeVisible();
  return { context, page };
}

/** A student on a phone, with every frame the server sends the page. */
async function studentOf(browser: Browser, code: string, name: string): Promise<{ context: BrowserContext; page: Page; frames: string[] }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  const frames: string[] = [];
  page.on('websocket', (socket) => socket.on('framereceived', (frame) => frames.push(String(frame.payload))));
  // The lesson comes over HTTP: what the API answers is received too.
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.includes('/api/')) void response.text().then((text) => frames.push(text), () => undefined);
  });
  await page.goto(`class.html?code=${code}`);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText(`You are ${name}`)).toBeVisible();
  await expect(page.locator('.link.open')).toBeVisible();
  return { context, page, frames };
}

/** Everything a page says: its text, in shadow roots too, and every accessible name and title. */
async function everythingSaid(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts: string[] = [document.body.innerText];
    const walk = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        for (const attribute of ['aria-label', 'title']) parts.push(element.getAttribute(attribute) ?? '');
        if (element.shadowRoot) {
          parts.push(element.shadowRoot.textContent ?? '');
          walk(element.shadowRoot);
        }
      }
    };
    walk(document);
    return parts.join('\n');
  });
}

/** Sends the teacher's frame on a connection of its own, as a second device of the teacher's would. */
async function sendAsTeacher(page: Page, { code, teacher }: Created, frame: Record<string, unknown>): Promise<void> {
  await page.evaluate(
    async ([code, token, frame]) => {
      const url = new URL(`api/classes/${code}/live?token=${encodeURIComponent(token)}`, document.baseURI);
      url.protocol = 'ws:';
      const socket = new WebSocket(url);
      await new Promise((opened) => (socket.onopen = opened));
      socket.send(JSON.stringify(frame));
      await new Promise((sent) => setTimeout(sent, 300));
      socket.close();
    },
    [code, teacher, frame] as const,
  );
}

test('a student’s phone is sent no notes and no answer, has no teacher’s tools, and goes no further than the teacher', async ({ browser, request }) => {
  const created = await createClass(request, { lesson: LESSON });
  const teacher = await teacherOf(browser, created);
  const student = await studentOf(browser, created.code, 'Ada');
  const problems = watchConsole(student.page);
  // The class is titled by its lesson.
  await expect(teacher.page.getByLabel('Join').getByRole('heading', { level: 1 })).toHaveText('Sums in class');
  await expect(student.page.locator('grundy-student-view > h1, grundy-student-view .bar h1').first()).toHaveText('Sums in class');
  const lesson = student.page.locator('grundy-lesson');
  await expect(lesson.getByRole('heading', { name: 'Sums in class' })).toBeVisible();
  for (const name of ['Handout', 'Presenter view', 'Full screen']) await expect(lesson.getByRole('button', { name })).toHaveCount(0);
  // The pace: at the teacher's first slide, the student cannot go on.
  await teacher.page.getByLabel('Students follow my slide').uncheck();
  await expect(teacher.page.getByText('Phones may go back over the slides, never past yours.')).toBeVisible();
  await expect(lesson.getByRole('button', { name: 'Next slide' })).toBeDisabled();
  await lesson.focus();
  await student.page.keyboard.press('End');
  await expect(lesson.locator('.where')).toHaveText('1 / 3');

  // The teacher moves on twice; the student follows at their own pace, up to there.
  await teacher.page.locator('grundy-lesson').focus();
  await teacher.page.keyboard.press('ArrowRight');
  await teacher.page.keyboard.press('ArrowRight');
  await expect(teacher.page.locator('grundy-lesson .where')).toHaveText('3 / 3');
  await expect(lesson.getByRole('button', { name: 'Next slide' })).toBeEnabled();
  await lesson.getByRole('button', { name: 'Next slide' }).click();
  await expect(lesson.getByRole('heading', { name: 'Step by step' })).toBeVisible();
  // The step-by-step game is a board with no values and no steps.
  const stepGame = lesson.locator('.slide:not([hidden]) grundy-game');
  await expect(stepGame).toHaveAttribute('values', 'hidden');
  await expect(stepGame).not.toHaveAttribute('presenting');
  await expect(stepGame.locator('grundy-heaps .heap')).toHaveCount(3);
  await lesson.getByRole('button', { name: 'Next slide' }).click();
  await expect(lesson.getByRole('heading', { name: 'A quiz' })).toBeVisible();
  const quizGame = lesson.locator('.slide:not([hidden]) grundy-game');
  await expect(quizGame).toHaveAttribute('values', 'hidden');
  await expect(quizGame).not.toHaveAttribute('quiz');
  await expect(quizGame.locator('grundy-heaps .heap')).toHaveCount(2);
  await expect(lesson.getByRole('button', { name: 'Next slide' })).toBeDisabled();
  const said = await everythingSaid(student.page);
  expect(said).not.toMatch(/\*\d|P-position|N-position|winning move|Whisper/);
  await student.page.screenshot({ path: 'tests/screenshots/class-student-pace-390.png', fullPage: true });

  // Pause: every phone shows only the word to look up.
  await teacher.page.getByLabel('Pause all screens').check();
  await expect(student.page.getByText('Eyes on the teacher.')).toBeVisible();
  await expect(student.page.locator('grundy-lesson')).toHaveCount(0);
  await student.page.reload();
  await expect(student.page.getByText('Eyes on the teacher.')).toBeVisible();
  await teacher.page.getByLabel('Pause all screens').uncheck();
  await expect(student.page.locator('grundy-lesson')).toBeVisible();

  // Nothing the phone received, live or over HTTP, holds the notes or a block's teacher's keys.
  const received = student.frames.join('\n');
  expect(received).toContain('Step by step');
  for (const leak of ['Whisper', 'reveal: steps', 'quiz: yes', 'values: shown']) expect(received).not.toContain(leak);
  // The teacher's own page still has the whole lesson.
  await expect(teacher.page.locator('grundy-lesson').getByRole('button', { name: 'Presenter view' })).toBeVisible();
  expect(problems).toEqual([]);
  await student.context.close();
  await teacher.context.close();
});

test('misère Nim 1 1 1 taught from the playground is asked and marked under misère, and a value question is refused', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const teacher = await context.newPage();
  await teacher.goto(`#game=nim&position=${encodeURIComponent('1 1 1')}&play=misere`);
  await expect(teacher.locator('grundy-game:not([hidden]) grundy-heaps .heap')).toHaveCount(3);
  await teacher.getByRole('button', { name: 'Teach this' }).click();
  await expect(teacher).toHaveURL(/class\.html\?code=/);
  const code = new URL(teacher.url()).searchParams.get('code')!;
  const student = await studentOf(browser, code, 'Mo');
  await expect(student.page.getByLabel('Board').locator('grundy-game')).toHaveAttribute('play', 'misere');

  await teacher.getByRole('button', { name: 'What is its value?' }).click();
  await expect(teacher.getByRole('alert')).toContainText("a misère position's winner is not given by a nimber");
  await teacher.getByRole('button', { name: 'P or N?' }).click();
  await expect(student.page.getByRole('heading', { name: /misère play: whoever moves last loses/ })).toBeVisible();
  // Three heaps of one under misère: the player to move takes the last counter, so loses.
  await student.page.getByRole('button', { name: 'P', exact: true }).click();
  await expect(student.page.getByText('Answer sent')).toBeVisible();
  await teacher.getByRole('button', { name: 'Reveal' }).click();
  await expect(student.page.getByLabel('Your result')).toContainText('Right! The answer: P');
  await student.context.close();
  await context.close();
});

test('a timer closes its question everywhere; a late joiner counts only what was asked after; a removed student is told so, even after a reload', async ({ browser, request }) => {
  // Another class's questions come first on this server: numbers start again at 1 in each.
  const other = await createClass(request, { title: 'Another class', game: 'nim', position: '1 2' });
  const otherTeacher = await teacherOf(browser, other);
  await otherTeacher.page.getByRole('button', { name: 'P or N?' }).click();
  await expect(otherTeacher.page.getByRole('heading', { name: 'Question 1: P or N?' })).toBeVisible();

  const created = await createClass(request, { title: 'Timed', game: 'nim', position: '1 2 3' });
  const teacher = await teacherOf(browser, created);
  const ana = await studentOf(browser, created.code, 'Ana');
  // A name that only looks like Ana's, or that shows nothing, is refused.
  for (const name of ['Ana\u200b', 'ANA', '\u0410na', '\u200b\u200d']) {
    const response = await request.post(`api/classes/${created.code}/students`, { data: { name } });
    expect(response.status(), name).toBeGreaterThanOrEqual(400);
    expect((await response.json()).error).toMatch(/looks the same|visible characters/);
  }

  await sendAsTeacher(teacher.page, created, { type: 'ask', kind: 'pn', game: 'nim', position: '1 2 3', seconds: 2 });
  await expect(ana.page.getByRole('heading', { name: /Question 1\./ })).toBeVisible();
  await expect(teacher.page.getByRole('heading', { name: 'Question 1: P or N?' })).toBeVisible();
  await expect(ana.page.getByText('Time is up: answers to this question are closed.')).toBeVisible();
  await expect(ana.page.getByRole('button', { name: 'P', exact: true })).toHaveCount(0);
  await expect(teacher.page.getByText('time is up, answers closed')).toBeVisible();

  const ben = await studentOf(browser, created.code, 'Ben');
  await teacher.page.getByRole('button', { name: 'Reveal' }).click();
  await expect(ana.page.getByLabel('Your result')).toContainText('You did not answer.');
  await expect(ana.page.getByLabel('Your result')).toContainText('0 of 1 right so far');
  await expect(ben.page.getByLabel('Your result')).toHaveCount(0);

  await teacher.page.getByRole('button', { name: 'P or N?' }).click();
  await expect(teacher.page.getByRole('heading', { name: 'Question 2: P or N?' })).toBeVisible();
  for (const { page } of [ana, ben]) await page.getByRole('button', { name: 'P', exact: true }).click();
  await expect(teacher.page.getByText('2 of 2 answered')).toBeVisible();
  await teacher.page.getByRole('button', { name: 'Reveal' }).click();
  await expect(ben.page.getByLabel('Your result')).toContainText('1 of 1 right so far');
  await expect(ana.page.getByLabel('Your result')).toContainText('1 of 2 right so far');

  // Names hidden on the projector; the roster counts students instead.
  await teacher.page.getByLabel('Hide names on this screen').check();
  await expect(teacher.page.locator('.roster')).not.toContainText('Ana');
  await expect(teacher.page.locator('.roster li')).toHaveText([/Student 1/, /Student 2/]);
  await teacher.page.screenshot({ path: 'tests/screenshots/class-teacher-results-1920.png' });
  await teacher.page.getByRole('button', { name: 'Remove Student 2' }).click();
  await expect(ben.page.getByText('The teacher removed you from this class.')).toBeVisible();
  await ben.page.reload();
  await expect(ben.page.getByText('The teacher removed you from this class.')).toBeVisible();
  await expect(ben.page.getByText('Reconnecting')).toHaveCount(0);
  await expect(ben.page.locator('.link.closed')).toBeVisible();

  // The table keeps the removed student, marked; the CSV numbers this class's questions from 1.
  await teacher.page.getByRole('button', { name: 'Show the table' }).click();
  await expect(teacher.page.getByLabel('Results').locator('tbody tr')).toHaveText([/^Ana/, /^Ben \(removed\)/]);
  const csv = await (
    await request.get(`api/classes/${created.code}/results.csv`, { headers: { authorization: `Bearer ${created.teacher}` } })
  ).text();
  const lines = csv.trim().split('\n');
  expect(lines[0]).toBe('student,removed,question,kind,game,play,position,answer,position_after,correct,seconds');
  expect(lines.slice(1).map((line) => line.split(',').slice(0, 8).join(','))).toEqual([
    'Ana,false,2,pn,nim,normal,1 2 3,P',
    'Ben,true,2,pn,nim,normal,1 2 3,P',
  ]);
  // A row per student: Ben is asked only what came after he joined.
  const download = teacher.page.waitForEvent('download');
  await teacher.page.getByRole('button', { name: 'Export a row per student' }).click();
  const sheet = readFileSync(await (await download).path(), 'utf8');
  expect(sheet).toBe('student,removed,asked,answered,right\nAna,false,2,1,1\nBen,true,1,1,1\n');

  // The class ends, and comes back next week: Ana returns on her phone to her results.
  teacher.page.once('dialog', (dialog) => void dialog.accept());
  await teacher.page.getByRole('button', { name: 'End class' }).click();
  await expect(ana.page.getByText('The class has ended.')).toBeVisible();
  await teacher.page.getByRole('button', { name: 'Reopen the class' }).click();
  await expect(teacher.page.getByRole('button', { name: 'End class' })).toBeVisible();
  await ana.page.reload();
  await expect(ana.page.getByText('You are Ana')).toBeVisible();
  await expect(ana.page.getByLabel('Your result')).toContainText('1 of 2 right so far');
  for (const context of [ana.context, ben.context, teacher.context, otherTeacher.context]) await context.close();
});

test('a student on a new phone comes back when the teacher lets them; one student’s board goes on the projector without a name; next week is a new session exported with the first', async ({ browser, request }) => {
  const created = await createClass(request, { title: 'Moves', game: 'nim', position: '1 2' });
  const teacher = await teacherOf(browser, created);
  const ana = await studentOf(browser, created.code, 'Ana');
  const ben = await studentOf(browser, created.code, 'Ben');

  // A move question, answered on the board: Ana wins (1 2 → 1 1), Ben empties heap 2 and does not.
  await teacher.page.getByRole('button', { name: 'Play the winning move' }).click();
  const heapOf = (page: Page, heap: number) => page.getByLabel('Question').locator('grundy-heaps .heap').nth(heap).locator('button.counter');
  await heapOf(ana.page, 1).nth(1).click();
  await heapOf(ben.page, 1).nth(0).click();
  await expect(teacher.page.getByText('2 of 2 answered')).toBeVisible();
  await teacher.page.getByRole('button', { name: 'Reveal' }).click();
  await expect(teacher.page.getByText('1 of 2 right')).toBeVisible();

  // Ben's board on the projector: his move and its mark, and no name anywhere near it.
  await teacher.page.getByLabel('Show a student’s board').selectOption({ label: 'Ben' });
  const shown = teacher.page.getByLabel('A student\'s board');
  await expect(shown.getByRole('heading')).toHaveText(/A student’s answer: take 2 from heap 2 ✗/);
  await expect(shown).not.toContainText('Ben');
  await expect(teacher.page.getByLabel('Show a student’s board')).toHaveValue('');
  await teacher.page.screenshot({ path: 'tests/screenshots/class-teacher-shown-board-1920.png' });
  await shown.getByRole('button', { name: 'Back to the lesson' }).click();
  await expect(teacher.page.getByLabel('A student\'s board')).toHaveCount(0);

  // Ana's phone is lost: a new phone asks to be her, and waits for the teacher.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const newPhone = await phone.newPage();
  await newPhone.goto(`class.html?code=${created.code}`);
  await newPhone.getByLabel('Your name').fill('Ana');
  await newPhone.getByRole('button', { name: 'Join' }).click();
  await expect(newPhone.getByRole('alert')).toContainText('looks the same');
  await newPhone.getByRole('button', { name: 'Ask the teacher to let me back in' }).click();
  await expect(newPhone.getByText('Waiting for the teacher to let you back in as Ana…')).toBeVisible();
  await newPhone.screenshot({ path: 'tests/screenshots/class-student-waiting-390.png' });
  await expect(newPhone.getByRole('heading', { name: /Question/ })).toHaveCount(0);
  await expect(teacher.page.getByText('Ana asks to come back in on another device.')).toBeVisible();
  await teacher.page.getByRole('region', { name: 'Students' }).screenshot({ path: 'tests/screenshots/class-teacher-rejoin-1920.png' });
  await teacher.page.getByRole('button', { name: 'Let in' }).click();
  await expect(newPhone.getByText('You are Ana')).toBeVisible();
  await expect(newPhone.getByLabel('Your result')).toContainText('1 of 1 right so far');
  await expect(ana.page.getByText('You are in the class on another device now')).toBeVisible();
  await expect(teacher.page.getByText('asks to come back in')).toHaveCount(0);

  // A stranger asking to be Ben is refused, and Ben stays.
  const stranger = await request.post(`api/classes/${created.code}/students`, { data: { name: 'Ben', rejoin: true } });
  expect(stranger.status()).toBe(202);
  await expect(teacher.page.getByText('Ben asks to come back in on another device.')).toBeVisible();
  await teacher.page.getByRole('button', { name: 'Refuse' }).click();
  await expect(teacher.page.getByText('asks to come back in')).toHaveCount(0);
  await expect(ben.page.locator('.link.open')).toBeVisible();

  // Next week: a new session of the same course, with its own code; the export holds both.
  teacher.page.once('dialog', (dialog) => void dialog.accept());
  await teacher.page.getByRole('button', { name: 'End class' }).click();
  await teacher.page.getByRole('button', { name: 'Start the next session' }).click();
  await expect(teacher.page).not.toHaveURL(new RegExp(`code=${created.code}`));
  const nextCode = new URL(teacher.page.url()).searchParams.get('code') ?? '';
  await expect(teacher.page.getByRole('heading', { name: 'Moves', exact: true })).toBeVisible();
  await expect(teacher.page.getByLabel('Class code')).toHaveText(`${nextCode.slice(0, 3)} ${nextCode.slice(3)}`);
  const cara = await studentOf(browser, nextCode, 'Cara');
  await teacher.page.getByRole('button', { name: 'P or N?' }).click();
  await cara.page.getByRole('button', { name: 'N', exact: true }).click();
  await expect(teacher.page.getByText('1 of 1 answered')).toBeVisible();
  const download = teacher.page.waitForEvent('download');
  await teacher.page.getByRole('button', { name: 'Export every session' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8').trim().split('\n');
  expect(csv[0]).toBe('session,class,student,removed,question,kind,game,play,position,answer,position_after,correct,seconds');
  expect(csv.slice(1).map((line) => line.split(',').slice(0, 7).join(','))).toEqual([
    `1,${created.code},Ana,false,1,move,nim`,
    `1,${created.code},Ben,false,1,move,nim`,
    `2,${nextCode},Cara,false,1,pn,nim`,
  ]);
  for (const context of [ana.context, ben.context, cara.context, phone, teacher.context]) await context.close();
});

/** The move that leaves a nim-sum of 0 (winning) or not: the heap to take from and the counters it leaves. */
function nimMove(heaps: number[], winning: boolean): { heap: number; leave: number } {
  for (const [heap, size] of heaps.entries()) {
    for (let leave = 0; leave < size; leave++) {
      const after = heaps.map((h, i) => (i === heap ? leave : h));
      if ((after.reduce((x, h) => x ^ h, 0) === 0) === winning) return { heap, leave };
    }
  }
  throw new Error(`no such move from ${heaps}`);
}

test('a puzzle set: each phone solves its puzzles in order and sees the winning moves at once, the teacher sees who has done what, and homework carries its due date', async ({ browser, request }) => {
  const created = await createClass(request, { title: 'Puzzles', game: 'nim', position: '1 2 3' });
  const teacher = await teacherOf(browser, created);
  const ana = await studentOf(browser, created.code, 'Ana');
  const sets = teacher.page.getByLabel('Puzzle sets');
  // The Theme field suggests the bank's themes of the board's game.
  await sets.getByLabel('Theme').focus();
  await expect.poll(() => sets.locator('#set-themes option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual(
    expect.arrayContaining(['mirror', 'nim-sum']),
  );
  await sets.getByLabel('Theme').fill('nim-sum');
  await sets.getByRole('combobox', { name: /^Puzzles/ }).selectOption('3');
  await sets.getByRole('button', { name: 'Run in class' }).click();
  await expect(sets.getByRole('heading', { name: 'Set 1: 3 nim puzzles' })).toBeVisible();
  await expect(sets).toContainText('Ana: 0 of 3 done, 0 right');

  for (const place of [1, 2, 3]) {
    const puzzle = ana.page.getByLabel(`Puzzle ${place} of 3`);
    await expect(puzzle.locator('grundy-heaps .heap').first()).toBeVisible();
    // Before the first answer, nothing on the phone tells the answer or a value.
    if (place === 1) expect(await everythingSaid(ana.page)).not.toMatch(/The answer|wins with|N-position|nim-sum|value/i);
    const heaps = await puzzle.locator('grundy-heaps .heap').evaluateAll((all) => all.map((heap) => heap.querySelectorAll('button.counter').length));
    // The first is answered wrong, the others right.
    const { heap, leave } = nimMove(heaps, place > 1);
    await puzzle.locator('grundy-heaps .heap').nth(heap).locator('button.counter').nth(leave).click();
    await expect(ana.page.getByLabel('Your result')).toContainText(place === 1 ? 'Not this time.' : 'Right!');
    if (place === 1) {
      await expect(ana.page.getByLabel('Your result')).toContainText('leaving');
      await ana.page.screenshot({ path: 'tests/screenshots/class-puzzle-set-phone.png' });
    }
  }
  await expect(ana.page.getByText('Puzzle set done: 2 of 3 right.')).toBeVisible();
  await expect(sets).toContainText('Ana: 3 of 3 done, 2 right');

  // Homework: due tomorrow, the same join address; a phone sees the date.
  const tomorrow = new Date(Date.now() + 86_400_000);
  const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await sets.getByRole('button', { name: 'Set as homework' }).click();
  await expect(teacher.page.getByRole('alert')).toContainText('needs a due date');
  await sets.getByLabel('Due').fill(local);
  await sets.getByRole('button', { name: 'Set as homework' }).click();
  await expect(sets.getByRole('heading', { name: /^Set 2: 3 nim puzzles, homework due/ })).toBeVisible();
  await expect(sets).toContainText('Leave the class open until then');
  await expect(ana.page.getByLabel('Puzzle 1 of 3')).toContainText('Homework, due');
  await teacher.page.screenshot({ path: 'tests/screenshots/class-puzzle-set-1920.png' });

  const csv = await (
    await request.get(`api/classes/${created.code}/results.csv`, { headers: { authorization: `Bearer ${created.teacher}` } })
  ).text();
  const rows = csv.trim().split('\n').slice(1);
  expect(rows.map((row) => row.split(',').slice(0, 5).join(','))).toEqual(['Ana,false,1,set 1,nim', 'Ana,false,2,set 1,nim', 'Ana,false,3,set 1,nim']);
  for (const context of [ana.context, teacher.context]) await context.close();
});
