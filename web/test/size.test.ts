/**
 * What a reader's browser downloads for the engine: the .wasm the
 * playground, the embed and the npm package ship.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * 361 KB, in the thousands of bytes that download sizes are quoted in: a
 * game costs 7 to 12 KB gzipped (its rules, its analysis and the session
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
 * 1 KB more, to 361 KB). The build
 * writes source paths from fixed roots, so the size does not depend on
 * where the checkout lies.
 */
const MAX_GZIPPED_BYTES = 362_000;

describe('the engine .wasm', () => {
  const wasm = readFileSync(new URL('../src/wasm/grundy_bg.wasm', import.meta.url));

  it(`is at most ${MAX_GZIPPED_BYTES / 1000} KB gzipped`, () => {
    expect(gzipSync(wasm, { level: 9 }).length).toBeLessThanOrEqual(MAX_GZIPPED_BYTES);
  });

  it('leaves the benchmark cases to the benchmark page’s own build', async () => {
    const exports = WebAssembly.Module.exports(await WebAssembly.compile(wasm)).map((e) => e.name);
    expect(exports).toContain('session_analysis');
    expect(exports).not.toContain('benchCases');
    const bench = readFileSync(new URL('../src/wasm-bench/grundy-bench_bg.wasm', import.meta.url));
    const benchExports = WebAssembly.Module.exports(await WebAssembly.compile(bench)).map((e) => e.name);
    expect(benchExports).toContain('benchCases');
  });
});
