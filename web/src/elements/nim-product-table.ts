import { LitElement, css, html, nothing } from 'lit';
import type { Analysis, NimProducts } from '../engine/model';
import { componentColour } from './palette';
import { define } from './define';

/** A product picked in the table: row x, column y. */
type Cell = [x: number, y: number];

/**
 * Nim multiplication, the way the mex explainer explains a nimber: the
 * table of x ⊗ y from the engine, the heads coins' products ringed in their
 * parts' colours, and for a picked product the box of options its
 * definition takes, (a ⊗ y) ⊕ (x ⊗ b) ⊕ (a ⊗ b) over a < x, b < y, with the
 * values they reach and the smallest they miss.
 */
export class NimProductTable extends LitElement {
  static properties = { analysis: { attribute: false }, picked: { state: true } };
  declare analysis: Analysis;
  declare private picked: Cell | undefined;

  static styles = css`
    :host { display: block; font-size: 0.85rem; }
    p { margin: 0.3rem 0; }
    .scroll { max-width: 100%; overflow-x: auto; }
    table { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: 0.7rem; }
    th { font-weight: 600; color: var(--grundy-muted, #555); padding: 0 0.1rem; }
    td { padding: 0; text-align: center; }
    td button { font: inherit; width: 1.1rem; height: 1.3rem; padding: 0; border: 1px solid transparent; border-radius: 0.2rem;
      background: transparent; color: inherit; cursor: pointer; }
    td.box button { background: color-mix(in srgb, var(--grundy-accent, #0b57d0) 18%, transparent); }
    td.edge button { background: color-mix(in srgb, var(--grundy-accent, #0b57d0) 9%, transparent); }
    td.coin button { border: 2px solid var(--coin-ring); font-weight: 700; }
    td button[aria-pressed='true'] { background: var(--grundy-accent, #0b57d0); color: #fff; font-weight: 700; }
    td button:focus-visible { outline: 2px solid var(--grundy-focus, #0b57d0); outline-offset: 1px; }
    @media (pointer: coarse) { td button { width: 1.2rem; height: 1.7rem; } }
    .reached { line-height: 1.9; }
    .mex { display: inline-block; border: 2px solid var(--grundy-win, #117733); border-radius: 50%; padding: 0 0.35rem; font-weight: 700; }
  `;

  /** Each heads coin inside the table, with its part's colour. */
  private coins(side: number): Map<string, string> {
    const coins = new Map<string, string>();
    for (const part of this.analysis.components) {
      if (part.region.kind !== 'cells') continue;
      for (const [x, y] of part.region.cells) if (x < side && y < side) coins.set(`${x},${y}`, componentColour(part.id));
    }
    return coins;
  }

  render() {
    const table = this.analysis?.nimProducts;
    if (!table) return nothing;
    const { side } = table;
    const coins = this.coins(side);
    const first = this.analysis.components.find((c) => c.region.kind === 'cells')?.region;
    const picked = this.picked ?? (first?.kind === 'cells' && first.cells[0][0] < side && first.cells[0][1] < side ? first.cells[0] : [2, 3]);
    const [px, py] = picked;
    const indices = Array.from({ length: side }, (_, i) => i);
    const place = (x: number, y: number) =>
      x === px && y === py ? '' : x <= px && y <= py ? (x < px && y < py ? 'box' : 'edge') : '';
    return html`
      <p>Row x, column y holds x ⊗ y, the value of a heads coin at (x, y). Pick a product to see why.</p>
      <div class="scroll">
        <table>
          <thead><tr><th scope="col">⊗</th>${indices.map((y) => html`<th scope="col">${y}</th>`)}</tr></thead>
          <tbody>
            ${indices.map((x) => html`<tr><th scope="row">${x}</th>${indices.map((y) => {
              const value = table.products[x * side + y];
              const ring = coins.get(`${x},${y}`);
              return html`<td class="${place(x, y)} ${ring ? 'coin' : ''}" style=${ring ? `--coin-ring:${ring}` : ''}>
                <button aria-pressed=${x === px && y === py ? 'true' : 'false'} aria-label=${`${x} ⊗ ${y} = ${value}${ring ? ', a heads coin' : ''}`}
                  @click=${() => (this.picked = [x, y])}>${value}</button></td>`;
            })}</tr>`)}
          </tbody>
        </table>
      </div>
      ${this.renderWhy(table, px, py)}
    `;
  }

  /** Why x ⊗ y is what it is: the mex of what its options reach. */
  private renderWhy(table: NimProducts, x: number, y: number) {
    const at = (a: number, b: number) => table.products[a * table.side + b];
    const value = at(x, y);
    if (x === 0 || y === 0) {
      return html`<p aria-live="polite"><strong>${x} ⊗ ${y} = 0</strong>: there is no ${x === 0 ? 'a < 0' : 'b < 0'} to choose, and the mex of nothing is 0.
        A heads coin on row 0 or column 0 has no rectangle to turn.</p>`;
    }
    const mask = table.reached[x * table.side + y];
    const reached = Array.from({ length: 32 }, (_, v) => v).filter((v) => mask & (1 << v));
    const [a, b] = [x - 1, y - 1];
    return html`<div aria-live="polite">
      <p><strong>${x} ⊗ ${y} = ${value}</strong> is the mex of (a ⊗ ${y}) ⊕ (${x} ⊗ b) ⊕ (a ⊗ b) over the ${x * y}
        choice${x * y === 1 ? '' : 's'} of a < ${x}, b < ${y}: the shaded box and its edges. These are the corners a move from a
        heads coin at (${x}, ${y}) turns.</p>
      <p>For example a = ${a}, b = ${b}: ${at(a, y)} ⊕ ${at(x, b)} ⊕ ${at(a, b)} = ${at(a, y) ^ at(x, b) ^ at(a, b)}.</p>
      <p class="reached">They reach { ${reached.join(', ')} }; the smallest value missing is <span class="mex">${value}</span>.</p>
    </div>`;
  }
}

define('nim-product-table', NimProductTable);

declare global {
  interface HTMLElementTagNameMap {
    'nim-product-table': NimProductTable;
  }
}
