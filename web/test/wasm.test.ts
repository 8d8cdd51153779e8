/**
 * The wasm layer as the worker uses it, loaded in Node: conversion only,
 * so these check the boundary (shapes, errors, history), not the games.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Session, games, initSync, solve } from '../src/wasm/grundy.js';
import type { Analysis } from '../src/engine/model';

beforeAll(() => {
  initSync({ module: readFileSync(new URL('../src/wasm/grundy_bg.wasm', import.meta.url)) });
});

describe('Session', () => {
  it('analyses Nim into the shared model, with its solve time', () => {
    const session = new Session('nim', '3 4 5');
    const analysis = session.analysis() as Analysis;
    expect(analysis.nimber).toBe(2);
    expect(analysis.outcome).toBe('next');
    expect(analysis.board).toEqual({ kind: 'heaps', sizes: [3, 4, 5] });
    expect(analysis.components.map((c) => c.nimber)).toEqual([3, 4, 5]);
    expect(analysis.moves).toHaveLength(12);
    expect(analysis.moves.filter((m) => m.after === 0).map((m) => m.label)).toEqual(['take 2 from heap 1, leaving 1']);
    expect(analysis.solveMs).toBeGreaterThanOrEqual(0);
  });

  it('plays, undoes and redoes', () => {
    const session = new Session('nim', '3 4 5');
    const winning = (session.analysis() as Analysis).moves.find((m) => m.after === 0)!;
    session.play(winning.id);
    expect(session.text()).toBe('1 4 5\n');
    expect((session.analysis() as Analysis).nimber).toBe(0);
    expect(session.ply()).toBe(1);
    expect(session.undo()).toBe(true);
    expect(session.text()).toBe('3 4 5\n');
    expect(session.canRedo()).toBe(true);
    expect(session.redo()).toBe(true);
    expect(session.text()).toBe('1 4 5\n');
    expect(session.redo()).toBe(false);
  });

  it('throws JS Errors that carry the core message and its place', () => {
    let caught: unknown;
    try {
      new Session('nim', '3 x 5');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(Error);
    const error = caught as Error & { line: number; column: number };
    expect(error.message).toBe("line 1, column 3: heap 2 must be a whole number from 0 to 1000000, not 'x'");
    expect([error.line, error.column]).toEqual([1, 3]);
    expect(() => new Session('chess', '')).toThrow(/unknown game 'chess'/);
  });

  it('keeps the position when a load fails', () => {
    const session = new Session('nim', '1 2');
    expect(() => session.load('1 -', 0)).toThrow(/heap 2/);
    expect(session.text()).toBe('1 2\n');
  });

  it('applies edits and refuses ones the game does not have', () => {
    const session = new Session('nim', '1 2');
    session.edit({ kind: 'setHeap', index: 2, size: 7 });
    expect(session.text()).toBe('1 2 7\n');
    expect(() => session.edit({ kind: 'paint', row: 0, col: 0, tile: '#' })).toThrow(/cannot be edited by painting/);
    expect(() => session.edit({ kind: 'nonsense' })).toThrow(/not an edit/);
  });

  it('has a deterministic optimal AI', () => {
    const session = new Session('nim', '3 4 5');
    const move = session.aiMove(1, 42);
    expect((session.analysis() as Analysis).moves[move!].after).toBe(0);
    expect(session.aiMove(1, 42)).toBe(move);
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
});
