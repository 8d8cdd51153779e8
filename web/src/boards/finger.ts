import { unsafeCSS } from 'lit';

/**
 * What a finger gets that a pointer does not, as custom properties the
 * boards read: taller counters in short heaps, and buttons as large as a
 * fingertip. A coarse pointer sets them on each board; the embed builder
 * sets them on its copy in a phone's column, so that it measures the
 * height the game takes on a phone.
 */
export const FINGER = { '--full-counter': '2rem', '--finger-target': '2.5rem' } as const;

/** `FINGER` as declarations, for a style attribute or a rule. */
export const fingerDeclarations = Object.entries(FINGER)
  .map(([name, value]) => `${name}: ${value};`)
  .join(' ');

/** A board's rule that gives a coarse pointer `FINGER`. */
export const fingerStyles = unsafeCSS(`@media (pointer: coarse) { :host { ${fingerDeclarations} } }`);

/** Whether `board` is under a finger, or measured as if: whether `FINGER` reaches it. */
export function underFinger(board: Element): boolean {
  return getComputedStyle(board).getPropertyValue('--finger-target') !== '';
}
