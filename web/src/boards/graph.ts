import { css, html, nothing, svg, type SVGTemplateResult } from 'lit';
import { BoardElement, svgTitle } from './board';
import { isDrawing, isWinning, vertexValueText, type Board, type MoveInfo } from '../engine/model';
import { componentColour, inkOn } from '../elements/palette';
import { define } from '../elements/define';

/** Hackenbush's picture on the ground, tokens on a directed graph, or a graph whose vertices or edges are picked. */
type GraphBoard = Extract<Board, { kind: 'graph' | 'digraph' | 'network' }>;
type DigraphBoard = Extract<Board, { kind: 'digraph' }>;
type NetworkBoard = Extract<Board, { kind: 'network' }>;
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
/** A digraph's vertices are circles this big, so a token and its value fit. */
const DIGRAPH_RADIUS = 13;
/** An arrowhead's length and half width, in drawing units. */
const HEAD = [11, 5];

type Tool = 'draw' | 'move' | 'erase' | 'token';

/**
 * What a press started: in Edit, an edge from a vertex (0: Hackenbush's
 * ground) or moving one; in Play, sliding the tokens on a digraph vertex.
 */
interface Drag {
  vertex: number;
  moving: boolean;
  sliding?: boolean;
  to: Point;
  moved: boolean;
}

/**
 * A drawn graph. Hackenbush stands on its ground line: each piece standing
 * on the ground is drawn in its component's colour with its nimber above
 * it, and edges that do not reach the ground are dashed. A digraph's
 * arrows join vertices labelled with their Smith values, tokens in their
 * components' colours on them. A network's vertices are drawn in their
 * parts' colours, with each part's nimber above it, and a move picks a
 * vertex or an edge. In Play an edge is a move (chop it, slide a token
 * along it; tokens can also be dragged); in Edit a click adds a
 * vertex, a drag from a vertex (or the ground) draws an edge, and the tools
 * move, erase or place tokens.
 */
export class GraphBoardElement extends BoardElement {
  static properties = {
    ...BoardElement.properties,
    tool: { state: true },
    drag: { state: true },
    explainedVertex: { state: true },
  };

  declare private tool: Tool;
  declare private drag: Drag | undefined;
  /** The digraph vertex whose value is explained under the board, or -1. */
  declare private explainedVertex: number;
  /** The view box kept while drawing; see `steadyFrame`. */
  private keptFrame: [number, number, number, number] | undefined;

  constructor() {
    super();
    this.tool = 'draw';
    this.explainedVertex = -1;
  }

