/**
 * How each game's grid tiles look: presentation only. What a tile means for
 * play is the core's business; this table just says how to draw it and
 * which tiles a person may paint.
 */

export interface TileLook {
  /** What a screen reader says, and the tooltip. */
  name: string;
  fill: string;
  /** Diagonal strokes for World of Darkraft's wave directions. */
  strokes?: ('rising' | 'falling')[];
  /** A short mark drawn in the cell. */
  mark?: string;
  /** Drawn faded: no longer in play. */
  faded?: boolean;
}

export interface GridLook {
  tiles: Record<string, TileLook>;
  /** Tiles offered in edit mode, in palette order, with keyboard keys 1, 2, … */
  paint: string[];
  /** Named numbers of the position that edit mode lets a person set. */
  numbers: string[];
}

const COLONY = '#0072B2';

const colony = (name: string, fill: string, mark: string): TileLook => ({ name, fill, mark });

const letters = (faded: boolean): Record<string, TileLook> => ({
  [faded ? 'l' : 'L']: { name: faded ? 'inactive L' : 'L: waves down-left and up-right', fill: 'var(--tile-open)', strokes: ['rising'], faded },
  [faded ? 'r' : 'R']: { name: faded ? 'inactive R' : 'R: waves up-left and down-right', fill: 'var(--tile-open)', strokes: ['falling'], faded },
  [faded ? 'x' : 'X']: { name: faded ? 'inactive X' : 'X: waves on both diagonals', fill: 'var(--tile-open)', strokes: ['rising', 'falling'], faded },
});

export const GRID_LOOKS: Record<string, GridLook> = {
  'bacterial-tactics': {
    tiles: {
      '.': { name: 'empty', fill: 'var(--tile-open)' },
      '#': { name: 'radioactive', fill: 'var(--tile-hot)', mark: '☢' },
      '-': colony('colony spreading west–east', COLONY, '↔'),
      '|': colony('colony spreading north–south', COLONY, '↕'),
    },
    paint: ['.', '#'],
    numbers: [],
  },
  darkraft: { tiles: { ...letters(false), ...letters(true) }, paint: ['L', 'R', 'X'], numbers: [] },
  'board-escape': {
    tiles: {
      '.': { name: 'open', fill: 'var(--tile-open)' },
      '#': { name: 'wall', fill: 'var(--tile-wall)' },
      E: { name: 'exit', fill: 'var(--tile-exit)', mark: '⇲' },
      T: { name: 'token', fill: 'var(--tile-open)' },
    },
    paint: ['.', '#', 'E', 'T'],
    numbers: ['k'],
  },
};

const FALLBACK: GridLook = { tiles: {}, paint: [], numbers: [] };

export function gridLook(game: string): GridLook {
  return GRID_LOOKS[game] ?? FALLBACK;
}
