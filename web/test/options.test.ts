import { describe, expect, it } from 'vitest';
import { MAX_HASH_LENGTH, attributeProblems, attributeRefusals, readHash, readLevel, readMode, readOpponent, readSide, readValues, writeHash } from '../src/elements/options';

describe('attribute parsing', () => {
  it('falls back to safe defaults on anything unexpected', () => {
    expect(readMode('edit')).toBe('edit');
    expect(readMode('<script>')).toBe('play');
    expect(readSide('ai')).toBe('ai');
    expect(readSide(undefined)).toBe('human');
    expect(readOpponent('human')).toBe('human');
    expect(readOpponent('robot')).toBe('ai');
  });

  it('shows values unless asked not to, and hides them in a puzzle unless asked to show them', () => {
    expect(readValues(undefined, false)).toBe('shown');
    expect(readValues('hidden', false)).toBe('hidden');
    expect(readValues('nonsense', false)).toBe('shown');
    expect(readValues(undefined, true)).toBe('hidden');
    expect(readValues('shown', true)).toBe('shown');
  });

  it('reads levels by name or number, clamped to 0..1', () => {
    expect(readLevel('optimal')).toBe(1);
    expect(readLevel('random')).toBe(0);
    expect(readLevel('0.3')).toBeCloseTo(0.3);
    expect(readLevel('7')).toBe(1);
    expect(readLevel('-2')).toBe(0);
    expect(readLevel('nonsense')).toBe(1);
  });
});

describe('attribute checking', () => {
  it('names each word an attribute does not take, and a level out of range, and nothing else', () => {
    expect(attributeProblems({ mode: 'analyse', controls: 'none', values: '', theme: 'dark', level: '0.5', play: 'misere' })).toEqual([]);
    expect(attributeProblems({ level: 'strong' })).toEqual([]);
    expect(attributeProblems({ mode: 'plya', theme: 'night', level: '2' })).toEqual([
      'mode="plya" is not one of edit, play, analyse; the default is used',
      'theme="night" is not one of auto, light, dark; the default is used',
      'level="2" is not one of optimal, strong, casual, random or a number from 0 to 1; the default is used',
    ]);
    // Below 0 a level is read as 0, not as the default, and says so.
    expect(attributeProblems({ level: '-1' })).toEqual(['level="-1" is not one of optimal, strong, casual, random or a number from 0 to 1; 0 is used']);
  });

  it('refuses, never defaults, a word the attributes that guard values and play do not take', () => {
    expect(attributeRefusals({ values: 'hidden', controls: 'play', play: 'misere', solution: 'hidden', mode: 'plya' })).toEqual([]);
    // The attribute alone asks for a puzzle of the position given.
    for (const puzzle of ['', 'daily', 'random', null]) expect(attributeRefusals({ puzzle })).toEqual([]);
    const given = { values: 'hiden', controls: 'compact', play: 'misère play', solution: 'no', puzzle: 'dialy' };
    expect(attributeRefusals(given)).toEqual([
      'values="hiden" is not one of shown, hidden: this game shows once it is',
      'controls="compact" is not one of full, play, none: this game shows once it is',
      'play="misère play" is not one of normal, misere: this game shows once it is',
      'solution="no" is not one of shown, hidden: this game shows once it is',
      'puzzle="dialy" is not one of daily, random or empty (the position given): this game shows once it is',
    ]);
    // They are refused, so they are not also noted as defaulted.
    expect(attributeProblems(given)).toEqual([]);
  });
});

describe('the URL hash', () => {
  it('round-trips a game and a multi-line position', () => {
    const state = { game: 'bacterial-tactics', position: '1\n2 2\n..\n.#\n' };
    expect(readHash(writeHash(state).hash)).toEqual(state);
  });

  it('leaves out a position too long for an address, saying the tab keeps it', () => {
    const line = '-2147483648 2147483648\n';
    const fits = { game: 'intervals', position: line.repeat(9_000) };
    expect(readHash(writeHash(fits).hash)).toEqual(fits);
    expect(writeHash(fits).kept).toBe(false);
    // Short enough as text, too long once encoded.
    const encodedTooLong = { game: 'intervals', position: line.repeat(11_000) };
    expect(encodedTooLong.position.length).toBeLessThan(MAX_HASH_LENGTH);
    expect(writeHash(encodedTooLong)).toEqual({ hash: '#game=intervals&kept=tab', kept: true });
    const long = { game: 'intervals', position: line.repeat(100_000), play: 'misere' as const };
    const { hash, kept } = writeHash(long);
    expect(kept).toBe(true);
    expect(hash.length).toBeLessThan(MAX_HASH_LENGTH);
    expect(readHash(hash)).toEqual({ game: 'intervals', position: undefined, play: 'misere', kept: true });
  });

  it('reads an empty hash as nothing chosen', () => {
    expect(readHash('')).toEqual({ game: undefined, position: undefined });
  });
});