  static styles = css`
    :host { display: block; }
    .tools { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; font-size: 0.85rem; margin-bottom: 0.4rem; }
    .tools label { display: inline-flex; gap: 0.25rem; align-items: center; padding: 0.2rem 0.5rem; border-radius: 0.4rem;
      border: 1px solid var(--grundy-border, #999); cursor: pointer; min-height: 1.8rem; box-sizing: border-box; }
    .tools label:has(input:checked) { background: var(--grundy-accent, #0b57d0); color: #fff; border-color: transparent; }
    .tools input { margin: 0; }
    .hints { display: grid; flex: 1 1 14rem; color: var(--grundy-muted, #555); font-size: 0.8rem; }
    .hint { grid-area: 1 / 1; }
    .hint.unseen { visibility: hidden; }
    svg { display: block; margin: 0 auto; max-width: 100%; height: auto; max-height: var(--grundy-board-height, 78vh); touch-action: none; user-select: none; }
    .ground { stroke: var(--grundy-ink, #222); stroke-width: 5; stroke-linecap: round; }
    .soil { fill: var(--grundy-muted, #555); opacity: 0.12; }
    /* Lines keep their width in pixels whatever the picture's scale. */
    .edge, .hit, .halo, .ground, .last, .rubber { vector-effect: non-scaling-stroke; }
    .edge { fill: none; stroke-width: 5; stroke-linecap: round; }
    .edge.fallen { stroke: var(--grundy-muted, #777); stroke-dasharray: 6 6; stroke-width: 3; }
    .edge.idle { stroke: var(--grundy-muted, #777); stroke-width: 3; }
    .head { fill: var(--grundy-ink, #222); pointer-events: none; }
    .head.idle { fill: var(--grundy-muted, #777); }
    .halo.draws { stroke: var(--grundy-draw, #b45309); }
    .value { font: 600 13px system-ui, sans-serif; fill: var(--grundy-ink, #222); pointer-events: none; }
    .token { cursor: pointer; outline: none; }
    /* A token being dragged lets the pointer find the vertex under it. */
    .token.sliding { pointer-events: none; }
    .playable .token { cursor: grab; }
    .token circle { stroke: var(--grundy-surface, #fff); stroke-width: 2; }
    .token:focus-visible circle { stroke: var(--grundy-focus, #0b57d0); stroke-width: 3; outline: none; }
    .token .count { font: 700 11px system-ui, sans-serif; pointer-events: none; }
    .explains { cursor: help; outline: none; }
    .explains:focus-visible .vertex { stroke: var(--grundy-focus, #0b57d0); stroke-width: 4; }
    .explain { font-size: 0.85rem; border-left: 3px solid var(--grundy-accent, #0b57d0); padding: 0.2rem 0.6rem; margin-top: 0.4rem; }
    .explain h3 { font-size: 0.95rem; margin: 0 0 0.3rem; display: flex; justify-content: space-between; gap: 0.5rem; }
    .explain button { font: inherit; border: 0; background: transparent; color: inherit; cursor: pointer; }
    .explain ul { margin: 0; padding-left: 1rem; }
    .explain p { margin: 0.3rem 0 0; }
    .edge.going { opacity: var(--grundy-taken-opacity, 0.25); stroke-dasharray: 4 5; }
    .edge.winning { filter: drop-shadow(0 0 3px var(--grundy-win, #117733)); }
    .halo { fill: none; stroke: var(--grundy-win, #117733); stroke-width: var(--grundy-halo-width, 11); stroke-linecap: round; opacity: var(--grundy-halo-opacity, 0.35); }
    .hit { fill: none; stroke: transparent; stroke-width: 20; stroke-linecap: round; }
    @media (pointer: coarse) { .hit { stroke-width: 32; } }
    .playable .hit { cursor: pointer; }
    .hit:focus-visible { stroke: var(--grundy-focus, #0b57d0); stroke-opacity: 0.35; outline: none; }
    .vertex { fill: var(--grundy-surface, #fff); stroke: var(--grundy-ink, #222); stroke-width: 2.5; }
    .playable .vertex.pick { cursor: pointer; }
    .going .vertex { opacity: var(--grundy-taken-opacity, 0.25); stroke-dasharray: 3 3; }
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
    const board = this.analysis.board;
    return board.kind === 'graph' || board.kind === 'digraph' || board.kind === 'network' ? board : undefined;
  }

  render() {
    const graph = this.graph;
    if (!graph) return nothing;
    const directed = graph.kind === 'digraph';
    const grounded = graph.kind === 'graph';
    const [left, top, width, height] = this.steadyFrame(graph);
    const previewed = this.previewed;
    const footprint = new Set(previewed?.footprint.kind === 'items' ? previewed.footprint.items : []);
    // A network's footprint is the vertices a move takes, and with them their edges.
    const going = graph.kind === 'network' ? new Set(graph.edges.flatMap(([u, v], i) => (footprint.has(u) || footprint.has(v) ? [i] : []))) : footprint;
    const partColours = this.partColours();
    const colourOf = this.edgeColours(graph, partColours);
    const picksVertices = graph.kind === 'network' && graph.picks === 'vertices';
    const moveOf = new Map<number, MoveInfo>();
    for (const move of this.analysis.moves.all()) if (move.anchor.kind === 'items') moveOf.set(move.anchor.items[0], move);
    const edgeMoves = picksVertices ? new Map<number, MoveInfo>() : moveOf;
    const bends = parallelBends(graph.edges);
    const playable = this.interactive && !this.editing;
    const emptyText = directed
      ? this.editing ? 'Click to add a vertex; drag from one vertex to another for an arrow.' : 'No arrows: no move can be made.'
      : !grounded
        ? this.editing ? 'Click to add a vertex; drag from one vertex to another for an edge.' : 'No move can be made.'
        : this.editing ? 'Click above the ground to add a vertex; drag from the ground to grow an edge.' : 'No edges: no move can be made.';
    const noMove = graph.kind === 'network' ? this.analysis.moves.length === 0 && !this.editing : graph.edges.length === 0;
    return html`${this.editing ? this.renderTools(graph.kind) : nothing}
      <svg viewBox="${left} ${top} ${width} ${height}" role="group" style="width: var(--grundy-board-width, ${width * MAX_SCALE}px)"
        class="${this.editing ? 'editing' : ''} ${playable ? 'playable' : ''}"
        aria-label=${this.describe(graph)}
        @pointerdown=${this.onPointerDown} @pointermove=${this.onPointerMove} @pointerup=${this.onPointerUp}
        @pointercancel=${() => (this.drag = undefined)}>
        ${!grounded
          ? nothing
          : svg`<rect class="soil" data-ground="" x=${left} y="0" width=${width} height=${top + height}></rect>
            <line class="ground" data-ground="" x1=${left} y1="0" x2=${left + width} y2="0"></line>`}
        ${noMove ? svg`<text class="empty" x=${left + 16} y=${top + 24}>${emptyText}</text>` : nothing}
        ${graph.edges.map((edge, index) => {
          const { path, head } = edgeShape(graph, edge, bends[index]);
          const move = edgeMoves.get(index);
          const colour = colourOf.get(index);
          const wins = this.hints && move !== undefined && isWinning(this.analysis, move);
          const draws = this.hints && move !== undefined && isDrawing(this.analysis, move);
          const label = this.edgeLabel(graph, index, move);
          const kind = colour ? '' : directed ? 'idle' : 'fallen';
          return svg`<g data-edge=${index}>
            ${wins || draws ? svg`<path class="halo ${draws ? 'draws' : ''}" d=${path}></path>` : nothing}
            <path class="edge ${kind} ${going.has(index) ? 'going' : ''} ${wins ? 'winning' : ''}"
              style=${colour ? `stroke:${colour}` : ''} d=${path}></path>
            ${head ? svg`<path class="head ${kind}" style=${colour ? `fill:${colour}` : ''} d=${head}></path>` : nothing}
            <path class="hit" data-edge=${index} d=${path}
              tabindex="-1" data-stop=${playable && move ? '' : nothing} role=${move ? 'button' : 'img'} aria-label=${label}
              @click=${() => this.play(move)} @keydown=${(e: KeyboardEvent) => this.activateOnKey(e, () => this.play(move))}
              @mouseenter=${() => this.previewMove(move)} @mouseleave=${() => this.previewMove(undefined)}
              @focus=${() => this.previewMove(move)} @blur=${() => this.previewMove(undefined)}>${svgTitle(label)}</path>
          </g>`;
        })}
        ${this.renderLastMove(graph, bends)}
        ${graph.kind === 'digraph'
          ? svg`${graph.points.map((point, index) => this.renderDigraphVertex(graph, point, index))}${this.renderTokens(graph)}`
          : graph.kind === 'network'
            ? svg`${graph.points.map((point, index) => this.renderNetworkVertex(point, index, partColours.get(index), footprint, picksVertices ? moveOf.get(index) : undefined))}
              ${this.quiet ? nothing : this.renderNetworkBadges(graph)}`
          : svg`${graph.points.map((point, index) => (index === 0 ? nothing : this.renderVertex(point, index)))}
            ${this.quiet ? nothing : this.renderBadges(graph)}`}
        ${this.renderRubberBand(graph)}
      </svg>
      ${graph.kind === 'digraph' && !this.editing && this.explainedVertex >= 0 && this.explainedVertex < graph.points.length
        ? this.renderVertexExplanation(graph, this.explainedVertex)
        : nothing}`;
  }

  /**
   * Why a vertex has its Smith value: its followers grouped by the values
   * the core gave them, and Smith's rule in words. Nothing is worked out
   * here; a finite value is the least one missing among the followers'.
   */
  private renderVertexExplanation(graph: DigraphBoard, vertex: number) {
    const byValue = new Map<string, number[]>();
    let endless = false;
    for (const [u, v] of graph.edges) {
      if (u !== vertex) continue;
      const value = graph.values[v];
      if (value.nimber === undefined) endless = true;
      const text = vertexValueText(value);
      if (!byValue.get(text)?.includes(v)) byValue.set(text, [...(byValue.get(text) ?? []), v]);
    }
    const value = graph.values[vertex];
    const set = (values: number[]) => `{${values.map((n) => `*${n}`).join(', ')}}`;
    const why =
      byValue.size === 0
        ? 'No arrows out: its value is the mex of nothing, *0.'
        : value.nimber === undefined
          ? `It is ∞ with K = ${set(value.k ?? [])}, the finite values it reaches: some follower worth ∞ has no move back to the least value missing from K, so play from here can go on forever.`
          : `*${value.nimber} is the least value missing among its finite followers.${endless ? ` Each follower worth ∞ has a move back to *${value.nimber}, so it does not change that (Smith).` : ''}`;
    return html`<section class="explain" role="group" aria-label=${`Why vertex ${vertex} is ${vertexValueText(value)}`}>
      <h3>Why vertex ${vertex} is ${vertexValueText(value)}
        <button aria-label="Close" @click=${() => (this.explainedVertex = -1)}>×</button></h3>
      <ul>${[...byValue].map(([text, vertices]) => html`<li>→ <strong>${text}</strong>: ${vertices.length === 1 ? 'vertex' : 'vertices'} ${vertices.join(', ')}</li>`)}</ul>
      <p>${why}</p>
    </section>`;
  }

  /**
   * A network's vertex, in its part's colour; where a move picks it, a
   * click plays that move.
   */
  private renderNetworkVertex([x, y]: Point, index: number, colour: string | undefined, going: Set<number>, move: MoveInfo | undefined): SVGTemplateResult {
    const wins = this.hints && move !== undefined && isWinning(this.analysis, move);
    const label = move ? this.moveWords(move) : `Vertex ${index}`;
    const playable = this.interactive && !this.editing && move !== undefined;
    return svg`<g class=${going.has(index) ? 'going' : ''}>
      ${wins ? svg`<circle class="halo" cx=${x} cy=${-y} r="12"></circle>` : nothing}
      <circle class="vertex ${playable ? 'pick' : ''}" data-vertex=${index} cx=${x} cy=${-y} r="10"
        style=${colour ? `fill:${colour}` : ''} role=${playable ? 'button' : 'img'} tabindex="-1" aria-label=${label}
        data-stop=${playable ? '' : nothing}
        @click=${() => playable && this.play(move)} @keydown=${(e: KeyboardEvent) => playable && this.activateOnKey(e, () => this.play(move))}
        @mouseenter=${() => this.previewMove(move)} @mouseleave=${() => this.previewMove(undefined)}
        @focus=${() => this.previewMove(move)} @blur=${() => this.previewMove(undefined)}>${svgTitle(label)}</circle>
      <text class="index" x=${x + 12} y=${-y - 10}>${index}</text>
    </g>`;
  }

  /** Each part's nimber, above its highest vertex; a click explains it. */
  private renderNetworkBadges(graph: NetworkBoard) {
    return this.analysis.components.map((component) => {
      if (component.region.kind !== 'items' || component.region.items.length === 0) return nothing;
      const [bx, by] = component.region.items.map((v) => graph.points[v]).reduce((high, p) => (p[1] > high[1] ? p : high));
      return this.badge(component, bx, by + 14);
    });
  }

  /** A component's nimber in a pill centred above (x, y). */
  private badge(component: { id: number; label: string; nimber: number }, x: number, y: number) {
    const colour = componentColour(component.id);
    const text = `*${component.nimber}`;
    const w = 14 + 8 * text.length;
    return svg`<g class="badge" role="button" tabindex="0" aria-label=${`${component.label}: nimber ${text}; explain it`}
      @click=${() => this.selectComponent(component.id)}
      @keydown=${(e: KeyboardEvent) => this.activateOnKey(e, () => this.selectComponent(component.id))}>
      <rect x=${x - w / 2} y=${-y - 40} width=${w} height="22" rx="11" fill=${colour}></rect>
      <text x=${x} y=${-y - 24} text-anchor="middle" fill=${inkOn(colour)}>${text}</text>
    </g>`;
  }

  /** An edge in words: the move it is, and what the move does. */
  private edgeLabel(graph: GraphBoard, index: number, move: MoveInfo | undefined): string {
    if (graph.kind === 'digraph') {
      const [u, v] = graph.edges[index];
      if (!move) return `Arrow ${index + 1}: ${u} → ${v}`;
      return this.moveWords(move);
    }
    if (graph.kind === 'network') {
      const [u, v] = graph.edges[index];
      return move ? this.moveWords(move) : `Edge ${u}–${v}`;
    }
    return move ? this.moveWords(move) : `Edge ${index + 1}, not joined to the ground`;
  }

  private renderTools(kind: GraphBoard['kind']) {
    const tools: [Tool, string, string][] = kind === 'digraph'
      ? [
          ['draw', 'Draw', 'Click to add a vertex; drag from a vertex to another, or to empty space, for an arrow.'],
          ['move', 'Move', 'Drag a vertex to move it.'],
          ['token', 'Token', 'Click a vertex to put a token on it.'],
          ['erase', 'Erase', 'Click an arrow, a token or a vertex to remove it.'],
        ]
      : [
          ['draw', 'Draw', `Click to add a vertex; drag from a vertex${kind === 'graph' ? ' or the ground' : ''} to another, or to empty space, for an edge.`],
          ['move', 'Move', 'Drag a vertex to move it.'],
          ['erase', 'Erase', 'Click an edge or a vertex to remove it.'],
        ];
    // Every tool's hint is laid out in one cell, the others unseen, so the
    // cell is as tall as the longest and a change of tool never moves the drawing.
    return html`<div class="tools" data-tool role="radiogroup" aria-label="Drawing tool">
      ${tools.map(([tool, name]) => html`<label><input type="radio" name="tool" .checked=${this.tool === tool}
        @change=${() => (this.tool = tool)} />${name}</label>`)}
      <span class="hints">${tools.map(([tool, , hint]) => html`<span class="hint ${tool === this.tool ? '' : 'unseen'}">${hint}</span>`)}</span>
      <button @click=${() => this.refit()} title="Fit the view to the drawing">Fit</button>
    </div>`;
  }

  /** Fits the view to the drawing now, rather than when something leaves it. */
  private refit(): void {
    this.keptFrame = undefined;
    this.requestUpdate();
  }

  private renderVertex([x, y]: Point, index: number): SVGTemplateResult {
    return svg`<g>
      <circle class="vertex" data-vertex=${index} cx=${x} cy=${-y} r="7">${svgTitle(`Vertex ${index}`)}</circle>
      <text class="index" x=${x + 9} y=${-y - 8}>${index}</text>
    </g>`;
  }

  /** A digraph vertex with its Smith value under it; its title lists where its arrows lead, and a click explains it. */
  private renderDigraphVertex(graph: DigraphBoard, [x, y]: Point, index: number): SVGTemplateResult {
    const value = graph.values[index] ? vertexValueText(graph.values[index]) : '';
    const followers = graph.edges.filter(([u]) => u === index).map(([, v]) => (this.quiet ? `${v}` : `${v} (${vertexValueText(graph.values[v])})`));
    const title = `Vertex ${index}${this.quiet ? '' : `, ${value}`}: ${followers.length ? `arrows to ${followers.join(', ')}` : 'no arrows out'}`;
    const explains = !this.editing && !this.quiet;
    return svg`<g class=${explains ? 'explains' : ''} role=${explains ? 'button' : 'img'} tabindex=${explains ? '0' : '-1'} aria-label=${explains ? `${title}; explain it` : title}
      @keydown=${(e: KeyboardEvent) => explains && this.activateOnKey(e, () => this.explainVertex(index))}>
      <circle class="vertex" data-vertex=${index} cx=${x} cy=${-y} r=${DIGRAPH_RADIUS}>${svgTitle(title)}</circle>
      <text class="index" x=${x + DIGRAPH_RADIUS + 2} y=${-y - DIGRAPH_RADIUS + 2}>${index}</text>
      ${this.quiet ? nothing : svg`<text class="value" x=${x} y=${-y + DIGRAPH_RADIUS + 15} text-anchor="middle">${value}</text>`}
    </g>`;
  }

  /**
   * The tokens, one disc per vertex in the colour of the first token there
   * (with a count when several share it). A click explains the token; in
   * Play a drag slides it to a follower.
   */
  private renderTokens(graph: DigraphBoard) {
    const first = new Map<number, number[]>();
    graph.tokens.forEach((vertex, token) => {
      first.set(vertex, [...(first.get(vertex) ?? []), token]);
    });
    const sliding = this.drag?.sliding && this.drag.moved ? this.drag : undefined;
    return [...first].map(([vertex, tokens]) => {
      const component = this.analysis.components.find((c) => c.id === tokens[0]);
      const colour = componentColour(tokens[0]);
      let [x, y] = graph.points[vertex];
      if (sliding?.vertex === vertex) [x, y] = sliding.to;
      const names = tokens.map((t) => t + 1).join(', ');
      const label = `${tokens.length === 1 ? 'Token' : 'Tokens'} ${names} on vertex ${vertex}${component ? `: ${component.label}` : ''}`;
      return svg`<g class="token ${sliding?.vertex === vertex ? 'sliding' : ''}" role="button" tabindex="0" data-token=${vertex} aria-label=${`${label}; explain it`}
        @click=${() => component && this.selectComponent(component.id)}
        @keydown=${(e: KeyboardEvent) => this.activateOnKey(e, () => component && this.selectComponent(component.id))}>
        ${svgTitle(label)}
        <circle data-token=${vertex} cx=${x} cy=${-y} r="9" fill=${colour}></circle>
        ${tokens.length > 1 ? svg`<text class="count" x=${x} y=${-y + 4} text-anchor="middle" fill=${inkOn(colour)}>${tokens.length}</text>` : nothing}
      </g>`;
    });
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
      return this.badge(component, bx, by);
    });
  }

  /** Where the edges the last move took were drawn, or the arrow it slid along. */
  private renderLastMove(graph: GraphBoard, bends: number[]) {
    const last = this.lastMove;
    if (last?.kind === 'items' && graph.kind === 'digraph') {
      return svg`<g aria-label=${`${this.lastMoveTitle}: the arrow it slid along`}>${svgTitle(this.lastMoveTitle)}
        ${last.items.map((index) => svg`<path class="last" d=${edgeShape(graph, graph.edges[index], bends[index]).path}></path>`)}</g>`;
    }
    if (last?.kind !== 'segments') return nothing;
    return svg`<g aria-label=${`${this.lastMoveTitle}: the edges it took`}>${svgTitle(this.lastMoveTitle)}
      ${last.segments.map(([x1, y1, x2, y2]) =>
        x1 === x2 && y1 === y2
          ? svg`<path class="last" d=${loopPath(x1, -y1)}></path>`
          : svg`<line class="last" x1=${x1} y1=${-y1} x2=${x2} y2=${-y2}></line>`,
      )}</g>`;
  }

  private renderRubberBand(graph: GraphBoard) {
    const drag = this.drag;
    if (!drag || drag.moving || drag.sliding || !drag.moved) return nothing;
    const [fx, fy] = drag.vertex === 0 && graph.kind === 'graph' ? [drag.to[0], 0] : graph.points[drag.vertex];
    return svg`<line class="rubber" x1=${fx} y1=${-fy} x2=${drag.to[0]} y2=${-drag.to[1]}></line>`;
  }

  /**
   * While drawing, the view stays where it is, so that the next stroke
   * starts where the person aims: it is fitted again only when a vertex
   * leaves it, or when asked (Fit).
   */
  private steadyFrame(graph: GraphBoard): [number, number, number, number] {
    const kept = this.keptFrame;
    if (!this.editing) this.keptFrame = undefined;
    else if (kept && graph.points.every(([x, y]) => inside(kept, x, -y))) return kept;
    const fitted = this.frame(graph);
    if (this.editing) this.keptFrame = fitted;
    return fitted;
  }

  /** The view box: every vertex with a margin, and room to draw into while editing. */
  private frame(graph: GraphBoard): [number, number, number, number] {
    const room = this.editing ? EDIT_ROOM : 0;
    if (graph.kind !== 'graph') {
      // A network whose every vertex has been taken has no points: frame the origin.
      const points = graph.points.length > 0 ? graph.points : [[0, 0]];
      const xs = points.map(([x]) => x);
      const ys = points.map(([, y]) => y);
      // Room for the value written under the lowest vertex; while editing,
      // room to draw into on the right and below.
      const [minX, maxX] = [Math.min(...xs) - MARGIN, Math.max(...xs) + MARGIN + room];
      // A network's badges stand above its highest vertices.
      const badges = graph.kind === 'network' ? 44 : 0;
      const [low, high] = [Math.min(...ys) - MARGIN - 24 - room / 2, Math.max(...ys) + MARGIN + badges];
      const width = Math.max(MIN_WIDTH, maxX - minX);
      const height = Math.max(MIN_HEIGHT, high - low);
      // A small drawing sits in the middle of the smallest frame.
      const top = high + (height - (high - low)) / 2;
      return [minX - (width - (maxX - minX)) / 2, -top, width, height];
    }
    const shown = graph.points.slice(1);
    const xs = shown.map(([x]) => x);
    const ys = shown.map(([, y]) => y);
    const minX = Math.min(0, ...xs) - MARGIN;
    const maxX = Math.max(minX + MIN_WIDTH, Math.max(0, ...xs) + MARGIN + room);
    const maxY = Math.max(MIN_HEIGHT, Math.max(0, ...ys) + MARGIN + 30 + room);
    // The ground line, with a strip of soil under it.
    const minY = -30;
    return [minX, -maxY, maxX - minX, maxY - minY];
  }

  /** Each item's colour, by the component whose region holds it: Hackenbush's edges, a network's vertices. */
  private partColours(): Map<number, string> {
    const colours = new Map<number, string>();
    for (const component of this.analysis.components) {
      if (component.region.kind === 'items') for (const item of component.region.items) colours.set(item, componentColour(component.id));
    }
    return colours;
  }

  /** Each standing edge's colour: its piece's; on a digraph, each arrow a token can slide along, the token's. */
  private edgeColours(graph: GraphBoard, partColours: Map<number, string>): Map<number, string> {
    const colours = new Map<number, string>();
    if (graph.kind === 'network') {
      graph.edges.forEach(([u], index) => {
        const colour = partColours.get(u);
        if (colour) colours.set(index, colour);
      });
      return colours;
    }
    if (graph.kind === 'digraph') {
      for (const move of this.analysis.moves.all()) {
        if (move.anchor.kind === 'items') colours.set(move.anchor.items[0], componentColour(move.component));
      }
      return colours;
    }
    // A piece's items are its edges.
    return partColours;
  }

  private describe(graph: GraphBoard): string {
    if (graph.kind === 'digraph') {
      return `A directed graph of ${count(graph.points.length, 'vertex', 'vertices')} and ${count(graph.edges.length, 'arrow')}, with ${count(graph.tokens.length, 'token')}` +
        (this.quiet ? '' : `; ${count(this.analysis.moves.length, 'move')}`);
    }
    if (graph.kind === 'network') {
      return `A graph of ${count(graph.points.length, 'vertex', 'vertices')} and ${count(graph.edges.length, 'edge')}` +
        (this.quiet ? '' : `, in ${count(this.analysis.components.length, 'part')}; ${count(this.analysis.moves.length, 'move')}`);
    }
    const standing = this.analysis.moves.length;
    return `A picture of ${count(graph.points.length - 1, 'vertex', 'vertices')} and ${count(graph.edges.length, 'edge')}, ${standing} of them standing on the ground` +
      (this.quiet ? '' : `, in ${count(this.analysis.components.length, 'piece')}`);
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
  private targetAt(event: PointerEvent): { vertex?: number; token?: number; edge?: number; ground?: boolean; empty?: boolean } {
    const root = this.renderRoot as ShadowRoot;
    const element = root.elementFromPoint(event.clientX, event.clientY) as SVGElement | null;
    const data = element?.dataset ?? {};
    if (data.token !== undefined) return { token: Number(data.token) };
    if (data.vertex !== undefined) return { vertex: Number(data.vertex) };
    if (data.edge !== undefined) return { edge: Number(data.edge) };
    if (data.ground !== undefined) return { ground: true };
    return { empty: element?.tagName === 'svg' };
  }

  private readonly onPointerDown = (event: PointerEvent) => {
    const graph = this.graph;
    if (!graph || event.button !== 0) return;
    const target = this.targetAt(event);
    const at = this.drawingPoint(event);
    if (!this.editing) {
      // A token can be dragged to where it goes.
      if (target.token === undefined || !this.interactive) return;
      (event.currentTarget as Element).setPointerCapture(event.pointerId);
      this.drag = { vertex: target.token, moving: false, sliding: true, to: at, moved: false };
      return;
    }
    if (this.tool === 'erase') {
      if (target.token !== undefined) this.edit({ kind: 'removeToken', vertex: target.token });
      else if (target.vertex !== undefined) this.edit({ kind: 'removeVertex', index: target.vertex });
      else if (target.edge !== undefined) this.edit({ kind: 'removeEdge', index: target.edge });
      return;
    }
    const vertex = target.vertex ?? target.token ?? (target.ground ? 0 : undefined);
    if (vertex === undefined) return;
    if (this.tool === 'token') {
      this.edit({ kind: 'addToken', vertex });
      return;
    }
    if (this.tool === 'move' && vertex === 0 && graph.kind === 'graph') return;
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
    if (!graph) return;
    const drag = this.drag;
    this.drag = undefined;
    const at = this.drawingPoint(event);
    if (drag?.sliding) {
      if (drag.moved) this.slideTo(graph, drag.vertex, this.targetAt(event));
      else if (graph.kind === 'digraph') {
        // A press without a drag is a click on the token: explain it.
        const token = graph.tokens.indexOf(drag.vertex);
        if (token >= 0) this.selectComponent(token);
      }
      return;
    }
    if (!this.editing) {
      // A click on a digraph vertex explains its value.
      const target = this.targetAt(event);
      if (!drag && graph.kind === 'digraph' && !this.quiet && target.vertex !== undefined) this.explainVertex(target.vertex);
      return;
    }
    if (!drag) {
      // A click on empty space (above the ground) adds a vertex there.
      const target = this.targetAt(event);
      if (this.tool === 'draw' && event.button === 0 && target.empty) {
        this.edit({ kind: 'addVertex', x: at[0], y: at[1] });
      }
      return;
    }
    if (!drag.moved) return;
    if (drag.moving) {
      const y = graph.kind === 'graph' ? Math.max(at[1], SNAP) : at[1];
      this.edit({ kind: 'moveVertex', index: drag.vertex, x: at[0], y });
      return;
    }
    const target = this.targetAt(event);
    const to = target.vertex ?? target.token;
    if (to !== undefined) this.edit({ kind: 'addEdge', from: drag.vertex, to });
    else if (target.ground) {
      if (drag.vertex !== 0) this.edit({ kind: 'addEdge', from: drag.vertex, to: 0 });
    } else this.edit({ kind: 'addVertex', x: at[0], y: at[1], from: drag.vertex });
  };

  /** Shows why a vertex has its value, or hides it on a second click. */
  private explainVertex(vertex: number): void {
    this.explainedVertex = this.explainedVertex === vertex ? -1 : vertex;
  }

  /** Plays the slide of the token on `from` along an arrow to the vertex dropped on. */
  private slideTo(graph: GraphBoard, from: number, target: { vertex?: number; token?: number }): void {
    const to = target.vertex ?? target.token;
    const move = this.analysis.moves.all().find((m) => {
      if (m.anchor.kind !== 'items') return false;
      const [u, v] = graph.edges[m.anchor.items[0]];
      return u === from && v === to;
    });
    if (move) this.emit('board-play', { move: move.id });
  }
}

/** Both ends of an edge as drawn: in Hackenbush a ground end stands below the other end. */
function edgeEnds(graph: GraphBoard, [u, v]: [number, number]): [Point, Point] {
  const [pu, pv] = [graph.points[u], graph.points[v]];
  if (graph.kind !== 'graph') return [pu, pv];
  if (u === 0 && v === 0) return [pu, pu];
  if (u === 0) return [[pv[0], 0], pv];
  if (v === 0) return [pu, [pu[0], 0]];
  return [pu, pv];
}

/** A loop's path, rising from (x, y) in screen coordinates. */
function loopPath(x: number, y: number, size = 1): string {
  const [w, h] = loopReach(size);
  return `M ${x} ${y} C ${x - w} ${y - h}, ${x + w} ${y - h}, ${x} ${y}`;
}

/** How far a loop's control points lie from its vertex, across and up. */
function loopReach(size: number): [number, number] {
  return [18 * size, (LOOP_HEIGHT * 4 * size) / 3];
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
      // A bend is to the left of the edge's direction: one drawn the other way bends the other way.
      const side = u <= v ? 1 : -1;
      bends[index] = u === v ? k : side * (k - (group.length - 1) / 2);
    });
  }
  return bends;
}

/**
 * The SVG path of an edge (y flipped to screen coordinates) and, on a
 * digraph, the arrowhead at its end, both stopping at the end's circle.
 */
function edgeShape(graph: GraphBoard, edge: [number, number], bend: number): { path: string; head?: string } {
  const [[x1, y1], [x2, y2]] = edgeEnds(graph, edge);
  const directed = graph.kind === 'digraph';
  if (edge[0] === edge[1]) {
    const size = 1 + 0.45 * bend;
    const path = loopPath(x1, -y1, size);
    if (!directed) return { path };
    // The loop comes back down into its vertex from its second control point.
    const [w, h] = loopReach(size);
    return { path, head: arrowHead([x1 + w, -y1 - h], [x1, -y1]).d };
  }
  const [sx, sy, ex, ey] = [x1, -y1, x2, -y2];
  const [dx, dy] = [ex - sx, ey - sy];
  const length = Math.hypot(dx, dy) || 1;
  const control: Point | undefined =
    bend === 0 ? undefined : [(sx + ex) / 2 - (dy / length) * BEND * bend * 2, (sy + ey) / 2 + (dx / length) * BEND * bend * 2];
  if (!directed) {
    return { path: control ? `M ${sx} ${sy} Q ${control[0]} ${control[1]} ${ex} ${ey}` : `M ${sx} ${sy} L ${ex} ${ey}` };
  }
  const head = arrowHead(control ?? [sx, sy], [ex, ey]);
  const [tx, ty] = head.base;
  return { path: control ? `M ${sx} ${sy} Q ${control[0]} ${control[1]} ${tx} ${ty}` : `M ${sx} ${sy} L ${tx} ${ty}`, head: head.d };
}

/** An arrowhead pointing from `from` to `to`, its tip on the circle round `to`; `base` is where the shaft ends. */
function arrowHead(from: Point, to: Point): { d: string; base: Point } {
  const [dx, dy] = [to[0] - from[0], to[1] - from[1]];
  const length = Math.hypot(dx, dy) || 1;
  const [ux, uy] = [dx / length, dy / length];
  const tip: Point = [to[0] - ux * (DIGRAPH_RADIUS + 1), to[1] - uy * (DIGRAPH_RADIUS + 1)];
  const base: Point = [tip[0] - ux * HEAD[0], tip[1] - uy * HEAD[0]];
  const d = `M ${tip[0]} ${tip[1]} L ${base[0] - uy * HEAD[1]} ${base[1] + ux * HEAD[1]} L ${base[0] + uy * HEAD[1]} ${base[1] - ux * HEAD[1]} Z`;
  return { d, base };
}

define('grundy-graph', GraphBoardElement);

/** `1 edge`, `2 edges`: a number with its noun. */
function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Whether the point lies in the view box with room for a vertex's circle and number. */
function inside([left, top, width, height]: [number, number, number, number], x: number, y: number): boolean {
  const room = 16;
  return x >= left + room && x <= left + width - room && y >= top + room && y <= top + height - room;
}
