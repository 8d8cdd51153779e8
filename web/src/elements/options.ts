/**
 * Reading `<grundy-game>` attributes, which come from whoever wrote the
 * page: anything unexpected falls back to a safe default.
 */

import { THEMES } from './theme';

/** The values of each `<grundy-game>` attribute that takes one of a few words. */
export const CHOICES = {
  mode: ['edit', 'play', 'analyse'],
  first: ['human', 'ai'],
  opponent: ['ai', 'human'],
  play: ['normal', 'misere'],
  values: ['shown', 'hidden'],
  controls: ['full', 'play', 'none'],
  solution: ['shown', 'hidden'],
  theme: THEMES,
  // Empty (the attribute alone) asks for the position given; these two for one of the puzzle bank's.
  puzzle: ['daily', 'random'],
} as const;

type Choices = typeof CHOICES;
export type Mode = Choices['mode'][number];
export type Side = Choices['first'][number];
export type Opponent = Choices['opponent'][number];
export type Play = Choices['play'][number];
export type Values = Choices['values'][number];
export type Controls = Choices['controls'][number];
export type Solution = Choices['solution'][number];
/** Which puzzle: `''` the position given, `daily` the day's, `random` one of the game's. */
export type PuzzleSource = '' | Choices['puzzle'][number];

const LEVELS: Record<string, number> = { optimal: 1, strong: 0.85, casual: 0.5, random: 0 };

/**
 * The attributes that decide what a reader may see or which game is
 * played. A word they do not take could show the values a page meant to
 * hide, or mark answers under the wrong play, so it is never replaced by
 * a default: the element shows only its refusal.
 */
const GUARDS = ['values', 'controls', 'play', 'solution', 'puzzle'] as const satisfies readonly (keyof Choices)[];

type Given = Partial<Record<keyof Choices | 'level', unknown>>;

// Empty is unset: the default, as for a missing attribute.
const unset = (value: unknown) => value === undefined || value === null || value === '';

/** Why the element shows nothing but its error: each guarding attribute given a word it does not take. */
export function attributeRefusals(given: Given): string[] {
  return GUARDS.filter((name) => !unset(given[name]) && !takes(name, given[name])).map(
    (name) => `${name}="${String(given[name])}" is not one of ${listed(name)}: this game shows once it is`,
  );
}

/** The words `name` takes, as a sentence lists them. */
function listed(name: keyof Choices): string {
  return name === 'puzzle' ? `${CHOICES.puzzle.join(', ')} or empty (the position given)` : CHOICES[name].join(', ');
}

/**
 * What is wrong with the other attributes a page gave, one sentence each:
 * a word not among an attribute's values, or a level that is neither
 * named nor a number from 0 to 1. Each is ignored, and its default used.
 */
export function attributeProblems(given: Given): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(CHOICES) as (keyof Choices)[]) {
    const value = given[name];
    if (unset(value) || takes(name, value) || (GUARDS as readonly string[]).includes(name)) continue;
    problems.push(`${name}="${String(value)}" is not one of ${listed(name)}; the default is used`);
  }
  const level = given.level;
  const number = Number(level);
  if (!unset(level) && !(typeof level === 'string' && level in LEVELS) && !(number >= 0 && number <= 1)) {
    // A number past either end is read as that end, which is the default only at 1.
    const used = readLevel(level);
    const outcome = used === LEVELS.optimal ? 'the default is used' : `${used} is used`;
    problems.push(`level="${String(level)}" is not one of ${Object.keys(LEVELS).join(', ')} or a number from 0 to 1; ${outcome}`);
  }
  return problems;
}

/**
 * The longest hash an address keeps; a longer position is left out of it.
 * Chromium drops an address over 2 MiB when the page reloads, and well
 * before that each new address costs the page time: 11 ms for 256 000
 * characters, 137 ms for 1.6 million, at every edit.
 */
export const MAX_HASH_LENGTH = 256_000;

/** Whether the attribute `name` takes `value`. */
function takes<K extends keyof Choices>(name: K, value: unknown): value is Choices[K][number] {
  return (CHOICES[name] as readonly unknown[]).includes(value);
}

/** `value` where the attribute `name` takes it, else `fallback`. */
export function readChoice<K extends keyof Choices>(name: K, value: unknown, fallback: Choices[K][number]): Choices[K][number] {
  return takes(name, value) ? value : fallback;
}

export function readMode(value: unknown): Mode {
  return readChoice('mode', value, 'play');
}

export function readSide(value: unknown): Side {
  return readChoice('first', value, 'human');
}

export function readOpponent(value: unknown): Opponent {
  return readChoice('opponent', value, 'ai');
}

/** Whether values show: as asked, else shown, except that a puzzle hides them. */
export function readValues(value: unknown, puzzle: boolean): Values {
  return readChoice('values', value, puzzle ? 'hidden' : 'shown');
}

/** The computer's skill: 1 optimal, 0 random; named levels accepted too. */
export function readLevel(value: unknown): number {
  if (typeof value === 'string' && value in LEVELS) return LEVELS[value];
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? Math.min(1, Math.max(0, number)) : 1;
}

/** The game id, position and play kept in a URL hash such as `#game=nim&position=3+4+5&play=misere`. */
export interface HashState {
  game?: string;
  position?: string;
  /** Present only for misère play. */
  play?: 'misere';
  /** The position was too long for the address: its history entry keeps it. */
  kept?: true;
}

export function readHash(hash: string): HashState {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return {
    game: params.get('game') ?? undefined,
    position: params.get('position') ?? undefined,
    play: params.get('play') === 'misere' ? 'misere' : undefined,
    kept: params.get('kept') === 'tab' ? true : undefined,
  };
}

/**
 * The hash of `state`. A position that would take it past `MAX_HASH_LENGTH`
 * is left out and `kept=tab` says the tab keeps it instead; `kept` says
 * whether that happened.
 */
export function writeHash(state: HashState): { hash: string; kept: boolean } {
  const params = new URLSearchParams();
  if (state.game) params.set('game', state.game);
  // Encoding never shortens a text, so one too long already is not encoded:
  // for 100 000 intervals that is 1.6 million characters at every edit.
  if (state.position !== undefined && state.position.length < MAX_HASH_LENGTH) params.set('position', state.position);
  if (state.play) params.set('play', state.play);
  const whole = params.toString();
  if (state.position === undefined || (params.has('position') && whole.length < MAX_HASH_LENGTH)) {
    return { hash: `#${whole}`, kept: false };
  }
  params.delete('position');
  params.set('kept', 'tab');
  return { hash: `#${params.toString()}`, kept: true };
}
