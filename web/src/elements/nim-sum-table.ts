import { LitElement, css, html, nothing } from 'lit';
import { valueText, type Analysis, type Component } from '../engine/model';
import { componentColour, inkOn } from './palette';
import { define } from './define';

/** Rows listed one by one; the rest of a long sum is one row of their ⊕. */
const LISTED_ROWS = 32;

/**
 * The nim-sum as it is taught: one row per component in binary, and a
 * final row that is their xor. A column with an odd number of ones gives a
 * 1 in the total. A sum of thousands of parts (a wide forest of intervals)
 * lists its first parts and folds the rest into one row, so the table stays
 * readable and quick to draw.
 */
export class NimSumTable extends LitElement {
  static properties = {
    analysis: { attribute: false },
    withoutTotal: { type: Boolean },
    selected: { type: Number },
  };

  /**
   * Its components, the ⊕ of their finite values (the total row's digits)
   * and the total as the engine writes it (`*n`, or Smith's verdict).
   */
  declare analysis: Pick<Analysis, 'components' | 'nimber' | 'total'>;
  /** Leaves out the total row and the odd columns' marks, for a reveal that shows the total later. */
  declare withoutTotal: boolean;
  /** The component being explained, or -1. */
  declare selected: number;

  constructor() {
    super();
    this.analysis = { components: [], nimber: 0, total: '*0' };
    this.withoutTotal = false;
    this.selected = -1;
  }

  private select(id: number): void {
    this.dispatchEvent(new CustomEvent('component-select', { detail: { id }, bubbles: true, composed: true }));
  }

  static styles = css`
    /* Many components or wide nimbers scroll inside the panel. */
    :host { display: block; max-width: 100%; max-height: 26rem; overflow: auto; }
    table { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: 0.9rem; }
    th, td { padding: 0.1rem 0.35rem; text-align: center; }
    th { font-weight: 600; color: var(--grundy-muted, #555); font-size: 0.75rem; }
    /* Names and nimbers stay in sight while wide binary digits scroll beneath them. */
    .label, .value { position: sticky; z-index: 1; background: var(--grundy-bg, Canvas); }
    .label { left: 0; width: 7.5rem; min-width: 7.5rem; max-width: 7.5rem; box-sizing: border-box; }
    .value { left: 7.5rem; }
    td.label { text-align: left; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    td.bit { font-family: ui-monospace, monospace; }
    td.bit.odd { font-weight: 700; }
    tr.total td { border-top: 2px solid currentColor; font-weight: 700; }
    .badge { display: inline-block; min-width: 1.8em; border-radius: 0.6em; padding: 0 0.3em; font-weight: 700; }
    caption { text-align: left; font-size: 0.8rem; color: var(--grundy-muted, #555); padding-bottom: 0.2rem; }
    td.label button { font: inherit; color: inherit; background: transparent; border: 0; padding: 0; cursor: pointer;
      text-decoration: underline dotted; max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    td.label button[aria-pressed='true'] { font-weight: 700; text-decoration: underline; }
  `;

  /**
   * A table wider than its panel starts scrolled to its right end, where
   * the low bits that decide the move are; choosing a row keeps the scroll.
   */
  protected updated(changed: Map<string, unknown>): void {
    if (changed.has('analysis')) this.scrollLeft = this.scrollWidth;
  }

  render() {
    const finite = (c: Component) => !c.loopy?.infinite;
    const { components, nimber: total } = this.analysis;
    const listed = components.slice(0, LISTED_ROWS);
    const folded = components.slice(LISTED_ROWS);
    const foldedValue = folded.filter(finite).reduce((a, c) => a ^ c.nimber, 0);
    // An ∞ value has no binary digits: Smith's rule, not the xor, takes it.
    let widest = Math.max(total, foldedValue);
    for (const c of listed) if (finite(c)) widest = Math.max(widest, c.nimber);
    const width = Math.max(1, widest.toString(2).length);
    const places = Array.from({ length: width }, (_, i) => width - 1 - i);
    const bit = (value: number, place: number) => (value >>> place) & 1;
    const oddColumn = (place: number) => !this.withoutTotal && bit(total, place) === 1;
    const bits = (value: number | undefined) =>
      places.map((p) => html`<td class="bit ${oddColumn(p) ? 'odd' : ''}">${value === undefined ? '' : bit(value, p)}</td>`);
    return html`<table>
      <caption>Nim-sum in binary (click a component to see why)</caption>
      <thead>
        <tr><th scope="col" class="label">component</th><th scope="col" class="value">nimber</th>${places.map((p) => html`<th scope="col">${2 ** p}</th>`)}</tr>
      </thead>
      <tbody>
        ${listed.map((c) => {
          const colour = componentColour(c.id);
          return html`<tr>
            <td class="label" title=${c.label}>
              <button aria-pressed=${this.selected === c.id ? 'true' : 'false'} @click=${() => this.select(c.id)}
                aria-label=${`Explain ${c.label}, ${finite(c) ? 'nimber' : 'value'} ${valueText(c)}`}>${c.label}</button>
            </td>
            <td class="value"><span class="badge" style="background:${colour};color:${inkOn(colour)}">${valueText(c)}</span></td>
            ${bits(finite(c) ? c.nimber : undefined)}
          </tr>`;
        })}
        ${folded.length > 0
          ? html`<tr class="folded">
              <td class="label">⊕ of ${folded.length} more</td>
              <td class="value">*${foldedValue}</td>
              ${bits(foldedValue)}
            </tr>`
          : nothing}
        ${this.withoutTotal
          ? nothing
          : html`<tr class="total">
              <td class="label">⊕ total</td>
              <td class="value">${this.analysis.total}</td>
              ${places.map((p) => html`<td class="bit">${bit(total, p)}</td>`)}
            </tr>`}
      </tbody>
    </table>`;
  }
}

define('nim-sum-table', NimSumTable);
