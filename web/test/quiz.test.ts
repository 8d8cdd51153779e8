/**
 * Which questions the quiz asks over a whole game: with two teams taking
 * turns, each meets every kind of question the positions allow, "which
 * move wins?" included.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Session, initSync } from '../src/engine/wasm';
import { packedAnalysis, unpackAnalysis } from '../src/engine/packed';
import { questionFor } from '../src/elements/quiz-questions';
import type { Question } from '../src/elements/quiz-questions';

beforeAll(() => {
  initSync({ module: readFileSync(new URL('../src/wasm/grundy_bg.wasm', import.meta.url)) });
});

/** A seeded generator of numbers from 0 to 1. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('the quiz over a two-team game', () => {
  it('asks each team every kind of question its positions allow, "which move wins?" included', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const next = random(seed);
      const session = new Session('nim', '10 13 17 20 24', 0);
      const asked: Set<Question['kind']>[] = [new Set(), new Set()];
      const allowed: Set<Question['kind']>[] = [new Set(), new Set()];
      const count = [0, 0];
      for (let ply = 0; ; ply++) {
        const analysis = unpackAnalysis(packedAnalysis(session));
        const moves = analysis.moves.all();
        if (moves.length === 0) break;
        const team = ply % 2;
        const question = questionFor(analysis, count[team]++);
        expect(question, `seed ${seed}, ply ${ply}`).toBeDefined();
        asked[team].add(question!.kind);
        for (const kind of ['outcome', 'total', analysis.components.length > 1 ? 'nimber' : 'outcome'] as const) allowed[team].add(kind);
        if (analysis.verdict === 'next') allowed[team].add('move');
        // A class plays well: mostly the winning move, where there is one.
        const winning = moves.filter((m) => m.after === 0);
        const move = winning.length && next() < 0.9 ? winning[0] : moves[Math.floor(next() * moves.length)];
        session.play(move.id);
      }
      for (const team of [0, 1]) {
        expect(count[team], `seed ${seed}, team ${team + 1}`).toBeGreaterThanOrEqual(6);
        expect(asked[team], `seed ${seed}, team ${team + 1}`).toEqual(allowed[team]);
      }
      session.free();
    }
  });
});
