import { css, html, nothing, svg, type SVGTemplateResult } from 'lit';
import { BoardElement } from './board';
import { isWinning, type Board, type MoveInfo } from '../engine/model';
import { componentColour, inkOn } from '../elements/palette';

type GraphBoard = Extract<Board, { kind: 'graph' }>;
type Point = [number, number];

/** Drawing units kept around the picture, and room to draw into while editing. */
const MARGIN = 40;
const EDIT_ROOM = 160;
/** The smallest area shown, so an empty picture still has room to draw. */
const MIN_WIDTH = 360;
const MIN_HEIGHT = 200;
/** Pixels per drawing unit at most, but in a presentation: small pictures are not blown up. */
const MAX_SCALE = 1.3;
/** New vertices land on this grid, so drawings line up. */
const SNAP = 10;
/** How far apart parallel edges bend, in drawing units. */
const BEND = 22;
/** How high a loop rises above its vertex, in drawing units. */
const LOOP_HEIGHT = 34;

type Tool = 'draw' | 'move' | 'erase';

/** What a press in Edit started: an edge from a vertex (0: the ground) or moving one. */
interface Drag {
  vertex: number;
  moving: boolean;
  to: Point;
  moved: boolean;
}

/**
 * A picture of vertices and edges: Hackenbush standing on its ground line.
 * Each piece standing on the ground is drawn in its component's colour with
 * its nimber above it; edges that do not reach the ground are dashed. In
 * Play an edge is a move (chop it); in Edit a click adds a vertex, a drag
 * from a vertex or the ground draws an edge, and the tools move or erase.
 */
export class GraphBoardElement extends BoardElement {
  static properties = {
    ...BoardElement.properties,
    tool: { state: true },
    drag: { state: true },
  };

  declare private tool: Tool;
  declare private drag: Drag | undefined;

  constructor() {
    super();
    this.tool = 'draw';
  }

  static styles = css`
    :host { display: block; }
    .tools { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; font-size: 0.85rem; margin-bottom: 0.4rem; }
    .tools label { display: inline-flex; gap: 0.25rem; align-items: center; padding: 0.2rem 0.5rem; border-radius: 0.4rem;
      border: 1px solid var(--grundy-border, #999); cursor: pointer; min-height: 1.8rem; box-sizing: border-box; }
    .tools label:has(input:checked) { background: var(--grundy-accent, #0b57d0); color: #fff; border-color: transparent; }
    .tools input { margin: 0; }
    .hint { color: var(--grundy-muted, #555); font-size: 0.8rem; }
    svg { display: block; margin: 0 auto; max-width: 100%; height: auto; max-height: var(--grundy-board-height, 78vh); touch-action: none; user-select: none; }
    .ground { stroke: var(--grundy-ink, #222); stroke-width: 5; stroke-linecap: round; }
    .soil { fill: var(--grundy-muted, #555); opacity: 0.12; }
    /* Lines keep their width in pixels whatever the picture's scale. */
    .edge, .hit, .halo, .ground, .last, .rubber { vector-effect: non-scaling-stroke; }
    .edge { fill: none; stroke-width: 5; stroke-linecap: round; }
    .edge.fallen { stroke: var(--grundy-muted, #777); stroke-dasharray: 6 6; stroke-width: 3; }
    .edge.going { opacity: 0.25; stroke-dasharray: 4 5; }
    .edge.winning { filter: drop-shadow(0 0 3px var(--grundy-win, #117733)); }
    .halo { fill: none; stroke: var(--grundy-win, #117733); stroke-width: 11; stroke-linecap: round; opacity: 0.35; }
    .hit { fill: none; stroke: transparent; stroke-width: 20; stroke-linecap: round; }
    @media (pointer: coarse) { .hit { stroke-width: 32; } }
    .playable .hit { cursor: pointer; }
    .hit:focus-visible { stroke: var(--grundy-focus, #0b57d0); stroke-opacity: 0.35; outline: none; }
    .vertex { fill: var(--grundy-surface, #fff); stroke: var(--grundy-ink, #222); stroke-width: 2.5; }
    .editing .vertex { cursor: grab; }
    .index { font: 11px system-ui, sans-serif; fill: var(--grundy-muted, #555); pointer-events: none; }
    .badge text { font: 700 14px system-ui, sans-serif; pointer-events: none; }
    .badge { cursor: pointer; }
    .last { fill: none; stroke: var(--grundy-last, #c2410c); stroke-width: 4; stroke-dasharray: 3 6; stroke-linecap: round; }
    .rubber { stroke: var(--grundy-accent, #0b57d0); stroke-width: 3; stroke-dasharray: 6 4; fill: none; pointer-events: none; }
    .last { pointer-events: none; }
    .editing { cursor: crosshair; }
    .empty { font: 14px system-ui, sans-serif; fill: var(--grundy-muted, #555); }
  `;

