import { LitElement, css, html, nothing, svg, type PropertyValues, type SVGTemplateResult } from 'lit';
import type { TreeNode } from '../engine/model';
import { define } from './define';

/** The least room a box takes, and what a line of its position's text adds. */
const BOX = { width: 64, height: 30, line: 15, char: 8.4, pad: 12 };
/** The most of a position's text a box shows: lines, and characters a line. */
const TEXT = { lines: 5, chars: 20 };
/** About how many characters of a move fit above a box, and their width. */
const LABEL = { chars: 40, char: 7.2, height: 18 };
/** Room between a column's boxes and the next column, for the edges. */
const GAP = 56;
/** The most boxes the drawing opens by itself: more levels wait for a click. */
const FIRST_BOXES = 60;

/** A node placed in the drawing, with the path of child indices that reaches it. */
interface Placed {
  node: TreeNode;
  path: string;
  x: number;
  /** The middle of its box's height. */
  y: number;
  parent?: Placed;
}

/** The lines of a position's text a box shows, cut to fit. */
function textLines(node: TreeNode): string[] {
  const lines = (node.text ?? '').replace(/\n+$/, '').split('\n');
  const shown = lines.slice(0, TEXT.lines).map((line) => (line.length > TEXT.chars ? `${line.slice(0, TEXT.chars - 1)}…` : line));
  if (lines.length > TEXT.lines) shown[TEXT.lines - 1] = '…';
  return node.text === undefined ? [] : shown;
}

/** The move along an edge, cut to fit above its box. */
function moveText(node: TreeNode): string {
  return node.label.length > LABEL.chars ? `${node.label.slice(0, LABEL.chars - 1)}…` : node.label;
}

const OUTCOME = {
  next: { mark: 'N', words: 'the player to move wins' },
  previous: { mark: 'P', words: 'the player to move loses' },
  draw: { mark: 'D', words: 'neither player can force a win' },
} as const;

