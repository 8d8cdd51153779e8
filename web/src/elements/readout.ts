import { LitElement, css, html, nothing } from 'lit';
import { afterText, isWinning, sumExpression, valueText, winningMoves, type Analysis, type MisereReport, type TreeNode } from '../engine/model';
import { componentColour, inkOn } from './palette';
import { sentence } from './sentence';
import './nim-sum-table';
import './mex-explainer';
import './game-tree';
import './tree-drawing';
import './nim-disguise';
import './nim-product-table';
import './misere-quotient';
import { define } from './define';

/** Terms of the total shown before the rest fold behind a button. */
const MAX_TERMS = 12;


function formatMs(ms: number): string {
  return ms < 1 ? `${ms.toFixed(2)} ms` : `${ms.toFixed(1)} ms`;
}

function selectComponent(from: HTMLElement, id: number): void {
  from.dispatchEvent(new CustomEvent('component-select', { detail: { id }, bubbles: true, composed: true }));
}

/**
 * The position's value as the sum of its components' nimbers, each a
 * button that asks for its explanation (`component-select`), and who wins:
 * under misère play, with a note wherever the xor rule says otherwise.
 */
export class PositionTotal extends LitElement {
  static properties = {
    analysis: { attribute: false },
    large: { type: Boolean, reflect: true },
    allTerms: { state: true },
  };

  declare analysis: Analysis;
  /** Projector size, for presentations. */
  declare large: boolean;
  /** Show every term of a long total. */
  declare private allTerms: boolean;

  constructor() {
    super();
    this.large = false;
    this.allTerms = false;
  }

  static styles = css`
    :host { display: block; }
    .sum { font-size: 1.05rem; font-variant-numeric: tabular-nums; }
    :host([large]) .sum { font-size: 1.8rem; }
    .more-terms { font: inherit; font-size: 0.8rem; border: 1px solid var(--grundy-border); border-radius: 0.5em;
      background: var(--grundy-surface); color: inherit; cursor: pointer; }
    .term { font: inherit; border: 0; border-radius: 0.5em; padding: 0 0.3em; font-weight: 700; cursor: pointer; }
    .verdict { font-size: 0.85rem; color: var(--grundy-muted); margin-top: 0.2rem; }
    :host([large]) .verdict { font-size: 1.1rem; }
    .xor-fails { margin: 0.3rem 0 0; padding: 0.3rem 0.5rem; border-left: 3px solid var(--grundy-error, #a0153e); }
    .verdict .how { color: var(--grundy-muted); }
    .verdict p.how { margin: 0.3rem 0 0; }
  `;

  render() {
    const analysis = this.analysis;
    if (!analysis) return nothing;
    const winning = winningMoves(analysis).length;
    const long = analysis.components.length > MAX_TERMS && !this.allTerms;
    const shown = long ? analysis.components.slice(0, MAX_TERMS - 2) : analysis.components;
    return html`<section class="sum" role="group" aria-label="Position value">
      ${analysis.components.length === 0
        ? html`<span>*0</span>`
        : shown.map((c, i) => {
            const colour = componentColour(c.id);
            return html`${i > 0 ? ' ⊕ ' : ''}<button class="term" title=${`${c.label}: explain it`} style="background:${colour};color:${inkOn(colour)}"
                @click=${() => selectComponent(this, c.id)}>${valueText(c)}</button
              >`;
          })}
      ${long
        ? html` ⊕ <button class="more-terms" @click=${() => (this.allTerms = true)}>+${analysis.components.length - shown.length} more</button>`
        : nothing}
      = <strong>${analysis.total}</strong>
      <div class="verdict">
        ${analysis.misere
          ? this.renderMisereVerdict(analysis, analysis.misere, winning)
          : analysis.loopy
            ? this.renderLoopyVerdict(analysis, winning)
            : analysis.nimber === 0
            ? 'A P-position: the player to move loses against perfect play.'
            : `An N-position: the player to move wins (${winning} winning move${winning === 1 ? '' : 's'}).`}
      </div>
    </section>`;
  }

