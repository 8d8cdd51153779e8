import { describe, expect, it } from 'vitest';
import { roveIndex } from '../src/elements/rove';

describe('roveIndex', () => {
  it('steps in reading order and stops at the ends', () => {
    expect(roveIndex('ArrowRight', 0, 3)).toBe(1);
    expect(roveIndex('ArrowDown', 1, 3)).toBe(2);
    expect(roveIndex('ArrowLeft', 0, 3)).toBeUndefined();
    expect(roveIndex('ArrowRight', 2, 3)).toBeUndefined();
    expect(roveIndex('Home', 2, 3)).toBe(0);
    expect(roveIndex('End', 0, 3)).toBe(2);
    expect(roveIndex('Enter', 1, 3)).toBeUndefined();
  });

  it('turns ArrowUp forward for items stacked bottom first', () => {
    expect(roveIndex('ArrowUp', 0, 3, { stackedUp: true })).toBe(1);
    expect(roveIndex('ArrowDown', 1, 3, { stackedUp: true })).toBe(0);
  });

  it('wraps round past either end when asked', () => {
    expect(roveIndex('ArrowRight', 2, 3, { wrap: true })).toBe(0);
    expect(roveIndex('ArrowLeft', 0, 3, { wrap: true })).toBe(2);
  });
});