/**
 * A game tree drawn left to right: each position a box with its text, its
 * outcome letter and nimber, coloured by outcome (never by colour alone),
 * with the move that leads to it written above it, clear of every edge. As
 * many levels as fit in about sixty boxes show at first; a click (or
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

  /** A click below the tree's last level asked for the deeper tree now arriving: what is open stays open. */
  private deepening = false;

  protected willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('tree')) return;
    // A new tree opens as many of its levels as fit; no tree means a new
    // position, whose tree will open afresh.
    if (this.tree && !this.deepening) this.open = firstLevels(this.tree);
    if (!this.tree) this.open = new Set(['']);
    this.deepening = false;
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
    .node .text { font: 13px ui-monospace, monospace; font-weight: 400; }
    .node.leaf { cursor: default; }
    .edge { fill: none; stroke: var(--grundy-muted, #667); stroke-width: 1.5; }
    /* A halo of the background keeps a label readable where an edge crosses it. */
    .move { fill: currentColor; font-size: 13px; paint-order: stroke; stroke: var(--grundy-surface, Canvas); stroke-width: 4px; stroke-linejoin: round; }
    .more { fill: var(--grundy-muted, #667); font-size: 12px; }
    .shown { margin: 0 0 0.3rem; color: var(--grundy-muted, #667); }
  `;

  /**
   * Each box's size, from the longest text and move in the tree, so that
   * boxes line up and a move written above its box ends within it, before
   * the edges that leave the box begin.
   */
  private boxSize(root: TreeNode): { width: number; height: number } {
    let [chars, lines, move] = [0, 0, 0];
    const visit = (node: TreeNode) => {
      const text = textLines(node);
      chars = Math.max(chars, ...text.map((line) => line.length));
      lines = Math.max(lines, text.length);
      move = Math.max(move, moveText(node).length);
      node.children.forEach(visit);
    };
    visit(root);
    return { width: Math.max(BOX.width, chars * BOX.char + BOX.pad, move * LABEL.char), height: BOX.height + lines * BOX.line };
  }

  render() {
    if (!this.tree) return nothing;
    const box = this.boxSize(this.tree);
    const placed = this.place(this.tree, box);
    const width = Math.max(...placed.map((p) => p.x)) + box.width + 40;
    const height = Math.max(...placed.map((p) => p.y)) + box.height / 2 + 8;
    const levels = depthOf(this.tree);
    const shown = Math.max(...placed.map((p) => p.path.split('/').length - 1));
    return html`${shown < levels ? html`<p class="shown">${shown} of the tree’s ${levels} levels shown: click a position to open its options.</p>` : nothing}
      <svg role="group" aria-label="Game tree, drawn" width=${width} height=${height} viewBox="0 0 ${width} ${height}">
        ${placed.filter((p) => p.parent).map((p) => this.edge(p, box))}
        ${placed.filter((p) => p.parent).map((p) => this.moveLabel(p, box))}
        ${placed.map((p) => this.box(p, box))}
      </svg>`;
  }

  /** Places every shown node: leaves of the shown tree take a row each, parents centre on their children. */
  private place(root: TreeNode, box: { width: number; height: number }): Placed[] {
    const placed: Placed[] = [];
    // A move's label takes the room above its box: a row is as tall as both.
    const column = box.width + GAP;
    const row = box.height + LABEL.height + 8;
    let rows = 0;
    const visit = (node: TreeNode, path: string, depth: number, parent?: Placed): Placed => {
      const here: Placed = { node, path, x: 8 + depth * column, y: 0, parent };
      placed.push(here);
      const shown = this.open.has(path) ? node.children : [];
      if (shown.length === 0) {
        here.y = LABEL.height + box.height / 2 + rows++ * row;
      } else {
        const children = shown.map((child, i) => visit(child, `${path}/${i}`, depth + 1, here));
        here.y = (children[0].y + children[children.length - 1].y) / 2;
      }
      return here;
    };
    visit(root, '', 0);
    return placed;
  }

  private edge(child: Placed, box: { width: number }): SVGTemplateResult {
    const parent = child.parent!;
    const [x1, y1, x2, y2] = [parent.x + box.width, parent.y, child.x, child.y];
    const middle = (x1 + x2) / 2;
    return svg`<path class="edge" d="M${x1} ${y1} C${middle} ${y1} ${middle} ${y2} ${x2 - 4} ${y2}" />`;
  }

  /** The move along an edge, above the box it leads to: every edge ends left of it, so none crosses it. */
  private moveLabel({ node, x, y }: Placed, box: { height: number }): SVGTemplateResult {
    return svg`<text class="move" x=${x} y=${y - box.height / 2 - 5}>${moveText(node)}</text>`;
  }

  private box(placed: Placed, box: { width: number; height: number }): SVGTemplateResult {
    const { node, path, x, y } = placed;
    const { mark, words } = OUTCOME[node.outcome];
    const value = node.loopy ? '' : ` *${node.nimber}`;
    const hasOptions = node.children.length > 0 || node.unexpanded > 0;
    const open = this.open.has(path) && node.children.length > 0;
    const name = `${node.label || 'This position'}: ${mark},${value ? ` worth${value},` : ''} ${words}${hasOptions ? (open ? '; options shown' : '; options hidden') : '; no options'}`;
    const more = !open && hasOptions ? `+${node.children.length || node.unexpanded}` : '';
    const text = textLines(node);
    const top = y - box.height / 2;
    return svg`<g class="node ${node.outcome} ${hasOptions ? '' : 'leaf'}" tabindex=${hasOptions ? 0 : -1} role="button" aria-label=${name}
        aria-expanded=${hasOptions ? String(open) : nothing}
        @click=${() => this.toggle(placed)} @keydown=${(e: KeyboardEvent) => {
          if (e.key !== 'Enter' && e.key !== ' ') return;
          e.preventDefault();
          this.toggle(placed);
        }}>
      <rect x=${x} y=${top} width=${box.width} height=${box.height} rx="6" />
      ${text.map((line, i) => svg`<text class="text" x=${x + BOX.pad / 2} y=${top + 16 + i * BOX.line} xml:space="preserve">${line}</text>`)}
      <text x=${x + box.width / 2} y=${top + box.height - 10} text-anchor="middle">${mark}${value}</text>
      ${more ? svg`<text class="more" x=${x + box.width + 6} y=${y + 4}>${more}</text>` : nothing}
    </g>`;
  }

  /** Shows or hides a node's options; below the tree's last level, asks for a deeper tree. */
  private toggle({ node, path }: Placed): void {
    if (node.children.length === 0) {
      if (node.unexpanded > 0) {
        this.open = new Set([...this.open, path]);
        this.deepening = true;
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

/** How many levels of options the tree holds below its root. */
function depthOf(node: TreeNode): number {
  return node.children.length === 0 ? 0 : 1 + Math.max(...node.children.map(depthOf));
}

/** The paths to open at first: whole levels, while the boxes shown stay within `FIRST_BOXES`. */
function firstLevels(root: TreeNode): Set<string> {
  const open = new Set<string>(['']);
  let level: { node: TreeNode; path: string }[] = [{ node: root, path: '' }];
  let boxes = 1 + root.children.length;
  for (;;) {
    const next = level.flatMap(({ node, path }) => node.children.map((child, i) => ({ node: child, path: `${path}/${i}` })));
    const more = next.reduce((sum, { node }) => sum + node.children.length, 0);
    if (more === 0 || boxes + more > FIRST_BOXES) return open;
    for (const { path } of next) open.add(path);
    boxes += more;
    level = next;
  }
}

define('grundy-tree-drawing', TreeDrawing);

declare global {
  interface HTMLElementTagNameMap {
    'grundy-tree-drawing': TreeDrawing;
  }
}
