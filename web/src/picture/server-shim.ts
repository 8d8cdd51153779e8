/**
 * What the boards ask of a browser beyond Lit's own DOM shim, for drawing
 * them in Node: a picture has no layout to watch and no page style to read,
 * so a board sees the defaults it starts with in a browser.
 */

class UnobservedResize {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

const unstyled = { getPropertyValue: () => '', fontSize: '16px' };

Object.assign(globalThis, {
  ResizeObserver: (globalThis as { ResizeObserver?: unknown }).ResizeObserver ?? UnobservedResize,
  getComputedStyle: (globalThis as { getComputedStyle?: unknown }).getComputedStyle ?? (() => unstyled),
});
