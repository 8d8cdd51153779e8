/**
 * Arrow-key movement within a group that is one Tab stop (a roving
 * tabindex): the index a key leads to, or undefined for any other key.
 * ArrowRight and ArrowDown go forward (ArrowUp instead where the items are
 * stacked bottom first), Home and End go to the ends; past an end the index
 * wraps round with `wrap`, and is undefined without.
 */
export function roveIndex(key: string, at: number, count: number, { wrap = false, stackedUp = false } = {}): number | undefined {
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  const up = stackedUp ? 1 : -1;
  const steps: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowUp: up, ArrowDown: -up };
  if (!(key in steps)) return undefined;
  const to = at + steps[key];
  if (wrap) return (to + count) % count;
  return to >= 0 && to < count ? to : undefined;
}
