import type { GrundyGame } from './grundy-game';
import { readOpponent, readSide, type Opponent, type Side, type Values } from './options';

/**
 * The play options a person sets in the playground's toolbar. The
 * playground keeps them in local storage and gives them to every game, so
 * that a reload (or another game) plays as the person last chose.
 */
export interface Preferences {
  opponent: Opponent;
  first: Side;
  level: string;
  hints: boolean;
  /** Empty where nothing was chosen: the game's own default then. */
  values: Values | '';
}

/** The attributes of `<grundy-game>` that hold the preferences. */
export const PREFERENCE_ATTRIBUTES: (keyof Preferences)[] = ['opponent', 'first', 'level', 'hints', 'values'];

const STORAGE_KEY = 'grundy-playground-preferences';

/** The attributes' own defaults: what a game plays with when nothing was set or kept. */
export const DEFAULT_PREFERENCES: Preferences = { opponent: 'ai', first: 'human', level: 'optimal', hints: false, values: '' };

/** The kept preferences; anything missing or of the wrong kind takes its default. */
export function loadPreferences(): Preferences {
  let kept: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    if (parsed && typeof parsed === 'object') kept = parsed as Record<string, unknown>;
  } catch {
    // Storage refused or unreadable: the defaults.
  }
  const text = (key: keyof Preferences) => (typeof kept[key] === 'string' ? (kept[key] as string) : (DEFAULT_PREFERENCES[key] as string));
  return {
    opponent: readOpponent(text('opponent')),
    first: readSide(text('first')),
    level: text('level'),
    hints: typeof kept.hints === 'boolean' ? kept.hints : DEFAULT_PREFERENCES.hints,
    values: kept.values === 'shown' || kept.values === 'hidden' ? kept.values : '',
  };
}

/** Keeps `preferences`; a browser that refuses storage keeps them for this page only. */
export function savePreferences(preferences: Preferences): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(preferences));
  } catch {
    // Private windows may refuse storage: the page still follows them.
  }
}

/** The preferences a game plays with now. */
export function preferencesOf(game: GrundyGame): Preferences {
  const { opponent, first, level, hints, values } = game;
  return { opponent, first, level, hints, values };
}

export function samePreferences(a: Preferences, b: Preferences): boolean {
  return PREFERENCE_ATTRIBUTES.every((key) => a[key] === b[key]);
}
