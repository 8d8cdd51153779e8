import { LitElement, css, html, nothing, svg, type SVGTemplateResult } from 'lit';
import type { TreeNode } from '../engine/model';
import { define } from './define';

/** Room a node and its move take: one column per level, one row per shown leaf. */
const COLUMN = 300;
const ROW = 44;
const NODE_WIDTH = 64;
const NODE_HEIGHT = 30;
/** About how many characters of a move fit in a column at the label's size. */
const LABEL_CHARS = 30;

/** A node placed in the drawing, with the path of child indices that reaches it. */
interface Placed {
  node: TreeNode;
  path: string;
  x: number;
  y: number;
  parent?: Placed;
}

const OUTCOME = {
  next: { mark: 'N', words: 'the player to move wins' },
  previous: { mark: 'P', words: 'the player to move loses' },
  draw: { mark: 'D', words: 'neither player can force a win' },
} as const;

/**
 * A game tree drawn left to right: each position a box with its outcome
 * letter and nimber, coloured by outcome (never by colour alone), each edge
 * labelled by its move. The root's options show at first; a click (or
 * Enter) on a box shows or hides the options below it, a level at a time.
 * It fires `tree-deeper` when the person asks for the options below the
 * tree's last level, which the engine must grow.
 */
export class TreeDrawing extends LitElement {
  static properties = { tree: { attribute: false }, open: { state: true } };
  declare tree: TreeNode | undefined;
  /** The paths of the nodes whose options are shown. */
  declare private open: Set<string>;

  constructor() {
    super();
    this.open = new Set(['']);
  }

  protected willUpdate(): void {
    // No tree means a new position: its tree opens at the root again. A deeper
    // tree of the same position keeps what was open.
    if (!this.tree) this.open = new Set(['']);
  }

  static styles = css`
    :host { display: block; overflow: auto; font-size: 14px; }
    svg { display: block; }
    .node { cursor: pointer; }
    .node:focus-visible rect { stroke: var(--grundy-focus, #0b57d0); stroke-width: 3; }
    .node rect { stroke: currentColor; stroke-width: 1.5; }
    .node.next rect { fill: #ddebf7; }
    .node.previous rect { fill: #fde0dd; }
    .node.draw rect { fill: #fdecc8; }
    .node text { fill: #111; font-weight: 700; }
    .node.leaf { cursor: default; }
    .edge { fill: none; stroke: var(--grundy-muted, #667); stroke-width: 1.5; }
    /* A halo of the background keeps a label readable where an edge crosses it. */
    .move { fill: currentColor; font-size: 13px; paint-order: stroke; stroke: var(--grundy-surface, Canvas); stroke-width: 4px; stroke-linejoin: round; }
    .more { fill: var(--grundy-muted, #667); font-size: 12px; }
  `;

  render() {
    if (!this.tree) return nothing;
    const placed = this.place(this.tree);
    const width = Math.max(...placed.map((p) => p.x)) + NODE_WIDTH + 130;
    const height = Math.max(...placed.map((p) => p.y)) + ROW;
    return html`<svg role="group" aria-label="Game tree, drawn" width=${width} height=${height} viewBox="0 0 ${width} ${height}">
      ${placed.filter((p) => p.parent).map((p) => this.edge(p))}
      ${placed.filter((p) => p.parent).map((p) => this.moveLabel(p))}
      ${placed.map((p) => this.box(p))}
    </svg>`;
  }

  /** Places every shown node: leaves of the shown tree take a row each, parents centre on their children. */
  private place(root: TreeNode): Placed[] {
    const placed: Placed[] = [];
    let row = 0;
    const visit = (node: TreeNode, path: string, depth: number, parent?: Placed): Placed => {
      const here: Placed = { node, path, x: 8 + depth * COLUMN, y: 0, parent };
      placed.push(here);
      const shown = this.open.has(path) ? node.children : [];
      if (shown.length === 0) {
        here.y = ROW / 2 + row++ * ROW;
      } else {
        const children = shown.map((child, i) => visit(child, `${path}/${i}`, depth + 1, here));
        here.y = (children[0].y + children[children.length - 1].y) / 2;
      }
      return here;
    };
    visit(root, '', 0);
    return placed;
  }

  private edge(child: Placed): SVGTemplateResult {
    const parent = child.parent!;
    const [x1, y1, x2, y2] = [parent.x + NODE_WIDTH, parent.y, child.x, child.y];
    const middle = (x1 + x2) / 2;
    return svg`<path class="edge" d="M${x1} ${y1} C${middle} ${y1} ${middle} ${y2} ${x2 - 4} ${y2}" />`;
  }

  /** The move along an edge, over every edge, so none crosses it. */
  private moveLabel({ node, x, y }: Placed): SVGTemplateResult {
    const label = node.label.length > LABEL_CHARS ? `${node.label.slice(0, LABEL_CHARS - 1)}…` : node.label;
    return svg`<text class="move" x=${x - 8} y=${y - 8} text-anchor="end">${label}</text>`;
  }

  private box(placed: Placed): SVGTemplateResult {
    const { node, path, x, y } = placed;
    const { mark, words } = OUTCOME[node.outcome];
    const value = node.loopy ? '' : ` *${node.nimber}`;
    const hasOptions = node.children.length > 0 || node.unexpanded > 0;
    const open = this.open.has(path) && node.children.length > 0;
    const name = `${node.label || 'This position'}: ${mark},${value ? ` worth${value},` : ''} ${words}${hasOptions ? (open ? '; options shown' : '; options hidden') : '; no options'}`;
    const more = !open && hasOptions ? `+${node.children.length || node.unexpanded}` : '';
    return svg`<g class="node ${node.outcome} ${hasOptions ? '' : 'leaf'}" tabindex=${hasOptions ? 0 : -1} role="button" aria-label=${name}
        aria-expanded=${hasOptions ? String(open) : nothing}
        @click=${() => this.toggle(placed)} @keydown=${(e: KeyboardEvent) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), this.toggle(placed))}>
      <rect x=${x} y=${y - NODE_HEIGHT / 2} width=${NODE_WIDTH} height=${NODE_HEIGHT} rx="6" />
      <text x=${x + NODE_WIDTH / 2} y=${y + 5} text-anchor="middle">${mark}${value}</text>
      ${more ? svg`<text class="more" x=${x + NODE_WIDTH + 6} y=${y + 4}>${more}</text>` : nothing}
    </g>`;
  }

  /** Shows or hides a node's options; below the tree's last level, asks for a deeper tree. */
  private toggle({ node, path }: Placed): void {
    if (node.children.length === 0) {
      if (node.unexpanded > 0) {
        this.open = new Set([...this.open, path]);
        this.dispatchEvent(new CustomEvent('tree-deeper', { detail: { depth: path.split('/').length }, bubbles: true, composed: true }));
      }
      return;
    }
    const open = new Set(this.open);
    if (open.has(path)) open.delete(path);
    else open.add(path);
    this.open = open;
  }
}

define('grundy-tree-drawing', TreeDrawing);

declare global {
  interface HTMLElementTagNameMap {
    'grundy-tree-drawing': TreeDrawing;
  }
}
