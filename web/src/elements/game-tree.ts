import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import type { TreeNode } from '../engine/model';
import { define } from './define';

/**
 * A game tree as nested disclosures: every node names the move that leads
 * to it, its nimber, and whether the player to move there wins (N) or
 * loses (P) — in words and colour, never colour alone.
 */
export class GameTree extends LitElement {
  static properties = { tree: { attribute: false } };
  declare tree: TreeNode | undefined;

  static styles = css`
    :host { display: block; font-size: 0.82rem; }
    details { margin-left: 0.9rem; }
    summary { cursor: pointer; list-style-position: outside; }
    .leaf { margin-left: 1.6rem; }
    .mark { display: inline-block; min-width: 1.2em; text-align: center; border-radius: 0.3em; font-weight: 700; margin-right: 0.3em; }
    .next { background: #ddebf7; color: #08306b; }
    .previous { background: #fde0dd; color: #67000d; }
    .draw { background: #fdecc8; color: #6b3a00; }
    .more { color: var(--grundy-muted, #555); margin-left: 1.6rem; }
  `;

  render() {
    return this.tree ? this.node(this.tree, true) : nothing;
  }

  private node(node: TreeNode, root = false): TemplateResult {
    const [mark, title] = {
      next: ['N', 'the player to move wins'],
      previous: ['P', 'the player to move loses'],
      draw: ['D', 'neither player can force a win'],
    }[node.outcome];
    const summary = html`<span class="mark ${node.outcome}" title=${title}>${mark}</span
      >${node.label || 'this position'}${node.loopy ? '' : ` — *${node.nimber}`}`;
    if (node.children.length === 0) {
      return html`<div class="leaf">${summary}${node.unexpanded
          ? html` <span class="more">(${node.unexpanded} option${node.unexpanded === 1 ? '' : 's'} below)</span>`
          : nothing}</div>`;
    }
    return html`<details ?open=${root}>
      <summary>${summary}</summary>
      ${node.children.map((child) => this.node(child))}
    </details>`;
  }
}

define('game-tree', GameTree);