  /**
   * Who wins where play can go on forever, by Smith's rule: the xor when
   * every value is finite; with one ∞, whether the others' xor is in its K;
   * with more, a draw.
   */
  private renderLoopyVerdict(analysis: Analysis, winning: number) {
    const infinite = analysis.components.filter((c) => c.loopy?.infinite);
    const drawing = analysis.loopy?.drawing.length ?? 0;
    const moves = (n: number, what: string) => `${n} ${what} move${n === 1 ? '' : 's'}`;
    const wins = `the player to move wins (${moves(winning, 'winning')})`;
    const draw = `neither player can force a win: a draw${drawing ? ` (${moves(drawing, 'drawing')} keep it so)` : ''}`;
    if (infinite.length === 0) {
      return html`Every value is finite, so the xor decides:
        ${analysis.nimber === 0 ? 'the player to move loses against perfect play' : wins}.
        <span class="how">A winner keeps moving to lower-ranked vertices, so play ends.</span>`;
    }
    if (infinite.length > 1) {
      return html`${infinite.length} ∞ values: ${draw}. <span class="how">(Smith's rule: with two or more, play can go on forever.)</span>`;
    }
    const k = `{${infinite[0].loopy?.infinite?.join(',')}}`;
    const inK = analysis.outcome === 'next';
    return html`One ∞ value, and the xor of the rest, *${analysis.nimber}, is ${inK ? '' : 'not '}in its K ${k}: ${inK ? wins : draw}.
      <span class="how">(Smith's rule${inK ? `: move that token to a vertex worth *${analysis.nimber}` : ''}.)</span>`;
  }

  /**
   * Who wins under misère play, and, where the xor of the nimbers says the
   * opposite, that the sum rule has stopped working here.
   */
  private renderMisereVerdict(analysis: Analysis, report: MisereReport, winning: number) {
    if (report.outcome === null) {
      return html`<strong>Misère play:</strong> ${sentence(report.method)}. The nimbers above are normal-play values and do not decide it.`;
    }
    const wins = report.outcome === 'next';
    const verdict = !wins
      ? 'the player to move loses against perfect play'
      : analysis.moves.length === 0
        ? 'no move is left, so the player to move has won'
        : `the player to move wins (${winning} winning move${winning === 1 ? '' : 's'})`;
    const xorSays = analysis.nimber !== 0;
    return html`<strong>Misère play:</strong> ${verdict}. <span class="how">${sentence(report.method)}.</span>
      ${xorSays !== wins
        ? html`<p class="xor-fails" role="note">The xor rule fails here: *${analysis.nimber} would make the player to move
            ${xorSays ? 'win' : 'lose'} under normal play, but under misère play they ${wins ? 'win' : 'lose'}.</p>`
        : html`<p class="how">Nimbers are normal-play values: under misère play they no longer add up to the outcome.</p>`}`;
  }
}

/**
 * Everything the panel says of a position: the total, the previewed move,
 * the game's facts, the nim-sum table, the explained component's mex, and
 * the game tree. It asks for a tree with `tree-request` ({ depth }) and
 * is handed it back; explanations bubble as `component-select` and
 * previews from the explainer as `explainer-preview`.
 */
export class AnalysisReadout extends LitElement {
  static properties = {
    analysis: { attribute: false },
    preview: { type: Number },
    explained: { type: Number },
    tree: { attribute: false },
    treeProblem: { type: String },
    treeDepth: { state: true },
  };

  declare analysis: Analysis;
  /** The id of the move previewed, or -1. */
  declare preview: number;
  /** The component the mex explainer shows, or -1. */
  declare explained: number;
  /** The game tree last grown for this position. */
  declare tree: TreeNode | undefined;
  /** Why the tree could not be grown. */
  declare treeProblem: string;
  declare private treeDepth: number;

  constructor() {
    super();
    this.preview = -1;
    this.explained = -1;
    this.treeProblem = '';
    this.treeDepth = 2;
  }

  /** Asks for the tree `depth` moves deep. */
  private requestTree(depth: number): void {
    this.treeDepth = depth;
    this.dispatchEvent(new CustomEvent('tree-request', { detail: { depth }, bubbles: true, composed: true }));
  }

  static styles = css`
    :host { display: flex; flex-direction: column; gap: 0.75rem; min-width: 0; }
    /* A fixed height: a preview must never move what lies below it. */
    .preview { font-size: 0.85rem; height: 4.5em; overflow: hidden; border-left: 3px solid var(--grundy-accent); padding-left: 0.5rem; }
    .facts { font-size: 0.85rem; margin: 0; }
    .facts dt { color: var(--grundy-muted); }
    .facts dd { margin: 0 0 0.3rem 0; font-weight: 600; }
    .timing { color: var(--grundy-muted); font-size: 0.75rem; }
    .error { color: var(--grundy-lose); font-size: 0.85rem; margin: 0.3rem 0 0; white-space: pre-wrap; }
    .tree-panel summary, .disguise summary, .products summary, .quotient summary { cursor: pointer; font-weight: 600; font-size: 0.9rem; }
    .tree-panel label { font-size: 0.85rem; }
    dialog.tree { width: 94vw; max-width: none; height: 90vh; max-height: none; box-sizing: border-box; padding: 0.75rem;
      border: 1px solid var(--grundy-border); border-radius: 0.5rem; background: var(--grundy-surface, Canvas); color: var(--grundy-ink, CanvasText); }
    dialog.tree[open] { display: flex; flex-direction: column; gap: 0.5rem; }
    dialog.tree header { display: flex; gap: 1rem; align-items: center; }
    dialog.tree h2 { font-size: 1.1rem; margin: 0 auto 0 0; }
    dialog.tree grundy-tree-drawing { flex: 1 1 auto; min-height: 0; }
    /* Larger on a projector's screen, so a class can read it. */
    @media (min-height: 900px) { dialog.tree grundy-tree-drawing { zoom: 1.4; } }
    @media (min-height: 1400px) { dialog.tree grundy-tree-drawing { zoom: 2.2; } }
    button, select { font: inherit; }
  `;

