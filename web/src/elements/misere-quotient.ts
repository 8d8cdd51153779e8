import { LitElement, css, html, nothing } from 'lit';
import { winningMoves, type Analysis, type MisereReport, type QuotientSummary } from '../engine/model';
import { componentColour, inkOn } from './palette';
import { sentence } from './sentence';
import { define } from './define';

/** The largest table shown open; larger ones open on request. */
const OPEN_TABLE = 12;

/**
 * Why a misère position is won or lost when the engine decided it by the
 * game's misère quotient: what replaces the xor, each heap's element, the
 * position's product and the move that lands in the P-portion, and the
 * multiplication table when the quotient is small enough to show.
 */
export class MisereQuotient extends LitElement {
  static properties = { analysis: { attribute: false } };
  declare analysis: Analysis;

  static styles = css`
    :host { display: block; font-size: 0.85rem; }
    p { margin: 0.35rem 0; }
    .element { font-family: var(--grundy-mono, ui-monospace, monospace); font-weight: 700; }
    .lost { color: var(--grundy-lose, #a0153e); }
    .product { line-height: 2; }
    .part { border-radius: 0.4em; padding: 0.05em 0.35em; font-weight: 700; white-space: nowrap; }
    .scroll { max-width: 100%; overflow-x: auto; }
    table { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: 0.7rem; }
    th, td { padding: 0.05rem 0.15rem; text-align: center; border: 1px solid var(--grundy-border, #ccc); }
    th { font-weight: 600; color: var(--grundy-muted, #555); }
    td.in-p { background: color-mix(in srgb, var(--grundy-lose, #a0153e) 16%, transparent); font-weight: 700; }
    th.here { outline: 2px solid var(--grundy-accent, #0b57d0); }
    ul { margin: 0.2rem 0; padding-left: 1.2rem; }
    summary { cursor: pointer; font-weight: 600; }
  `;

  render() {
    const report = this.analysis?.misere;
    const quotient = report?.quotient;
    if (!report || !quotient || report.element === undefined) return nothing;
    const word = (e: number) => quotient.elements[e];
    const inP = new Set(quotient.pPortion);
    const lost = inP.has(report.element);
    return html`
      <p>Under misère play the nimbers no longer add up to the outcome. What does instead is the
        <strong>misère quotient</strong> (Plambeck and Siegel): positions that no sum can tell apart form one element,
        elements multiply as positions add, and a position is lost for the player to move exactly when its element is in
        the <strong>P-portion</strong>. For ${quotient.rule} with heaps of up to ${quotient.maxHeap} there are
        ${quotient.size} elements, written as words in the generators ${this.generators(quotient)}.</p>
      <p class="product">This position:
        ${this.analysis.components.map((c, i) => {
          const colour = componentColour(c.id);
          return html`${i > 0 ? ' · ' : ''}<span class="part" style="background:${colour};color:${inkOn(colour)}"
            >${c.label}: ${word(report.parts[i])}</span>`;
        })}
        = <span class="element ${lost ? 'lost' : ''}">${word(report.element)}</span>,
        ${lost ? 'in the P-portion: the player to move loses.' : 'not in the P-portion: the player to move wins.'}</p>
      ${lost ? nothing : this.renderWinning(report, word)}
      <p>P-portion: ${quotient.pPortion.map((e) => html`<span class="element">${word(e)}</span> `)}</p>
      ${quotient.table ? this.renderTable(quotient, report.element, inP) : html`<p>The table has
        ${quotient.size} × ${quotient.size} products, too many to show here; <code>grundy quotient ${quotient.rule}
        --max-heap ${quotient.maxHeap} --json</code> prints it.</p>`}
      <p class="how">${sentence(quotient.status)}.</p>
    `;
  }

  /** Each generator letter and the heap it stands for. */
  private generators(quotient: QuotientSummary) {
    return quotient.generators.map((heap, i) => html`${i > 0 ? ', ' : ''}<span class="element">${quotient.elements[quotient.heaps[heap]]}</span> (a heap of ${heap})`);
  }

  /** The moves that land in the P-portion, with the element each leaves. */
  private renderWinning(report: MisereReport, word: (e: number) => string) {
    const winning = winningMoves(this.analysis);
    const shown = winning.slice(0, 6);
    return html`<p>A winning move leaves an element of the P-portion:</p>
      <ul>${shown.map((m) => html`<li>${m.label} → <span class="element lost">${word(report.afters[m.id])}</span></li>`)}</ul>
      ${winning.length > shown.length ? html`<p>… and ${winning.length - shown.length} more.</p>` : nothing}`;
  }

  /** Every product, the P-portion's cells shaded and this position's row ringed. */
  private renderTable(quotient: QuotientSummary, here: number, inP: Set<number>) {
    const table = quotient.table ?? [];
    const indices = quotient.elements.map((_, i) => i);
    return html`<details ?open=${quotient.size <= OPEN_TABLE}><summary>Multiplication table, ${quotient.size} × ${quotient.size}</summary>
      <p>Shaded: products in the P-portion; ringed: this position.</p>
      <div class="scroll"><table>
        <thead><tr><th scope="col">·</th>${indices.map((b) => html`<th scope="col" class=${b === here ? 'here' : ''}>${quotient.elements[b]}</th>`)}</tr></thead>
        <tbody>${indices.map((a) => html`<tr><th scope="row" class=${a === here ? 'here' : ''}>${quotient.elements[a]}</th>
          ${indices.map((b) => {
            const product = table[a][b];
            return html`<td class=${inP.has(product) ? 'in-p' : ''}>${quotient.elements[product]}</td>`;
          })}</tr>`)}</tbody>
      </table></div></details>`;
  }
}

define('misere-quotient', MisereQuotient);

declare global {
  interface HTMLElementTagNameMap {
    'misere-quotient': MisereQuotient;
  }
}
