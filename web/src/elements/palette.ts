/**
 * Component colours: the Okabe–Ito palette, distinguishable with the common
 * forms of colour blindness. A component keeps its colour by id.
 */

const COLOURS = ['#E69F00', '#56B4E9', '#009E73', '#F0E442', '#0072B2', '#D55E00', '#CC79A7', '#8C8C8C'];

export function componentColour(id: number): string {
  return COLOURS[id % COLOURS.length];
}

/** Black or white, whichever reads better on `background` (#rrggbb). */
export function inkOn(background: string): string {
  const channel = (offset: number) => {
    const value = parseInt(background.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.18 ? '#111' : '#fff';
}