  private get graph(): GraphBoard | undefined {
    return this.analysis.board.kind === 'graph' ? this.analysis.board : undefined;
  }

  render() {
    const graph = this.graph;
    if (!graph) return nothing;
    const [left, top, width, height] = this.frame(graph);
    const previewed = this.previewed;
    const going = new Set(previewed?.footprint.kind === 'items' ? previewed.footprint.items : []);
    const colourOf = this.edgeColours();
    const moveOf = new Map<number, MoveInfo>();
    for (const move of this.analysis.moves) if (move.anchor.kind === 'items') moveOf.set(move.anchor.items[0], move);
    const bends = parallelBends(graph.edges);
    const playable = this.interactive && !this.editing;
    return html`${this.editing ? this.renderTools() : nothing}
      <svg viewBox="${left} ${top} ${width} ${height}" role="group" style="width: var(--grundy-board-width, ${width * MAX_SCALE}px)"
        class="${this.editing ? 'editing' : ''} ${playable ? 'playable' : ''}"
        aria-label=${this.describe(graph)}
        @pointerdown=${this.onPointerDown} @pointermove=${this.onPointerMove} @pointerup=${this.onPointerUp}
        @pointercancel=${() => (this.drag = undefined)}>
        <rect class="soil" data-ground="" x=${left} y="0" width=${width} height=${top + height}></rect>
        <line class="ground" data-ground="" x1=${left} y1="0" x2=${left + width} y2="0"></line>
        ${graph.edges.length === 0
          ? svg`<text class="empty" x=${left + 16} y=${-MIN_HEIGHT / 2}>${this.editing ? 'Click above the ground to add a vertex; drag from the ground to grow an edge.' : 'No edges: no move can be made.'}</text>`
          : nothing}
        ${graph.edges.map((edge, index) => {
          const path = edgePath(graph, edge, bends[index]);
          const move = moveOf.get(index);
          const colour = colourOf.get(index);
          const wins = this.hints && move !== undefined && isWinning(this.analysis, move);
          const label = move
            ? `${move.label}: leaves *${move.after}${isWinning(this.analysis, move) ? ', a winning move' : ''}`
            : `Edge ${index + 1}, not joined to the ground`;
          return svg`<g data-edge=${index}>
            ${wins ? svg`<path class="halo" d=${path}></path>` : nothing}
            <path class="edge ${colour ? '' : 'fallen'} ${going.has(index) ? 'going' : ''} ${wins ? 'winning' : ''}"
              style=${colour ? `stroke:${colour}` : ''} d=${path}></path>
            <path class="hit" data-edge=${index} d=${path}
              tabindex=${playable && move ? '0' : '-1'} role=${move ? 'button' : 'img'} aria-label=${label}
              @click=${() => this.play(move)} @keydown=${(e: KeyboardEvent) => this.activateOnKey(e, () => this.play(move))}
              @mouseenter=${() => this.previewMove(move)} @mouseleave=${() => this.previewMove(undefined)}
              @focus=${() => this.previewMove(move)} @blur=${() => this.previewMove(undefined)}><title>${label}</title></path>
          </g>`;
        })}
        ${this.renderLastMove()}
        ${graph.points.map((point, index) => (index === 0 ? nothing : this.renderVertex(point, index)))}
        ${this.quiet ? nothing : this.renderBadges(graph)}
        ${this.renderRubberBand(graph)}
      </svg>`;
  }

  private renderTools() {
    const tools: [Tool, string, string][] = [
      ['draw', 'Draw', 'Click to add a vertex; drag from a vertex or the ground to another, or to empty space, for an edge.'],
      ['move', 'Move', 'Drag a vertex to move it.'],
      ['erase', 'Erase', 'Click an edge or a vertex to remove it.'],
    ];
    const hint = tools.find(([tool]) => tool === this.tool)?.[2] ?? '';
    return html`<div class="tools" role="radiogroup" aria-label="Drawing tool">
      ${tools.map(([tool, name]) => html`<label><input type="radio" name="tool" .checked=${this.tool === tool}
        @change=${() => (this.tool = tool)} />${name}</label>`)}
      <span class="hint">${hint}</span>
    </div>`;
  }

  private renderVertex([x, y]: Point, index: number): SVGTemplateResult {
    return svg`<g>
      <circle class="vertex" data-vertex=${index} cx=${x} cy=${-y} r="7"><title>Vertex ${index}</title></circle>
      <text class="index" x=${x + 9} y=${-y - 8}>${index}</text>
    </g>`;
  }

