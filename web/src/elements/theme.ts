/**
 * Light and dark: the colours of `<grundy-game>` and `<grundy-lesson>`, and
 * which of the two an element shows. `theme="auto"` follows the host page's
 * `color-scheme` (its root's CSS property, else its `<meta
 * name="color-scheme">`) where it names one; else the background the
 * element sits on; and on a transparent page, the reader's system.
 * `light` and `dark` fix it.
 */
import { css, unsafeCSS, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { isDark } from './palette';

export const THEMES = ['auto', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export type Scheme = 'light' | 'dark';

/**
 * Each colour property's light and dark value. The `--grundy-*` ones are
 * the element's public palette; the tiles' and coins' are the grid's own.
 */
const PALETTE: Record<string, [light: string, dark: string]> = {
  '--grundy-bg': ['#ffffff', '#16181d'],
  '--grundy-surface': ['#f6f7f9', '#20242b'],
  '--grundy-ink': ['#1b1d21', '#e8eaef'],
  '--grundy-muted': ['#5b6270', '#a3aab8'],
  '--grundy-border': ['#c9ced6', '#3a404b'],
  '--grundy-accent': ['#0b57d0', '#8ab4f8'],
  '--grundy-win': ['#117733', '#44bb77'],
  '--grundy-last': ['#c2410c', '#fb923c'],
  '--grundy-lose': ['#aa3377', '#ee7799'],
  '--grundy-draw': ['#b45309', '#f59e0b'],
  '--grundy-error': ['#a0153e', '#f87194'],
  '--grundy-focus': ['#0b57d0', '#8ab4f8'],
  '--tile-open': ['#f3f1ea', '#2b2e35'],
  '--tile-hot': ['#3b3b3b', '#0c0c0c'],
  '--tile-wall': ['#5a5a66', '#6e7280'],
  '--tile-exit': ['#cfe8d6', '#1f4d33'],
  '--coin-heads': ['#e3b341', '#b8892a'],
  '--coin-tails': ['#c9ced6', '#5b616b'],
};

/** Each colour property's value in `scheme`. */
export function palette(scheme: Scheme): Record<string, string> {
  return Object.fromEntries(Object.entries(PALETTE).map(([name, values]) => [name, values[scheme === 'light' ? 0 : 1]]));
}

/** The palette of one scheme, as declarations. */
const declarations = (scheme: 0 | 1) => unsafeCSS(Object.entries(PALETTE).map(([name, values]) => `${name}: ${values[scheme]};`).join(' '));

/**
 * Both palettes, on the host: a page's own `--grundy-*` rules on the
 * element win over them, as outer styles win over `:host`. The text
 * properties a page's styles pass down into every element (a blog's line
 * height, justification, spacing or `white-space`) start afresh here.
 */
export const themeStyles = css`
  :host {
    line-height: normal;
    letter-spacing: normal;
    word-spacing: normal;
    text-align: start;
    text-indent: 0;
    text-transform: none;
    white-space: normal;
    word-break: normal;
    font-style: normal;
    font-weight: normal;
    color-scheme: light;
    ${declarations(0)}
  }
  :host(:state(dark)) {
    color-scheme: dark;
    ${declarations(1)}
  }
`;

/** The colour properties a page may set, which an element holding games hands on to them. */
export const COLOUR_PROPERTIES = Object.keys(PALETTE).filter((name) => name.startsWith('--grundy-'));

/** The scheme a `color-scheme` value asks for, if it names only one. */
function named(value: string | null | undefined): Scheme | undefined {
  const words = (value ?? '').split(/\s+/);
  const [light, dark] = [words.includes('light'), words.includes('dark')];
  return light === dark ? undefined : dark ? 'dark' : 'light';
}

const systemDark = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined;

/** The element `element` sits in: its parent, or across a shadow root its host. */
function container(element: Element): Element | undefined {
  return element.parentElement ?? ((element.getRootNode() as ShadowRoot).host as Element | undefined);
}

let swatch: CanvasRenderingContext2D | null | undefined;

/** A CSS colour as red, green, blue (0–255) and alpha (0–1), whatever syntax it is written in. */
function rgba(colour: string): [number, number, number, number] | undefined {
  const plain = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(colour);
  if (plain) {
    const alpha = plain[4] === undefined ? 1 : plain[4].endsWith('%') ? Number.parseFloat(plain[4]) / 100 : Number(plain[4]);
    return [Number(plain[1]), Number(plain[2]), Number(plain[3]), alpha];
  }
  // Another syntax (oklch(), color(), …): a canvas converts it.
  swatch ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!swatch) return undefined;
  swatch.clearRect(0, 0, 1, 1);
  swatch.fillStyle = colour;
  swatch.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = swatch.getImageData(0, 0, 1, 1).data;
  return [r, g, b, a / 255];
}

/**
 * The scheme the background behind `element` calls for: the first
 * ancestor with a background mostly opaque, dark where `isDark` says
 * so; none where every background up to the root is
 * transparent.
 */
function backgroundScheme(element: Element): Scheme | undefined {
  for (let around = container(element); around; around = container(around)) {
    const colour = rgba(getComputedStyle(around).backgroundColor);
    if (colour && colour[3] >= 0.5) return isDark(colour[0], colour[1], colour[2]) ? 'dark' : 'light';
  }
  return undefined;
}

/**
 * The scheme `element` shows under `theme`, from what surrounds it: the
 * page's `color-scheme` where it names one; else the page's background
 * behind the element (a blog that switches its theme by a class or a
 * `data-theme` switches its background, whether or not it says so in
 * `color-scheme`); else, on a transparent page, the reader's system.
 */
export function schemeFor(element: Element, theme: string): Scheme {
  if (theme === 'light' || theme === 'dark') return theme;
  const around = container(element) ?? document.documentElement;
  const property = getComputedStyle(around).colorScheme;
  const page = property && property !== 'normal' ? named(property) : named(document.querySelector<HTMLMetaElement>('meta[name="color-scheme"]')?.content);
  return page ?? backgroundScheme(element) ?? (systemDark?.matches ? 'dark' : 'light');
}

/** Every themed element on the page, told when the system's or the page's scheme may have changed. */
const watching = new Set<ThemeController>();
let pageObserver: MutationObserver | undefined;

function watch(controller: ThemeController): void {
  watching.add(controller);
  if (pageObserver) return;
  const recheck = () => {
    for (const each of watching) each.apply();
  };
  systemDark?.addEventListener('change', recheck);
  // A page switches its own theme by a class, a data attribute or a style on <html> or <body>, or by its meta tag.
  pageObserver = new MutationObserver(recheck);
  for (const root of [document.documentElement, document.body, document.head]) {
    if (root) pageObserver.observe(root, { attributes: true, attributeFilter: ['class', 'style', 'data-theme', 'content'], subtree: root === document.head });
  }
}

/** Marks its host `:state(dark)` when its theme resolves to dark, and keeps it so as the page changes. */
export class ThemeController implements ReactiveController {
  private readonly internals: ElementInternals;
  /** The theme last applied, so that a render that leaves it alone costs no style lookup. */
  private applied?: string;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly theme: () => string,
  ) {
    this.internals = host.attachInternals();
    host.addController(this);
  }

  hostConnected(): void {
    watch(this);
    this.apply();
  }

  hostDisconnected(): void {
    watching.delete(this);
  }

  hostUpdated(): void {
    if (this.theme() !== this.applied) this.apply();
  }

  /** Sets the host's state to the scheme it should show now. */
  apply(): void {
    this.applied = this.theme();
    const dark = schemeFor(this.host, this.applied) === 'dark';
    if (dark !== this.internals.states.has('dark')) {
      if (dark) this.internals.states.add('dark');
      else this.internals.states.delete('dark');
    }
  }
}
