/**
 * Lessons as a teacher uses them: opened from a link, a file or pasted
 * text, moved through as slides whose games keep their state, presented
 * on a projector and a phone, and printed as a handout.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { watchConsole } from './helpers';

const NIM_LESSON = 'lesson.html?src=lessons%2F2-nim.md';

/** The slide shown, and the game on it if any. */
function shownSlide(page: Page): Locator {
  return page.locator('grundy-lesson section.slide:not([hidden])');
}

test('a lesson opened from a link turns its slides by button, key and address', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('lesson.html');
  await page.getByRole('link', { name: 'Nim and the nim-sum' }).click();
  const lesson = page.locator('grundy-lesson');
  await expect(lesson.locator('nav .where')).toHaveText('1 / 7');
  await expect(shownSlide(page).locator('h1')).toHaveText('Nim and the nim-sum');
  await lesson.getByRole('button', { name: 'Next slide' }).click();
  await expect(shownSlide(page).locator('h2')).toHaveText('Play first');
  await expect(page).toHaveURL(/#slide=2$/);
  // The arrow keys turn slides when the focus is not in a game.
  await lesson.locator('nav .title').click();
  await page.keyboard.press('ArrowRight');
  await expect(shownSlide(page).locator('h2')).toHaveText('P-positions again');
  await page.keyboard.press('End');
  await expect(lesson.locator('nav .where')).toHaveText('7 / 7');
  await expect(lesson.getByRole('button', { name: 'Next slide' })).toBeDisabled();
  // A reload comes back to the same slide.
  await page.goto(`${NIM_LESSON}#slide=5`);
  await expect(shownSlide(page).locator('h2')).toHaveText('Bouton’s theorem (1902)');
  expect(problems).toEqual([]);
});

test('each game of a lesson is live and keeps its state while the class moves between slides', async ({ page }) => {
  await page.goto(`${NIM_LESSON}#slide=2`);
  const game = shownSlide(page).locator('grundy-game');
  await expect(game.locator('.status')).toContainText('Your turn');
  // The values are hidden, as the block asks: no nimber anywhere on the slide.
  await expect(shownSlide(page)).not.toContainText(/\*\d/);
  await game.locator('grundy-heaps .heap').nth(2).locator('button.counter').first().click();
  await expect(game.locator('.status')).toContainText('The computer played');
  const played = await game.evaluate((element) => (element as HTMLElementTagNameMap['grundy-game']).text);
  expect(played).not.toBe('2 3 4\n');
  await page.getByRole('button', { name: 'Next slide' }).click();
  await page.getByRole('button', { name: 'Previous slide' }).click();
  await expect(shownSlide(page).locator('grundy-game')).toHaveJSProperty('text', played);
});

test('a block steps through the position, the nimbers, the total and the winning move', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`${NIM_LESSON}#slide=5`);
  const game = shownSlide(page).locator('grundy-game');
  await expect(game.locator('.step')).toHaveText('1 / 4: The position');
  await expect(game.locator('grundy-heaps .badge')).toHaveCount(0);
  // The steps go on once the position is drawn; under load that can lag.
  await expect(game.locator('grundy-heaps .heap')).toHaveCount(3);
  await game.getByRole('button', { name: 'Next step' }).click();
  await expect(game.locator('.step')).toHaveText(/^2 \/ 4/);
  await expect(game.locator('grundy-heaps .badge')).toHaveCount(3);
  await expect(game.locator('.sum')).toHaveCount(0);
  await game.getByRole('button', { name: 'Next step' }).click();
  await game.getByRole('button', { name: 'Next step' }).click();
  await expect(game.locator('.verdict-big')).toHaveText('Winning move: take 2 from heap 1, leaving 1');
  await page.screenshot({ path: 'tests/screenshots/lesson-projector.png' });
});

