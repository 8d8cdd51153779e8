/**
 * What a reader's browser downloads for the engine: the .wasm files the
 * playground, the embed and the npm package ship, and the sizes the
 * Embedding chapter states for them.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { FAMILY_OF } from '../src/engine/engine-types';

/*
 * The whole engine's figure, in the thousands of bytes that download sizes
 * are quoted in, has grown with it: a game costs 7 to 12 KB gzipped (its rules, its analysis and the session
 * and search made for it; the five placement games, with their own
 * solvers, took 55 KB together, from 228 KB to 283 KB; misère quotients,
 * their construction and proof, 28 KB more, to 312 KB; a misère search
 * that walks each game's own positions, about fifty times faster than
 * walking sessions through their analyses, a walk and a key per game, 23 KB
 * more, to 335 KB; the Cram search made once for regions of one, two and
 * four words, four times faster on boards of four rows, 4 KB more, to
 * 345 KB; sequences held in one byte a value while their values allow,
 * which halves the memory of 0.161 and 0.167, 1 KB more, to 351 KB; two
 * splits that leave m and m − 1 counters read in one pass, 9 % faster on
 * 0.167, 1 KB more, to 352 KB; quotient candidates mended at their least
 * wrong position, which takes 0.07 from heap 24 to heap 32 and leaves the
 * new-generator candidates nothing to find, so that they are gone, 2 KB
 * more, to 354 KB; a quotient check that steps 64 triples at once, which
 * takes 0.35 from heap 12 to heap 34, 1 KB more, to 355 KB; a misère
 * search that tries normal play's winning moves first where each part's
 * nimber is known, which reaches 11–28 % fewer positions and answers
 * misère Nim 1000 1000, and the keys of eight more games' searches
 * written as words rather than text, 1.6 to 7 times faster, 2 KB more, to
 * 357 KB; a sum decided from each part's value by Smith's rule, so that no
 * part past its limits is tabled or listed (a far Wythoff queen, a loop
 * beside a heap of 10⁶), and misère Kayles on graphs whose parts each end
 * in one move answered at once, 3 KB more, to 360 KB; each box of a drawn
 * game tree written as its position's text, and Kayles' rows called rows,
 * 1 KB more, to 361 KB; the registry's families, to 362 KB; a misère
 * quotient grown within the budget of the search it saves, 1 KB more, to
 * 363 KB; overlay lines in whole thousandths of a cell, which leave no
 * float formatting in the engine (13 KB of each family's engine), and the
 * quotients of Kayles, 0.75, Dawson's Kayles and Dawson's chess shipped as
 * data (10 KB), to 365 KB; Cram's bridges, free-cornered squares and
 * neighbour groups, 3 KB, and the plain mex pass's xors sixteen at a time,
 * 1 KB, to 369 KB; each heap's value by the method its cost chooses, the
 * plain pass's stores in vector registers, 1 KB, to 370 KB; the key each
 * move leaves, found without an analysis, so that a server checks a move
 * on a sum in milliseconds, 3 KB, to 373 KB; edits read by the names of
 * every kind, with those names listed for a kind that does not exist, to
 * 374 KB). The build
 * writes source paths from fixed roots, so the sizes do not depend on
 * where the checkout lies.
 */

/** The Embedding chapter's table of engines: each file with its gzipped size in KB. */
function statedSizes(): Map<string, number> {
  const guide = readFileSync(new URL('../../docs/guide/embedding.md', import.meta.url), 'utf8');
  const rows = [...guide.matchAll(/^\| `([\w-]+\.wasm)` \|.*\| (\d+) KB \|$/gm)];
  return new Map(rows.map(([, file, size]) => [file, Number(size)]));
}

function engine(file: string): Buffer {
  return readFileSync(new URL(`../src/wasm/${file}`, import.meta.url));
}

const FAMILIES = [...new Set(Object.values(FAMILY_OF))];

describe('the engines', () => {
  const stated = statedSizes();

  it('are each stated in the guide: the whole one, one per family, and the misère take-and-break one', () => {
    const builds = ['grundy_bg.wasm', 'grundy-take-and-break-misere.wasm', ...FAMILIES.map((family) => `grundy-${family}.wasm`)];
    expect([...stated.keys()].sort()).toEqual(builds.sort());
  });

  // A figure stays true both ways: a larger engine raises it, a smaller one lowers it.
  for (const [file, size] of statedSizes()) {
    it(`${file} is ${size} KB gzipped, as stated, to within 3 KB`, () => {
      const gzipped = gzipSync(engine(file), { level: 9 }).length;
      expect(gzipped).toBeLessThanOrEqual(size * 1000);
      expect(gzipped).toBeGreaterThan((size - 3) * 1000);
    });
  }

  it('keeps a Nim or a Kayles embed’s engine within 120 KB gzipped', () => {
    expect(stated.get(`grundy-${FAMILY_OF.nim}.wasm`)).toBeLessThanOrEqual(120);
    expect(stated.get(`grundy-${FAMILY_OF.octal}.wasm`)).toBeLessThanOrEqual(120);
  });

  /** The engine `file` through the one glue. */
  async function loaded(file: string) {
    vi.resetModules();
    const glue = await import('../src/wasm/grundy.js');
    glue.initSync({ module: engine(file) });
    return glue;
  }

  for (const [family, file] of [...FAMILIES.map((family) => [family, `grundy-${family}.wasm`]), ['take-and-break', 'grundy-take-and-break-misere.wasm']]) {
    it(`${file} holds the ${family} games and no other, through the one glue`, async () => {
      const held = ((await loaded(file)).games() as { id: string }[]).map((game) => game.id);
      const members = Object.entries(FAMILY_OF).filter(([, of]) => of === family).map(([id]) => id);
      expect(held).toEqual([...members, 'sum']);
    });
  }

  // Dawson's Kayles with heaps of 33, 32 and 31: its shipped quotient decides it, where a
  // search of 40 000 000 positions would not.
  for (const [file, quotient] of [
    ['grundy-take-and-break-misere.wasm', true],
    ['grundy-take-and-break.wasm', false],
  ] as const) {
    it(`${file} ${quotient ? 'answers misère play by quotients' : 'leaves misère quotients to the misère engine'}`, async () => {
      const glue = await loaded(file);
      const session = new glue.Session('octal', '0.07\n33 32 31\n', 0);
      session.setConvention('misere');
      const misere = (session.analysis() as { misere?: { quotient?: { maxHeap: number } } }).misere;
      expect(misere?.quotient?.maxHeap).toBe(quotient ? 33 : undefined);
      session.free();
    });
  }

  it('leaves the benchmark cases to the benchmark page’s own build', async () => {
    const exports = WebAssembly.Module.exports(await WebAssembly.compile(new Uint8Array(engine('grundy_bg.wasm')))).map((e) => e.name);
    expect(exports).toContain('session_analysis');
    expect(exports).not.toContain('benchCases');
    const bench = readFileSync(new URL('../src/wasm-bench/grundy-bench_bg.wasm', import.meta.url));
    const benchExports = WebAssembly.Module.exports(await WebAssembly.compile(bench)).map((e) => e.name);
    expect(benchExports).toContain('benchCases');
  });
});