  /** Each piece's nimber, above its highest point; a click explains it. */
  private renderBadges(graph: GraphBoard) {
    return this.analysis.components.map((component) => {
      if (component.region.kind !== 'items' || component.region.items.length === 0) return nothing;
      let [bx, by] = [0, -Infinity];
      for (const index of component.region.items) {
        const edge = graph.edges[index];
        // A loop rises above its vertex.
        const rise = edge[0] === edge[1] ? LOOP_HEIGHT : 0;
        for (const [x, y] of edgeEnds(graph, edge)) {
          if (y + rise > by) [bx, by] = [x, y + rise];
        }
      }
      const colour = componentColour(component.id);
      const text = `*${component.nimber}`;
      const w = 14 + 8 * text.length;
      return svg`<g class="badge" role="button" tabindex="0" aria-label=${`${component.label}: nimber ${text}; explain it`}
        @click=${() => this.selectComponent(component.id)}
        @keydown=${(e: KeyboardEvent) => this.activateOnKey(e, () => this.selectComponent(component.id))}>
        <rect x=${bx - w / 2} y=${-by - 40} width=${w} height="22" rx="11" fill=${colour}></rect>
        <text x=${bx} y=${-by - 24} text-anchor="middle" fill=${inkOn(colour)}>${text}</text>
      </g>`;
    });
  }

  /** Where the edges the last move took were drawn. */
  private renderLastMove() {
    const last = this.lastMove;
    if (last?.kind !== 'segments') return nothing;
    return svg`<g aria-label=${`${this.lastMoveTitle}: the edges it took`}><title>${this.lastMoveTitle}</title>
      ${last.segments.map(([x1, y1, x2, y2]) =>
        x1 === x2 && y1 === y2
          ? svg`<path class="last" d=${loopPath(x1, -y1)}></path>`
          : svg`<line class="last" x1=${x1} y1=${-y1} x2=${x2} y2=${-y2}></line>`,
      )}</g>`;
  }

  private renderRubberBand(graph: GraphBoard) {
    const drag = this.drag;
    if (!drag || drag.moving || !drag.moved) return nothing;
    const [fx, fy] = drag.vertex === 0 ? [drag.to[0], 0] : graph.points[drag.vertex];
    return svg`<line class="rubber" x1=${fx} y1=${-fy} x2=${drag.to[0]} y2=${-drag.to[1]}></line>`;
  }

  /** The view box: every vertex with a margin, and room to draw into while editing. */
  private frame(graph: GraphBoard): [number, number, number, number] {
    const shown = graph.points.slice(1);
    const xs = shown.map(([x]) => x);
    const ys = shown.map(([, y]) => y);
    const room = this.editing ? EDIT_ROOM : 0;
    const minX = Math.min(0, ...xs) - MARGIN;
    const maxX = Math.max(minX + MIN_WIDTH, Math.max(0, ...xs) + MARGIN + room);
    const maxY = Math.max(MIN_HEIGHT, Math.max(0, ...ys) + MARGIN + 30 + room);
    // The ground line, with a strip of soil under it.
    const minY = -30;
    return [minX, -maxY, maxX - minX, maxY - minY];
  }

  /** Each standing edge's colour: its piece's. */
  private edgeColours(): Map<number, string> {
    const colours = new Map<number, string>();
    for (const component of this.analysis.components) {
      if (component.region.kind !== 'items') continue;
      for (const index of component.region.items) colours.set(index, componentColour(component.id));
    }
    return colours;
  }

  private describe(graph: GraphBoard): string {
    const standing = this.analysis.moves.length;
    const vertices = graph.points.length - 1;
    return `A picture of ${vertices} vertices and ${graph.edges.length} edges, ${standing} of them standing on the ground` +
      (this.quiet ? '' : `, in ${this.analysis.components.length} pieces`);
  }

  /** The drawing coordinates under the pointer, snapped to the grid. */
  private drawingPoint(event: PointerEvent): Point {
    const svgElement = this.renderRoot.querySelector('svg')!;
    const matrix = svgElement.getScreenCTM();
    if (!matrix) return [0, 0];
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return [Math.round(point.x / SNAP) * SNAP, Math.round(-point.y / SNAP) * SNAP];
  }

  /** What lies under the pointer: a vertex, an edge, the ground, a badge or empty space. */
  private targetAt(event: PointerEvent): { vertex?: number; edge?: number; ground?: boolean; empty?: boolean } {
    const root = this.renderRoot as ShadowRoot;
    const element = root.elementFromPoint(event.clientX, event.clientY) as SVGElement | null;
    const data = element?.dataset ?? {};
    if (data.vertex !== undefined) return { vertex: Number(data.vertex) };
    if (data.edge !== undefined) return { edge: Number(data.edge) };
    if (data.ground !== undefined) return { ground: true };
    return { empty: element?.tagName === 'svg' };
  }