for (const screen of [
  { name: 'a 1920×1080 projector', width: 1920, height: 1080, minFont: 28 },
  { name: 'a 1400×900 screen', width: 1400, height: 900, minFont: 22 },
  { name: 'a 390×844 phone', width: 390, height: 844, minFont: 15 },
]) {
  test(`every slide of every lesson fits ${screen.name}: large type, nothing wider than the screen`, async ({ page }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    for (const file of ['1-subtraction.md', '2-nim.md', '3-misere-nim.md', '4-mex.md', '5-sums.md', '6-coins.md', '7-hackenbush.md']) {
      await page.goto(`lesson.html?src=lessons%2F${file}`);
      const lesson = page.locator('grundy-lesson');
      const count = Number((await lesson.locator('nav .where').textContent())!.split('/')[1]);
      for (let slide = 1; slide <= count; slide++) {
        await expect(lesson.locator('nav .where')).toHaveText(`${slide} / ${count}`);
        await expect(lesson.locator('section.slide:visible'), `${file} slide ${slide}`).toHaveCount(1);
        const text = shownSlide(page).locator('p, li').first();
        const font = await text.evaluate((p) => parseFloat(getComputedStyle(p).fontSize));
        expect(font, `${file} slide ${slide}`).toBeGreaterThanOrEqual(screen.minFont);
        // Each game drawn on the slide is within the screen's width.
        for (const game of await shownSlide(page).locator('grundy-game').all()) {
          await expect(game.locator('div.board')).toBeVisible();
          const box = (await game.boundingBox())!;
          expect(box.x + box.width, `${file} slide ${slide}`).toBeLessThanOrEqual(screen.width + 1);
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${file} slide ${slide}`).toBeLessThanOrEqual(0);
        if (slide < count) await lesson.getByRole('button', { name: 'Next slide' }).click();
      }
    }
    if (screen.width < 500) {
      await page.goto('lesson.html?src=lessons%2F5-sums.md#slide=2');
      await expect(shownSlide(page).locator('grundy-game .board')).toBeVisible();
      await page.screenshot({ path: 'tests/screenshots/lesson-phone.png' });
    }
  });
}

test('a pasted lesson shows as slides, says where a block is wrong, and survives a reload', async ({ page }) => {
  await page.goto('lesson.html');
  const text =
    '# Pasted\n\nA heap of 5.\n\n```grundy\ngame: nim\nposition: 5\n```\n\n---\n\n```grundy\ngame: nim\nheaps: 3\n```\n\n' +
    '```grundy\ngame: kayles\nposition: 3 x\n```\n\n```grundy\ngame: chess\n```\n';
  await page.getByLabel('Or paste its Markdown:').fill(text);
  await page.getByRole('button', { name: 'Show as slides' }).click();
  const lesson = page.locator('grundy-lesson');
  await expect(lesson.locator('nav .where')).toHaveText('1 / 2');
  await expect(shownSlide(page).locator('grundy-game grundy-heaps .heap')).toHaveCount(1);
  await lesson.getByRole('button', { name: 'Next slide' }).click();
  const alerts = shownSlide(page).getByRole('alert');
  await expect(alerts.first()).toHaveText(/^Line 14: there is no key “heaps”; the keys are game, position/);
  // A position the game cannot read, and a game there is not, are named at the lesson's own line.
  await expect(alerts.nth(1)).toHaveText(/^Line 19, column 13: heap 2 /);
  await expect(alerts.nth(2)).toHaveText(/^Line 23: .*chess/);
  await page.reload();
  await expect(alerts.first()).toContainText('Line 14');
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Show as slides' })).toBeVisible();
});

test('a pasted lesson travels whole in a link, which opens it at its slide on another device', async ({ browser }) => {
  const teacher = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await teacher.newPage();
  await page.goto('lesson.html');
  const text = '# Shared\n\nA heap of 5.\n\n```grundy\ngame: nim\nposition: 5\n```\n\n## Kayles\n\n```grundy\ngame: kayles\nposition: 3 4\n```\n';
  await page.getByLabel('Or paste its Markdown:').fill(text);
  await page.getByRole('button', { name: 'Show as slides' }).click();
  await page.locator('grundy-lesson').getByRole('button', { name: 'Next slide' }).click();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied.')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/lesson\.html#lesson=[\w-]+&slide=2$/);
  const student = await browser.newContext();
  const other = await student.newPage();
  await other.goto(link);
  await expect(other.locator('grundy-lesson nav .where')).toHaveText('2 / 2');
  await expect(shownSlide(other).getByRole('heading', { name: 'Kayles' })).toBeVisible();
  await expect(shownSlide(other).locator('grundy-game grundy-rows .row')).toHaveCount(2);
  // A link cut short says so, and the page still offers every way to open a lesson.
  await other.goto(`${link.slice(0, -20)}&slide=1`);
  await expect(other.getByRole('alert')).toContainText('This link’s lesson is damaged');
  await expect(other.getByRole('button', { name: 'Show as slides' })).toBeVisible();
  await teacher.close();
  await student.close();
});

test('a lesson opens from a file, and a link that leads nowhere says so', async ({ page }) => {
  await page.goto('lesson.html');
  await page.getByLabel('From a file:').setInputFiles({
    name: 'kayles.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from('# Kayles\n\n```grundy\ngame: octal\nposition: 0.77 / 4\nmode: analyse\n```\n'),
  });
  const game = shownSlide(page).locator('grundy-game');
  await expect(game.locator('.sum')).toContainText('*1');
  await page.getByRole('link', { name: 'All lessons' }).click();
  await page.getByLabel('From a link:').fill('lessons/none.md');
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.locator('grundy-lesson').getByRole('alert')).toHaveText('The lesson at lessons/none.md could not be loaded: the server answered 404 Not Found.');
});

test('a link to a web page, or to a server that cannot be read, says what to do', async ({ page }) => {
  await page.goto('lesson.html?src=index.html');
  await expect(page.locator('grundy-lesson').getByRole('alert')).toHaveText(
    'The lesson at index.html could not be loaded: it is a web page, not a lesson: link to the Markdown file itself (on GitHub, its Raw address).',
  );
  await page.goto(`lesson.html?src=${encodeURIComponent('http://127.0.0.1:9/lesson.md')}`);
  await expect(page.locator('grundy-lesson').getByRole('alert')).toContainText(
    'could not be loaded: the browser could not fetch it. Check the address; a lesson on another site loads only if its server allows cross-origin reads',
  );
});

test('the handout prints each position with its values hidden and the answers on the last page', async ({ page }) => {
  await page.goto(NIM_LESSON);
  await page.getByRole('button', { name: 'Handout' }).click();
  const answers = page.locator('grundy-lesson .answers li');
  await expect(answers).toHaveCount(4);
  await expect(answers.nth(3)).toHaveText('Worth *13: an N-position; the player to move wins with “take 5 from heap 2, leaving 4”.');
  const pdf = await getDocument({ data: new Uint8Array(await page.pdf({ format: 'A4' })) }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  expect(pages.length).toBeGreaterThanOrEqual(3);
  const last = pages[pages.length - 1];
  expect(last).toMatch(/^Answers/);
  expect(last).toContain('Worth *2: an N-position; the player to move wins with “take 2 from heap 1, leaving 1”.');
  const before = pages.slice(0, -1).join(' ');
  expect(before).toContain('Exercise 4');
  expect(before).toContain('Who wins, and with which move? Why?');
  // No value before the answers: no nimber, no verdict, no button or link of the page.
  expect(before).not.toMatch(/\*\d|N-position;|Handout|Back to the slides|All lessons/);
  await page.getByRole('button', { name: 'Back to the slides' }).click();
  await expect(page.locator('grundy-lesson nav .where')).toHaveText('1 / 7');
});

test('a printed handout keeps each heading with what follows it and prints no control of the screen', async ({ page, request }) => {
  const markdown = await (await request.get('lessons/5-sums.md')).text();
  const headings = [...markdown.matchAll(/^#+ (.+)$/gm)].map((m) => m[1].trim());
  await page.goto('lesson.html?src=lessons%2F5-sums.md');
  await page.getByRole('button', { name: 'Handout' }).click();
  await expect(page.locator('grundy-lesson .answers li').first()).not.toHaveText('The engine is still working on this one.');
  const pdf = await getDocument({ data: new Uint8Array(await page.pdf({ format: 'A4' })) }).promise;
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' ').trim();
    for (const heading of headings) expect(text.endsWith(heading), `page ${i} ends with “${heading}”`).toBe(false);
    expect(text, `page ${i}`).not.toMatch(/Take:|Undo|New game|Presenter view|The answers page|Print/);
  }
});

test('speaker notes show in the presenter view, beside the slide shown, and never on a slide or the handout', async ({ page }) => {
  await page.goto('lesson.html');
  const lesson = [
    '# Notes',
    '',
    'Slide one for the class.',
    '',
    '```notes',
    'Ask who has played **Nim** before.',
    '```',
    '',
    '## Second',
    '',
    '```grundy',
    'game: nim',
    'position: 2 3',
    'puzzle: yes',
    '```',
  ];
  await page.getByLabel('Or paste its Markdown:').fill(lesson.join('\n'));
  await page.getByRole('button', { name: 'Show as slides' }).click();
  const deck = page.locator('grundy-lesson');
  await expect(shownSlide(page)).toContainText('Slide one for the class.');
  await expect(deck).not.toContainText('Ask who has played');
  const [presenter] = await Promise.all([page.waitForEvent('popup'), deck.getByRole('button', { name: 'Presenter view' }).click()]);
  await expect(presenter.getByLabel('Notes')).toHaveText('Ask who has played Nim before.');
  await expect(presenter.getByLabel('Notes').locator('strong')).toHaveText('Nim');
  await expect(presenter.locator('.next')).toHaveText('Next: Second');
  await expect(presenter.getByRole('timer')).toHaveText(/^0:0\d$/);
  // The presenter turns the slides; the deck follows, and the notes follow the deck.
  await presenter.getByRole('button', { name: 'Next slide' }).click();
  await expect(deck.locator('nav .where')).toHaveText('2 / 2');
  await expect(presenter.getByLabel('Notes')).toHaveText('No notes for this slide.');
  await expect(presenter.locator('.next')).toHaveText('This is the last slide.');
  await deck.getByRole('button', { name: 'Previous slide' }).click();
  await expect(presenter.getByLabel('Notes')).toContainText('Ask who has played');
  await presenter.screenshot({ path: 'tests/screenshots/lesson-presenter.png' });
  await deck.getByRole('button', { name: 'Handout' }).click();
  await expect(deck.locator('.handout')).toContainText('Slide one for the class.');
  await expect(deck.locator('.handout')).not.toContainText('Ask who has played');
  await expect(deck.locator('.answers li')).toHaveCount(1);
  // A handout for the class can leave the answers out.
  await deck.getByLabel('The answers page').uncheck();
  await expect(deck.locator('.answers')).toHaveCount(0);
  await expect(deck.locator('.handout')).not.toContainText('Answers');
});

for (const screen of [
  { width: 1920, height: 1080, least: 0.75 },
  { width: 1366, height: 768, least: 0.75 },
  { width: 1280, height: 720, least: 0.75 },
]) {
  test(`at ${screen.width}×${screen.height} the nim-sum table grows with the slide's type and nothing of it is cut off`, async ({ page }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    for (const [file, slide] of [['2-nim.md', 5], ['5-sums.md', 4]] as const) {
      await page.goto(`lesson.html?src=lessons%2F${file}#slide=${slide}`);
      const game = shownSlide(page).locator('grundy-game');
      // The steps reveal an analysis: the engine's first answer starts them again.
      await expect.poll(() => game.evaluate((g) => (g as HTMLElementTagNameMap['grundy-game']).analysis !== undefined)).toBe(true);
      for (let step = 2; step <= 4; step++) {
        await game.getByRole('button', { name: 'Next step' }).click();
        await expect(game.locator('.step')).toHaveText(new RegExp(`^${step} / 4`));
      }
      await expect(game.locator('.verdict-big')).toBeVisible();
      await page.waitForTimeout(300);
      const seen = await game.evaluate((host) => {
        const revealed = host.shadowRoot!.querySelector<HTMLElement>('.panel .revealed')!;
        const table = revealed.querySelector('nim-sum-table')!.shadowRoot!.querySelector('table')!;
        const cell = table.querySelector('td')!;
        const panel = host.shadowRoot!.querySelector('.panel')!.getBoundingClientRect();
        const box = table.getBoundingClientRect();
        return {
          type: parseFloat(getComputedStyle(cell).fontSize) * Number(getComputedStyle(revealed).zoom),
          slide: parseFloat(getComputedStyle(host).fontSize),
          inside: box.left >= panel.left - 1 && box.right <= panel.right + 1 && box.right <= window.innerWidth,
        };
      });
      expect(seen.inside, `${file}: the table within its column`).toBe(true);
      expect(seen.type, `${file}: the table's type against the slide's`).toBeGreaterThanOrEqual(screen.least * seen.slide);
    }
    if (screen.width === 1280) await page.screenshot({ path: 'tests/screenshots/lesson-sum-1280.png' });
  });
}

test('playing a move on a quiz slide never scrolls the slide', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${NIM_LESSON}#slide=3`);
  const slide = shownSlide(page);
  const game = slide.locator('grundy-game');
  const quiz = game.locator('grundy-quiz');
  const scrolled = () => page.locator('grundy-lesson').evaluate((lesson) => lesson.shadowRoot!.querySelector('.slides')!.scrollTop + window.scrollY);
  await quiz.getByRole('button', { name: /^N/ }).click();
  const before = await scrolled();
  await game.locator('grundy-heaps .heap').nth(1).locator('button.counter').nth(2).click();
  await expect(game.locator('grundy-move-list li')).toHaveCount(2);
  expect(await scrolled()).toBe(before);
  await expect(slide.locator('h2')).toBeInViewport();
});
