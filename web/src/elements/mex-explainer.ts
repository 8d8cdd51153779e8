import { LitElement, css, html, nothing } from 'lit';
import { valueText, type Analysis, type MoveInfo } from '../engine/model';
import { componentColour, inkOn } from './palette';
import { define } from './define';

/** Options shown per value before the rest are counted. */
const SHOWN_PER_VALUE = 6;

/**
 * Why a component has its nimber: its options grouped by the value they
 * leave in it (the ⊕ of the pieces), then the set of those values with its
 * mex circled. Everything comes from the analysis's moves, so the mex shown
 * is a check on the solver, not a second computation of it. Where play can
 * go on forever, options worth ∞ are listed apart: Smith's value is the mex
 * of the finite ones unless the component itself is ∞.
 */
export class MexExplainer extends LitElement {
  static properties = {
    analysis: { attribute: false },
    component: { type: Number },
  };

  declare analysis: Analysis;
  /** The id of the component to explain. */
  declare component: number;

  static styles = css`
    :host { display: block; font-size: 0.85rem; }
    h3 { font-size: 0.95rem; margin: 0 0 0.4rem; }
    .group { display: grid; grid-template-columns: 3.2rem 1fr; gap: 0.3rem; margin-bottom: 0.35rem; }
    .value { font-weight: 700; }
    ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 0.15rem; }
    button { font: inherit; text-align: left; border: 0; padding: 0.05rem 0.2rem; background: transparent; color: inherit;
      cursor: pointer; border-radius: 0.3rem; }
    button:hover, button:focus-visible { background: var(--grundy-surface, #eef); outline: none; }
    .more { color: var(--grundy-muted, #555); }
    .reachable { margin: 0.5rem 0 0; line-height: 1.9; }
    .mex { display: inline-block; border: 2px solid var(--grundy-win, #117733); border-radius: 50%; padding: 0 0.35rem; font-weight: 700; }
    .badge { border-radius: 0.6em; padding: 0 0.35em; font-weight: 700; }
  `;

  /** A component is chosen by a click on the board: bring its explanation into view, wherever the panel is. */
  protected updated(changed: Map<string, unknown>): void {
    if (changed.has('component')) this.scrollIntoView({ block: 'nearest' });
  }

  private options(): MoveInfo[] {
    const { moves } = this.analysis;
    const options: MoveInfo[] = [];
    for (let id = 0; id < moves.length; id++) if (moves.componentOf(id) === this.component) options.push(moves.at(id)!);
    return options;
  }

  private preview(move: MoveInfo | undefined): void {
    this.dispatchEvent(new CustomEvent('explainer-preview', { detail: { move: move?.id ?? null }, bubbles: true, composed: true }));
  }

  render() {
    const component = this.analysis?.components.find((c) => c.id === this.component);
    if (!component) return nothing;
    const byValue = new Map<number, MoveInfo[]>();
    const endless: MoveInfo[] = [];
    for (const move of this.options()) {
      if (move.loopy?.infinite) {
        endless.push(move);
        continue;
      }
      const value = move.parts.reduce((a, b) => a ^ b, 0);
      byValue.set(value, [...(byValue.get(value) ?? []), move]);
    }
    const values = [...byValue.keys()].sort((a, b) => a - b);
    let mex = 0;
    while (byValue.has(mex)) mex++;
    const colour = componentColour(component.id);
    const value = valueText(component);
    const infinite = !!component.loopy?.infinite;
    return html`
      <h3>Why <span class="badge" style="background:${colour};color:${inkOn(colour)}">${component.label}</span> is ${value}</h3>
      ${values.length === 0 && endless.length === 0 ? html`<p>It has no moves, so its value is the mex of nothing: *0.</p>` : nothing}
      ${values.map((v) => this.renderGroup(`→ *${v}`, byValue.get(v)!, v))}
      ${endless.length ? this.renderGroup('→ ∞', endless) : nothing}
      <p class="reachable">
        ${endless.length || component.loopy ? 'Finite values reachable' : 'Reachable'}: {${values.map((v, i) => html`${i ? ', ' : ''}*${v}`)}}; the least value missing is
        <span class="mex" data-mex=${mex}>*${mex}</span>${infinite
          ? html`. But the value is ∞: play from here can go on forever, since an ∞ option has no move back to *${mex}. K, the finite values reachable, is kept with it.`
          : mex === component.nimber
            ? html`, the component’s ${component.loopy ? 'value' : 'nimber'}.${endless.length ? ` Each ∞ option has a move back to *${mex}, so it does not change that (Smith).` : ''}`
            : html` — <strong>but the component says ${value}</strong>.`}
      </p>
    `;
  }

  /** One row of options: those leaving `title`, a few of them listed. */
  private renderGroup(title: string, moves: MoveInfo[], value?: number) {
    return html`<div class="group">
      <span class="value">${title}</span>
      <ul>
        ${moves.slice(0, SHOWN_PER_VALUE).map(
          (move) => html`<li><button @mouseenter=${() => this.preview(move)} @focus=${() => this.preview(move)}
            @mouseleave=${() => this.preview(undefined)} @click=${() => this.preview(move)}>
            ${move.label}${value !== undefined && move.parts.length > 1 ? `: ${move.parts.map((p) => `*${p}`).join(' ⊕ ')} = *${value}` : ''}</button></li>`,
        )}
        ${moves.length > SHOWN_PER_VALUE ? html`<li class="more">and ${moves.length - SHOWN_PER_VALUE} more</li>` : nothing}
      </ul>
    </div>`;
  }
}

define('mex-explainer', MexExplainer);