  render() {
    const analysis = this.analysis;
    if (!analysis) return nothing;
    const previewed = analysis.moves.at(this.preview);
    return html`
      <grundy-total .analysis=${analysis}></grundy-total>
      <div class="preview" aria-live="polite">
        ${previewed
          ? analysis.loopy
            ? html`${previewed.label}<br />position → <strong>${afterText(analysis, previewed)}</strong>${isWinning(analysis, previewed) ? ' ★ wins' : ''}`
            : html`${previewed.label}<br />leaves ${previewed.parts.map((p) => `*${p}`).join(' ⊕ ') || 'nothing'} in its component;
              position → <strong>*${previewed.after}</strong>${isWinning(analysis, previewed) ? ' ★ wins' : ''}`
          : html`<span class="timing">Point at a move, or tap it, to preview it.</span>`}
      </div>
      ${analysis.facts?.length
        ? html`<dl class="facts">${analysis.facts.map((f) => html`<dt>${f.label}</dt><dd>${f.value}</dd>`)}</dl>`
        : nothing}
      <nim-sum-table .analysis=${analysis} .selected=${this.explained}></nim-sum-table>
      ${analysis.nimProducts
        ? html`<details class="products"><summary>Nim multiplication</summary>
            <nim-product-table .analysis=${analysis}></nim-product-table></details>`
        : nothing}
      ${analysis.misere?.quotient
        ? html`<details class="quotient" open><summary>Why: the misère quotient</summary>
            <misere-quotient .analysis=${analysis}></misere-quotient></details>`
        : nothing}
      ${analysis.misere
        ? nothing
        : html`<details class="disguise"><summary>As Nim</summary>
            <nim-disguise .analysis=${analysis} .preview=${this.preview}></nim-disguise></details>`}
      ${this.explained >= 0 && analysis.components.some((c) => c.id === this.explained)
        ? html`<mex-explainer .analysis=${analysis} .component=${this.explained}></mex-explainer>`
        : nothing}
      <details class="tree-panel" part="tree">
        <summary>Game tree</summary>
        <label>Depth
          <select @change=${(e: Event) => (this.treeDepth = Number((e.target as HTMLSelectElement).value))}>
            ${[1, 2, 3, 4, 5, 6].map((d) => html`<option value=${d} ?selected=${d === this.treeDepth}>${d}</option>`)}
          </select></label>
        <button @click=${() => this.requestTree(this.treeDepth)}>Show</button>
        <button ?disabled=${!this.tree} @click=${() => this.renderRoot.querySelector<HTMLDialogElement>('dialog.tree')?.showModal()}>Draw it</button>
        ${this.treeProblem ? html`<p class="error">${sentence(this.treeProblem)}</p>` : nothing}
        <game-tree .tree=${this.tree}></game-tree>
      </details>
      <dialog class="tree" aria-labelledby="tree-title">
        <header>
          <h2 id="tree-title">Game tree, ${this.treeDepth} move${this.treeDepth === 1 ? '' : 's'} deep</h2>
          <span class="timing">Click a position to show or hide its options.</span>
          <button @click=${(e: Event) => (e.target as HTMLElement).closest('dialog')?.close()}>Close</button>
        </header>
        ${this.treeProblem ? html`<p class="error">${sentence(this.treeProblem)}</p>` : nothing}
        <grundy-tree-drawing .tree=${this.tree} @tree-deeper=${(e: CustomEvent<{ depth: number }>) => this.requestTree(Math.max(this.treeDepth, e.detail.depth))}></grundy-tree-drawing>
      </dialog>
      <span class="timing" title=${sumExpression(analysis)}>solved in ${formatMs(analysis.solveMs)}</span>
    `;
  }
}

define('grundy-total', PositionTotal);
define('grundy-readout', AnalysisReadout);

declare global {
  interface HTMLElementTagNameMap {
    'grundy-total': PositionTotal;
    'grundy-readout': AnalysisReadout;
  }
}
