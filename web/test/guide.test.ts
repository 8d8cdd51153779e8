import { mkdtempSync, readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHAPTERS, GUIDE_DIR, brokenLinks, renderGuide, slug } from '../../scripts/guide.mjs';

describe('the guide', () => {
  it('has no link to a missing page, heading or file', () => {
    expect(brokenLinks(renderGuide())).toEqual([]);
  });

  it('builds every page in docs/guide/ as a chapter', () => {
    const pages = readdirSync(GUIDE_DIR).filter((f) => f.endsWith('.md')).map((f) => f.replace(/\.md$/, ''));
    expect(pages.sort()).toEqual(CHAPTERS.map(([name]) => name).sort());
  });

  it('reports a link to a missing heading or page', () => {
    const dir = mkdtempSync(join(tmpdir(), 'guide-'));
    for (const [name] of CHAPTERS) writeFileSync(join(dir, `${name}.md`), `# ${name}\n\n## Only here\n\n## Misère play\n`);
    writeFileSync(join(dir, 'index.md'), '# Home\n\n[ok](playing.md#only-here) [accented](playing.md#misère-play) [gone](playing.md#elsewhere) [none](nowhere.md) [local](#home)\n');
    expect(brokenLinks(renderGuide(dir), dir)).toEqual([
      'index.md: playing.md#elsewhere: playing.md has no heading #elsewhere',
      'index.md: nowhere.md: there is no such page or file',
    ]);
  });

  it('makes anchors as GitHub does', () => {
    expect(slug('Teach a class')).toBe('teach-a-class');
    expect(slug('`grundy serve`: the contract')).toBe('grundy-serve-the-contract');
    expect(slug('Misère quotients')).toBe('misère-quotients');
  });
});

describe('the README', () => {
  it('links only to files that exist', () => {
    const readme = join(GUIDE_DIR, '../../README.md');
    const links = [...readFileSync(readme, 'utf8').matchAll(/\]\(([^)#]+)(#[^)]*)?\)/g)].map((m) => m[1]).filter((l) => !/^[a-z]+:/i.test(l));
    expect(links.length).toBeGreaterThan(5);
    expect(links.filter((link) => !existsSync(join(dirname(readme), link)))).toEqual([]);
  });
});
