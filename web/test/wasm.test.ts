/**
 * The wasm layer as the worker uses it, loaded in Node: conversion only,
 * so these check the boundary (shapes, errors, history), not the games.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { HeapSequence, Session, games, initSync, solve } from '../src/engine/wasm';
import type { Analysis } from '../src/engine/model';
import { packedAnalysis, unpackAnalysis } from '../src/engine/packed';

beforeAll(() => {
  initSync({ module: readFileSync(new URL('../src/wasm/grundy_bg.wasm', import.meta.url)) });
});

/** The analysis as the page reads it, its moves unpacked. */
function analysisOf(session: Session): Analysis {
  return unpackAnalysis(packedAnalysis(session));
}

describe('Session', () => {
  it('analyses Nim into the shared model, with its solve time', () => {
    const session = new Session('nim', '3 4 5', 0);
    const analysis = analysisOf(session);
    expect(analysis.nimber).toBe(2);
    expect(analysis.outcome).toBe('next');
    expect(analysis.board).toEqual({ kind: 'heaps', sizes: [3, 4, 5], maxHeaps: 64 });
    expect(analysis.components.map((c) => c.nimber)).toEqual([3, 4, 5]);
    expect(analysis.moves).toHaveLength(12);
    expect(analysis.moves.all().filter((m) => m.after === 0).map((m) => m.label)).toEqual(['take 2 from heap 1, leaving 1']);
    expect(analysis.solveMs).toBeGreaterThanOrEqual(0);
  });

  it('plays, undoes and redoes', () => {
    const session = new Session('nim', '3 4 5', 0);
    const winning = analysisOf(session).moves.all().find((m) => m.after === 0)!;
    session.play(winning.id);
    expect(session.text()).toBe('1 4 5\n');
    expect(analysisOf(session).nimber).toBe(0);
    expect(session.ply()).toBe(1);
    expect(session.undo()).toBe(true);
    expect(session.text()).toBe('3 4 5\n');
    expect(session.redoStep()).toBe('move');
    expect(session.redo()).toBe(true);
    expect(session.text()).toBe('1 4 5\n');
    expect(session.redo()).toBe(false);
  });

  it('throws JS Errors that carry the core message and its place', () => {
    let caught: unknown;
    try {
      new Session('nim', '3 x 5', 0);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(Error);
    const error = caught as Error & { line: number; column: number };
    expect(error.message).toBe("line 1, column 3: heap 2 must be a whole number from 0 to 1000000, not 'x'");
    expect([error.line, error.column]).toEqual([1, 3]);
    expect(() => new Session('chess', '', 0)).toThrow(/unknown game 'chess'/);
  });

  it('keeps the position when a load fails', () => {
    const session = new Session('nim', '1 2', 0);
    expect(() => session.load('1 -', 0)).toThrow(/heap 2/);
    expect(session.text()).toBe('1 2\n');
  });

  it('applies edits and refuses ones the game does not have', () => {
    const session = new Session('nim', '1 2', 0);
    session.edit({ kind: 'setHeap', index: 2, size: 7 });
    expect(session.text()).toBe('1 2 7\n');
    expect(() => session.edit({ kind: 'paint', row: 0, col: 0, tile: '#' })).toThrow(/cannot be edited by painting/);
    expect(() => session.edit({ kind: 'nonsense' })).toThrow("there is no edit of kind 'nonsense'");
    expect(() => session.edit({ kind: 'setHeap', index: -5, size: 1 })).toThrow(
      '-5 is out of range for this edit; use a whole number from 0',
    );
    expect(() => session.edit({ kind: 'setHeap', size: 1 })).toThrow('the edit needs a value for index');
    expect(() => session.edit({ kind: 'setHeap', index: 1.5, size: 1 })).toThrow('index must be a whole number, not 1.5');
    expect(() => session.edit({ kind: 'setRule', rule: 5 })).toThrow(
      'a value of this edit has the wrong type: found the number 5 for rule, expected a string',
    );
    expect(() => session.edit({ kind: 'paint', row: 0, col: 0, tile: '##' })).toThrow('tile must be one character, not "##"');
    expect(session.text()).toBe('1 2 7\n');
  });

  it('has a deterministic optimal AI', () => {
    const session = new Session('nim', '3 4 5', 0);
    const move = session.aiMove(1, 42);
    expect(analysisOf(session).moves.at(move!)!.after).toBe(0);
    expect(session.aiMove(1, 42)).toBe(move);
  });

  it('gives one move alone as the analysis lists it', () => {
    for (const [game, text] of [['nim', '3 4 5'], ['intervals', '1\n3\n1 9\n2 3\n5 6\n'], ['darkraft', '2 3\nLRX\nXRL\n']]) {
      const session = new Session(game, text, 0);
      const moves = analysisOf(session).moves;
      expect(moves.length).toBeGreaterThan(2);
      for (const move of moves.all()) expect(session.moveInfo(move.id)).toEqual(JSON.parse(JSON.stringify(move)));
    }
  });
});

describe('games and solve', () => {
  it('lists every game with rules, format and samples', () => {
    const list = games() as { id: string; rules: string; format: string; samples: unknown[] }[];
    expect(list.map((g) => g.id)).toContain('nim');
    for (const game of list) {
      expect(game.rules.length).toBeGreaterThan(20);
      expect(game.format.length).toBeGreaterThan(10);
      expect(game.samples.length).toBeGreaterThan(0);
    }
  });

  it('answers contest inputs exactly as the CLI does', () => {
    expect(solve('nim', '3 4 5\n')).toBe('First\n');
    expect(solve('nim', '1 2 3\n')).toBe('Second\n');
  });

  it('decides each part of a sum as it decides the game alone, or refuses it with an ordinary error', () => {
    // Each of these once trapped or took seconds and gigabytes.
    expect(solve('sum', '--- wythoff\n1000000000 1000000000\n')).toBe('First\n');
    expect(solve('sum', '--- wythoff\n3 5\n--- wythoff\n5000 5000\n')).toBe('First\n');
    expect(solve('sum', '--- digraph\n2 1\n0 0\n1\n0\n--- nim\n1000000\n')).toBe('Draw\n');
    expect(() => solve('sum', '--- nim\n3\n--- wythoff\n1000000000 1000000000\n')).toThrow(
      /^in the wythoff game starting on line 3: too large to solve exactly/,
    );
    // The engine is still whole after a refusal.
    expect(solve('nim', '3 4 5\n')).toBe('First\n');
  });
});

describe('the boundary refuses what is not an argument', () => {
  it('gives a TypeError for a wrong type, and keeps working after hundreds of them', () => {
    for (let i = 0; i < 1000; i++) {
      expect(() => solve('nim' as string, 5 as unknown as string)).toThrow(TypeError);
      expect(() => new Session(7 as unknown as string, '3', 0)).toThrow(TypeError);
    }
    expect(() => solve('nim', 5 as unknown as string)).toThrow('the input must be a string, not the number 5');
    expect(solve('nim', '3 4 5\n')).toBe('First\n');
  });

  it('refuses every move id that is not a move of this position, naming it', () => {
    const session = new Session('nim', '1 2', 0);
    for (const id of [NaN, 2 ** 32, 1e300, -1, 3, 0.5, Infinity]) {
      expect(() => session.play(id)).toThrow(/^there is no move .* here; the moves are 0 to 2$/);
    }
    expect(() => session.play(-1)).toThrow('there is no move the number -1 here');
    expect(() => session.play('abc' as unknown as number)).toThrow(TypeError);
    for (const id of [-1, 3, 0.5]) expect(() => session.moveInfo(id)).toThrow(/^there is no move .* here/);
    expect(session.text()).toBe('1 2\n');
    session.play(0);
    expect(session.text()).toBe('0 2\n');
  });

  it('caps the depth of a game tree instead of overflowing the stack', () => {
    const session = new Session('nim', '3 4 5', 0);
    expect(() => session.tree(3300, 2000)).toThrow('a game tree goes at most 8 moves deep, not 3300');
    expect(() => session.tree(3, 20)).toThrow(/too large to expand/);
    expect((session.tree(1, 2000) as { children: unknown[] }).children).toHaveLength(12);
  });

  it('caps what a game tree may hold, so no budget can hold the engine for minutes', () => {
    const session = new Session('nim', '100 100 100', 0);
    expect(() => session.tree(8, 2 ** 32 - 1)).toThrow('a game tree holds at most 20000 positions, so its budget cannot be 4294967295');
    expect(() => session.tree(2, 20_000)).toThrow(/too large to expand/);
  });

  it('refuses a random position whose density is not from 0 to 1', () => {
    const session = new Session('nim', '3 4 5', 0);
    for (const density of [-5, 1.5]) {
      expect(() => session.edit({ kind: 'random', seed: 1, density })).toThrow(`density is from 0 to 1, not ${density}`);
    }
    expect(session.text()).toBe('3 4 5\n');
    session.edit({ kind: 'random', seed: 1, density: 1 });
    expect(session.text()).not.toBe('3 4 5\n');
  });

  it('refuses text over the size limit by its length', () => {
    const huge = '1 '.repeat(5 * 2 ** 20);
    expect(() => solve('nim', huge)).toThrow(/limit is 8388608 bytes/);
    const session = new Session('nim', '3', 0);
    expect(() => session.load(huge, 0)).toThrow(/limit is 8388608 bytes/);
    expect(session.text()).toBe('3\n');
  });

  it('says an object was freed when a method is called after free(), and free() twice is harmless', () => {
    const session = new Session('nim', '3 4 5', 0);
    session.free();
    expect(() => session.text()).toThrow('Session.text: this Session was freed (free() was called); create a new one');
    expect(() => session.play(0)).toThrow(/Session.play: this Session was freed/);
    expect(() => session.free()).not.toThrow();
    const sequence = new HeapSequence('0.77');
    sequence.free();
    expect(() => sequence.extend(10)).toThrow(/HeapSequence.extend: this HeapSequence was freed/);
    expect(new Session('nim', '1 2', 0).text()).toBe('1 2\n');
  });
});

/** A small deterministic generator, so a failing run can be replayed. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

describe('a seeded fuzz of the wasm API', () => {
  const strange: unknown[] = [undefined, null, NaN, -1, 2 ** 32, 1e300, 'abc', '', {}, [], true, 0.5, -0, Symbol('s'), 10n];

  it('answers after thousands of random operations with random arguments', () => {
    const random = generator(2024);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const list = games() as { id: string; samples: { input: string }[] }[];
    let operations = 0;
    for (const game of list) {
      const session = new Session(game.id, game.samples[0].input, 0);
      for (let step = 0; step < 400; step++) {
        const moves = analysisOf(session).moves.length;
        const arg = random() < 0.3 ? pick(strange) : undefined;
        const call = (): unknown => {
          switch (Math.floor(random() * 9)) {
            case 0:
              return session.play(arg ?? Math.floor(random() * (moves + 2)));
            case 1:
              return session.undo();
            case 2:
              return session.redo();
            case 3:
              return session.edit(arg ?? { kind: 'random', seed: Math.floor(random() * 1e9), density: random() });
            case 4:
              return session.load(arg ?? pick(game.samples).input, 0);
            case 5:
              return session.tree(arg ?? Math.floor(random() * 3), 200);
            case 6:
              return session.aiMove(arg ?? random(), Math.floor(random() * 1e6));
            case 7:
              return session.edit({ kind: pick(['paint', 'setHeap', 'setText', 'resize', 'setSpan']), row: arg, index: arg, text: arg });
            default:
              return session.load(session.text().slice(0, Math.floor(random() * 40)) + pick(['x', '-', '9', '\n', ' ']), 0);
          }
        };
        try {
          call();
        } catch (error) {
          // Refusals are expected; a trap would surface as a RuntimeError.
          expect(error).not.toBeInstanceOf(WebAssembly.RuntimeError);
        }
        operations++;
        // The session still answers, and its text reads back.
        const text = session.text();
        expect(new Session(game.id, text, 0).text()).toBe(text);
      }
    }
    expect(operations).toBe(list.length * 400);
    expect(solve('nim', '3 4 5\n')).toBe('First\n');
  });
});
