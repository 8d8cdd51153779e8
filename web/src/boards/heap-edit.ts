import { html } from 'lit';
import type { Edit, RuleField } from '../engine/model';

/** The −, + and × buttons that draw one heap, shared by stacks and rows. */
export function heapEditButtons(heap: number, size: number, edit: (edit: Edit) => void) {
  return html`<div class="edit">
    <button aria-label=${`Remove a counter from heap ${heap + 1}`} ?disabled=${size === 0}
      @click=${() => edit({ kind: 'setHeap', index: heap, size: size - 1 })}>−</button>
    <button aria-label=${`Add a counter to heap ${heap + 1}`}
      @click=${() => edit({ kind: 'setHeap', index: heap, size: size + 1 })}>+</button>
    <button aria-label=${`Delete heap ${heap + 1}`}
      @click=${() => edit({ kind: 'removeHeap', index: heap })}>×</button>
  </div>`;
}

/** A heap game's rule as the engine offers it for editing; the core checks what is typed. */
export function ruleField({ label, value, hint }: RuleField, edit: (edit: Edit) => void) {
  return html`<label class="rule" data-tool>${label}
    <input .value=${value} spellcheck="false" autocomplete="off"
      @change=${(e: Event) => edit({ kind: 'setRule', rule: (e.target as HTMLInputElement).value })} />
    <span>${hint}</span></label>`;
}