  private readonly onPointerDown = (event: PointerEvent) => {
    const graph = this.graph;
    if (!this.editing || !graph || event.button !== 0) return;
    const target = this.targetAt(event);
    const at = this.drawingPoint(event);
    if (this.tool === 'erase') {
      if (target.vertex !== undefined) this.edit({ kind: 'removeVertex', index: target.vertex });
      else if (target.edge !== undefined) this.edit({ kind: 'removeEdge', index: target.edge });
      return;
    }
    const vertex = target.vertex ?? (target.ground ? 0 : undefined);
    if (vertex === undefined) return;
    if (this.tool === 'move' && vertex === 0) return;
    (event.currentTarget as Element).setPointerCapture(event.pointerId);
    this.drag = { vertex, moving: this.tool === 'move', to: at, moved: false };
  };

  private readonly onPointerMove = (event: PointerEvent) => {
    if (!this.drag) return;
    const to = this.drawingPoint(event);
    if (to[0] !== this.drag.to[0] || to[1] !== this.drag.to[1]) this.drag = { ...this.drag, to, moved: true };
  };

  private readonly onPointerUp = (event: PointerEvent) => {
    const graph = this.graph;
    if (!this.editing || !graph) return;
    const drag = this.drag;
    this.drag = undefined;
    const at = this.drawingPoint(event);
    if (!drag) {
      // A click on empty space above the ground adds a vertex there.
      const target = this.targetAt(event);
      if (this.tool === 'draw' && event.button === 0 && target.empty) {
        this.edit({ kind: 'addVertex', x: at[0], y: at[1] });
      }
      return;
    }
    if (!drag.moved) return;
    if (drag.moving) {
      this.edit({ kind: 'moveVertex', index: drag.vertex, x: at[0], y: Math.max(at[1], SNAP) });
      return;
    }
    const target = this.targetAt(event);
    if (target.vertex !== undefined) this.edit({ kind: 'addEdge', from: drag.vertex, to: target.vertex });
    else if (target.ground) {
      if (drag.vertex !== 0) this.edit({ kind: 'addEdge', from: drag.vertex, to: 0 });
    } else this.edit({ kind: 'addVertex', x: at[0], y: at[1], from: drag.vertex });
  };
}

/** Both ends of an edge as drawn: a ground end stands below the other end. */
function edgeEnds(graph: GraphBoard, [u, v]: [number, number]): [Point, Point] {
  const [pu, pv] = [graph.points[u], graph.points[v]];
  if (u === 0 && v === 0) return [pu, pu];
  if (u === 0) return [[pv[0], 0], pv];
  if (v === 0) return [pu, [pu[0], 0]];
  return [pu, pv];
}

/** A loop's path, rising from (x, y) in screen coordinates. */
function loopPath(x: number, y: number, size = 1): string {
  const [w, h] = [18 * size, (LOOP_HEIGHT * 4 * size) / 3];
  return `M ${x} ${y} C ${x - w} ${y - h}, ${x + w} ${y - h}, ${x} ${y}`;
}

/**
 * How far each edge bends, so parallel edges and loops on one vertex are
 * drawn apart: the k-th of c edges between the same two points bends by
 * (k − (c − 1)/2) steps.
 */
function parallelBends(edges: [number, number][]): number[] {
  const groups = new Map<string, number[]>();
  edges.forEach(([u, v], index) => {
    const key = u < v ? `${u},${v}` : `${v},${u}`;
    const group = groups.get(key);
    if (group) group.push(index);
    else groups.set(key, [index]);
  });
  const bends = edges.map(() => 0);
  for (const group of groups.values()) {
    group.forEach((index, k) => {
      const [u, v] = edges[index];
      bends[index] = u === v ? k : k - (group.length - 1) / 2;
    });
  }
  return bends;
}

/** The SVG path of an edge (y flipped to screen coordinates). */
function edgePath(graph: GraphBoard, edge: [number, number], bend: number): string {
  const [[x1, y1], [x2, y2]] = edgeEnds(graph, edge);
  if (edge[0] === edge[1]) return loopPath(x1, -y1, 1 + 0.45 * bend);
  if (bend === 0) return `M ${x1} ${-y1} L ${x2} ${-y2}`;
  const [dx, dy] = [x2 - x1, -(y2 - y1)];
  const length = Math.hypot(dx, dy) || 1;
  const [mx, my] = [(x1 + x2) / 2 - (dy / length) * BEND * bend * 2, (-y1 - y2) / 2 + (dx / length) * BEND * bend * 2];
  return `M ${x1} ${-y1} Q ${mx} ${my} ${x2} ${-y2}`;
}

customElements.define('grundy-graph', GraphBoardElement);
