import type { Region } from './model';

/** Whether a region holds the cell (or counter) at `row`, `col`. */
export function regionHas(region: Region, row: number, col: number): boolean {
  switch (region.kind) {
    case 'cells':
      return region.cells.some(([r, c]) => r === row && c === col);
    case 'rect':
      return row >= region.row && row < region.row + region.rows && col >= region.col && col < region.col + region.cols;
    case 'span':
      return col >= region.first && col <= region.last;
    case 'items':
      return region.items.includes(row);
    case 'segments':
    case 'chain':
      return false;
  }
}

/** The `"row,col"` keys of every cell a grid-like region covers. */
export function regionKeys(region: Region): Set<string> {
  const keys = new Set<string>();
  if (region.kind === 'cells') for (const [r, c] of region.cells) keys.add(`${r},${c}`);
  if (region.kind === 'rect')
    for (let r = region.row; r < region.row + region.rows; r++)
      for (let c = region.col; c < region.col + region.cols; c++) keys.add(`${r},${c}`);
  return keys;
}
