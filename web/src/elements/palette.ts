/**
 * Component colours: the Okabe–Ito palette, distinguishable with the common
 * forms of colour blindness. A component keeps its colour by id.
 */

const COLOURS = ['#E69F00', '#56B4E9', '#009E73', '#F0E442', '#0072B2', '#D55E00', '#CC79A7', '#8C8C8C'];

export function componentColour(id: number): string {
  return COLOURS[id % COLOURS.length];
}

/**
 * Whether a colour of red, green and blue (0–255) is dark: its relative
 * luminance (WCAG) is at most that of mid grey, so white reads better on it.
 */
export function isDark(red: number, green: number, blue: number): boolean {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue) <= 0.18;
}

/** Black or white, whichever reads better on `background` (#rrggbb). */
export function inkOn(background: string): string {
  const channel = (offset: number) => parseInt(background.slice(offset, offset + 2), 16);
  return isDark(channel(1), channel(3), channel(5)) ? '#fff' : '#111';
}
