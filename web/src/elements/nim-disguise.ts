import { LitElement, css, html, nothing } from 'lit';
import type { Analysis } from '../engine/model';
import { componentColour, inkOn } from './palette';
import { define } from './define';

/** Parts drawn as heaps; a longer sum is summed up in words. */
const DRAWN_PARTS = 24;
/** Counters drawn in a heap; a larger value is written under a shorter stack. */
const DRAWN_COUNTERS = 12;

/**
 * The position as the Nim it is in disguise (Sprague–Grundy): each part a
 * heap of as many counters as its value, and the previewed move as the
 * Nim move it is, from the engine's values: the heap of its part goes from
 * the part's value to the ⊕ of what the move leaves there.
 */
export class NimDisguise extends LitElement {
  static properties = { analysis: { attribute: false }, preview: { type: Number } };
  declare analysis: Analysis;
  /** The id of the move previewed, or -1. */
  declare preview: number;

  constructor() {
    super();
    this.preview = -1;
  }

  static styles = css`
    :host { display: block; font-size: 0.85rem; }
    .heaps { display: flex; flex-wrap: wrap; gap: 0.6rem; align-items: flex-end; margin: 0.4rem 0; }
    .heap { display: flex; flex-direction: column-reverse; align-items: center; gap: 2px; min-width: 2.4rem; }
    .counter { width: 1.8rem; height: 0.55rem; border-radius: 0.3rem; border: 1px solid var(--grundy-ink, #222); background: var(--heap-colour); }
    .counter.going { opacity: 0.3; border-style: dashed; }
    .counter.coming { border-style: dashed; }
    .heap.moved .value { outline: 2px solid var(--grundy-accent, #0b57d0); }
    .value { font-weight: 700; border-radius: 0.5em; padding: 0 0.35em; background: var(--heap-colour); color: var(--heap-ink); }
    .name { color: var(--grundy-muted, #555); max-width: 5rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    p { margin: 0.2rem 0; }
  `;

  render() {
    const { components, moves } = this.analysis;
    const finite = components.filter((c) => !c.loopy);
    if (finite.length === 0) return html`<p>No part has a value of its own here.</p>`;
    const move = moves.at(this.preview);
    const movedPart = move && finite.find((c) => c.id === move.component);
    // The part's option: the ⊕ of the values the move leaves in it, never its own value.
    const becomes = move?.parts.reduce((x, p) => x ^ p, 0);
    return html`
      <p>Each part plays as a Nim heap of its value.</p>
      <div class="heaps" role="img" aria-label=${`As Nim: heaps of ${finite.map((c) => c.nimber).join(', ')}`}>
        ${finite.slice(0, DRAWN_PARTS).map((part) => {
          const moved = movedPart === part;
          const after = moved ? becomes! : part.nimber;
          const drawn = Math.min(Math.max(part.nimber, after), DRAWN_COUNTERS);
          const colour = componentColour(part.id);
          const counters = Array.from({ length: drawn }, (_, i) => {
            const kind = i >= after ? 'going' : i >= part.nimber ? 'coming' : '';
            return html`<span class="counter ${kind}"></span>`;
          });
          return html`<div class="heap ${moved ? 'moved' : ''}" style="--heap-colour:${colour};--heap-ink:${inkOn(colour)}">
            <span class="name" title=${part.label}>${part.label}</span>
            <span class="value">*${moved ? `${part.nimber}→${after}` : part.nimber}</span>
            ${counters}
          </div>`;
        })}
      </div>
      ${finite.length > DRAWN_PARTS ? html`<p>… and ${finite.length - DRAWN_PARTS} more parts.</p>` : nothing}
      ${move && movedPart ? this.renderMove(move.label, movedPart.nimber, becomes!) : nothing}
    `;
  }

  /** The previewed move in Nim's words. */
  private renderMove(label: string, from: number, to: number) {
    const words =
      to < from
        ? `takes the heap *${from} down to *${to}`
        : `grows the heap *${from} to *${to}, which the other player can take back down`;
    return html`<p aria-live="polite">“${label}” as Nim ${words}.</p>`;
  }
}

define('nim-disguise', NimDisguise);

declare global {
  interface HTMLElementTagNameMap {
    'nim-disguise': NimDisguise;
  }
}
