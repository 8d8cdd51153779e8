/**
 * The heap boards draw what the analysis says and assume no game: a heap's
 * badge is its own component's nimber, and a game whose heaps are not
 * independent parts (one component over all of them, as in Moore's Nim)
 * gets no badge on any heap. Drawn by Lit's server rendering, as the
 * picture is.
 */
import '../src/picture/server-shim';
import { render } from '@lit-labs/ssr';
import { collectResultSync } from '@lit-labs/ssr/lib/render-result.js';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderBoard } from '../src/boards/index';
import type { Analysis } from '../src/engine/model';
import { analyse as analysisOf, loadEngine } from '../src/picture/picture';

beforeAll(() => {
  loadEngine(readFileSync(new URL('../src/wasm/grundy_bg.wasm', import.meta.url)));
});

/** The board's markup, with the nimbers its badges show. */
function drawn(game: string, analysis: Analysis): { markup: string; badges: string[] } {
  const rendered = collectResultSync(render(renderBoard({ game, analysis, editing: false, interactive: true, hints: false, preview: -1 })));
  // Without the comments Lit marks its parts with.
  const markup = rendered.replace(/<!--[\s\S]*?-->/g, '');
  return { markup, badges: [...markup.matchAll(/class="badge"[^>]*>\*(\d+)</g)].map((match) => match[1]) };
}

/** The analysis with one component over every heap: the heaps are not independent parts. */
function asOnePart(analysis: Analysis, heaps: number): Analysis {
  const items = Array.from({ length: heaps }, (_, heap) => heap);
  return { ...analysis, components: [{ id: 0, region: { kind: 'items', items }, nimber: 6, label: 'the heaps' }] };
}

describe('heap boards', () => {
  it("badge each heap with its own component's nimber", () => {
    expect(drawn('nim', analysisOf('nim', '3 4')).badges).toEqual(['3', '4']);
    expect(drawn('octal', analysisOf('octal', '0.77\n3 4')).badges).toEqual(['3', '1']);
  });

  it('badge no heap where the heaps are one part, and never fall back to a heap\'s size', () => {
    for (const [game, text] of [
      ['nim', '3 4'],
      ['octal', '0.77\n3 4'],
    ]) {
      const { markup, badges } = drawn(game, asOnePart(analysisOf(game, text), 2));
      expect(badges, game).toEqual([]);
      expect(markup, game).not.toMatch(/nimber \*[34]\b/);
    }
  });
});
