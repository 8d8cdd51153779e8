import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gameMarkup, locateInLesson, parseLesson, readBlock } from '../src/lessons/lesson';

const lesson = `# Nim

Heaps of counters.

---

Take any number from one heap.

\`\`\`grundy
game: nim
position: 3 4 5
reveal: steps
\`\`\`

## Misère

\`\`\`grundy
game: octal
position: 0.77 / 3 4
play: misere
quiz: yes
\`\`\`
`;

describe('a lesson', () => {
  it('is cut into slides at each --- and each first- or second-level heading', () => {
    const { title, slides } = parseLesson(lesson);
    expect(title).toBe('Nim');
    expect(slides.map((s) => s.title)).toEqual(['Nim', 'Take any number from one heap.', 'Misère']);
    expect(slides.map((s) => s.blocks.length)).toEqual([0, 1, 1]);
    expect(slides[1].html).toContain('<div class="block" data-block="0"></div>');
  });

  it('reads each block into the game it opens', () => {
    const [, nim, kayles] = parseLesson(lesson).slides;
    expect(nim.blocks[0]).toMatchObject({ ok: true, game: 'nim', position: '3 4 5\n', settings: { reveal: 'steps' } });
    expect(kayles.blocks[0]).toMatchObject({ ok: true, game: 'octal', position: '0.77\n3 4\n', settings: { play: 'misere', quiz: 'yes' } });
    const markup = gameMarkup(kayles.blocks[0] as never);
    expect(markup).toBe('<grundy-game game="octal" position="0.77\n3 4\n" play="misere" quiz></grundy-game>');
    expect(gameMarkup(nim.blocks[0] as never)).toContain(' presenting>');
  });

  it('takes kayles, dawsons-kayles and dawsons-chess as names of their octal codes', () => {
    expect(readBlock('game: kayles\nposition: 3 4', 1)).toMatchObject({ ok: true, game: 'octal', position: '0.77\n3 4\n' });
    expect(readBlock('game: dawsons-kayles\nposition: 5', 1)).toMatchObject({ ok: true, game: 'octal', position: '0.07\n5\n' });
    expect(readBlock('game: dawsons-chess\nposition: 5', 1)).toMatchObject({ ok: true, game: 'octal', position: '0.137\n5\n' });
  });

  it('takes a position of several lines indented under "position:"', () => {
    const block = readBlock('game: sum\nposition:\n  --- nim\n  3\n  --- octal\n  0.77\n  5\nmode: analyse\n', 10);
    expect(block).toMatchObject({ ok: true, game: 'sum', position: '--- nim\n3\n--- octal\n0.77\n5\n', settings: { mode: 'analyse' } });
  });

  it('locates a position\'s errors at the lesson\'s line and column, in every way a position is written', () => {
    const located = (text: string, error: { message: string; line?: number; column?: number }) => {
      const block = readBlock(text, 10);
      if (!block.ok) throw new Error(block.error);
      return locateInLesson(block.source, error);
    };
    const bad = { message: 'line 2, column 3: heap 2 must be a whole number', line: 2, column: 3 };
    // Lines 10 and 11 of the lesson: "game: nim", then "position:  1 2 / 3 x".
    expect(located('game: nim\nposition:  1 2 / 3 x\n', { ...bad, column: 3 })).toBe('Line 11, column 20: heap 2 must be a whole number');
    expect(located('game: nim\nposition:\n  1\n  3 x\n', bad)).toBe('Line 13, column 5: heap 2 must be a whole number');
    // A named octal game's code stands on the game's line.
    expect(located('mode: play\ngame: kayles\nposition: 3 x\n', bad)).toBe('Line 12, column 13: heap 2 must be a whole number');
    expect(located('game: nmi\nposition: 3\n', { message: 'there is no game “nmi”' })).toBe('Line 10: there is no game “nmi”');
  });

  it('says which line of the lesson is wrong, and how', () => {
    expect(readBlock('game: nim\nposiiton: 3\n', 7)).toEqual({ ok: false, error: expect.stringMatching(/^Line 8: there is no key “posiiton”; the keys are game, position, mode/) });
    expect(readBlock('game: nim\nplay: loser\n', 7)).toEqual({ ok: false, error: 'Line 8: play is “normal” or “misere”, not “loser”' });
    expect(readBlock('position: 3\n', 3)).toEqual({ ok: false, error: 'Line 3: a grundy block needs a “game:” line (nim, octal, sum, …)' });
    expect(readBlock('game nim\n', 3)).toEqual({ ok: false, error: 'Line 3: expected key: value, as in “game: nim”, not “game nim”' });
    expect(readBlock('game: nim\ngame: octal\n', 3)).toEqual({ ok: false, error: 'Line 4: “game” is set twice' });
    expect(readBlock('game: nim\ntimer: 0\n', 3)).toEqual({
      ok: false,
      error: 'Line 4: timer is the seconds a quiz question stays open, a whole number from 1 to 600, not “0”',
    });
    const [slide] = parseLesson('Text\n\n```grundy\ngame: nim\nmode: fly\n```\n').slides;
    expect(slide.blocks[0]).toEqual({ ok: false, error: 'Line 5: mode is “play” or “analyse” or “edit”, not “fly”' });
  });

  it('never lets the text of a lesson become markup', () => {
    const [slide] = parseLesson('<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n[link](javascript:alert(1))\n').slides;
    expect(slide.html).not.toMatch(/<script|<img|href="javascript/);
    expect(slide.html).toContain('&lt;script&gt;');
    const block = readBlock('game: nim"><script>alert(1)</script>\nposition: 1 & 2 "x"\n', 1);
    const markup = gameMarkup(block as never);
    expect(markup).not.toContain('<script');
    expect(markup).toContain('position="1 &amp; 2 &quot;x&quot;\n"');
  });

  it('reads Windows line endings and an empty text', () => {
    expect(parseLesson('# A\r\n\r\n```grundy\r\ngame: nim\r\nposition: 1\r\n```\r\n').slides[0].blocks[0]).toMatchObject({ ok: true, game: 'nim', position: '1\n', settings: {} });
    expect(parseLesson('').slides).toHaveLength(1);
  });
});

describe('the lessons the playground ships', () => {
  const folder = new URL('../../public/lessons/', import.meta.url);
  const files = readdirSync(folder).filter((name) => name.endsWith('.md'));

  it('are seven, each with slides and every block well formed', () => {
    expect(files).toHaveLength(7);
    for (const file of files) {
      const { slides } = parseLesson(readFileSync(new URL(file, folder), 'utf8'));
      expect(slides.length, file).toBeGreaterThan(4);
      const blocks = slides.flatMap((s) => s.blocks);
      expect(blocks.length, file).toBeGreaterThan(2);
      for (const block of blocks) expect(block, file).toMatchObject({ ok: true });
    }
  });
});
