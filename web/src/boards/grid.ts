import { css, html, nothing, svg } from 'lit';
import { BoardElement, svgTitle, type MovesByCell } from './board';
import { fingerStyles } from './finger';
import {
  heatState,
  isWinning,
  type Board,
  type Component,
  type Face,
  type ForfeitMove,
  type Heat,
  type MoveInfo,
  type Overlay,
  type Region,
  type TileFill,
  type TileInfo,
} from '../engine/model';
import { regionKeys } from '../engine/regions';
import { componentColour, inkOn } from '../elements/palette';
import { define } from '../elements/define';

type GridBoard = Extract<Board, { kind: 'grid' }>;

/** The largest cell, in SVG units: small boards grow to it, large ones share 720 units. */
const MAX_CELL = 64;
/** The least height a board is fitted to, however little of the screen is left below its top. */
const MIN_FIT_PX = 280;
/** A nimber badge's height, in SVG units. */
const BADGE_HEIGHT = 15;

/** How each kind of ground a tile is coloured, by the theme's properties. */
const FILLS: Record<TileFill, string> = {
  open: 'var(--tile-open)',
  wall: 'var(--tile-wall)',
  hot: 'var(--tile-hot)',
  exit: 'var(--tile-exit)',
  occupied: '#0072B2',
};

/** A coin's face, by the theme's properties. */
const FACES: Record<Face, string> = {
  heads: 'var(--coin-heads)',
  tails: 'var(--coin-tails)',
};

/** Each legend's tiles by character, made once per analysis's board. */
const tilesOf = new WeakMap<GridBoard, Map<string, TileInfo>>();

function tileInfo(grid: GridBoard, tile: string): TileInfo | undefined {
  let tiles = tilesOf.get(grid);
  if (!tiles) tilesOf.set(grid, (tiles = new Map(grid.legend.tiles.map((info) => [info.tile, info]))));
  return tiles.get(tile);
}

/**
 * Grids: Bacterial Tactics, World of Darkraft, BoardEscape. Components are
 * tinted and badged from their regions, the hovered move's footprint is
 * shown, and a cell with several moves (H/V, four directions) plays the
 * chosen variant or offers a choice.
 */
export class GridBoardElement extends BoardElement {
  static properties = {
    ...BoardElement.properties,
    game: { type: String },
    variant: { state: true },
    brush: { state: true },
    rotated: { state: true },
    choosing: { state: true },
    focusCell: { state: true },
    hoverForfeit: { state: true },
    heatN: { state: true },
    overlayOn: { state: true },
    fitHeight: { state: true },
  };

  declare game: string;
  declare private variant: string;
  declare private brush: string;
  declare private rotated: boolean;
  /** The cell whose moves are offered in a chooser. */
  declare private choosing: [number, number] | undefined;
  declare private focusCell: [number, number];
  /** A placement that would lose at once, previewed in red. */
  declare private hoverForfeit: ForfeitMove | undefined;
  /** The n whose values colour the board, or undefined for no heat map. */
  declare private heatN: number | undefined;
  /** Whether the board's overlay (Wythoff's cold squares) is drawn. */
  declare private overlayOn: boolean;
  private painting = false;
  /**
   * The most the board may be tall to end within the screen, for a board
   * that starts in the top half of the first screen, as the playground's
   * does; lower on a page (a post's embed) the style's height holds alone.
   */
  declare private fitHeight: number | undefined;
  private readonly onLayout = () => {
    const stage = this.renderRoot.querySelector('.stage');
    if (!stage || !this.isConnected || this.offsetParent === null) return;
    const top = stage.getBoundingClientRect().top + window.scrollY;
    const fit = top < window.innerHeight / 2 ? Math.max(MIN_FIT_PX, Math.floor(window.innerHeight - top - 16)) : undefined;
    if (fit !== this.fitHeight) this.fitHeight = fit;
  };
  private readonly layoutWatch = new ResizeObserver(this.onLayout);

  constructor() {
    super();
    this.game = '';
    this.variant = '';
    this.brush = '';
    this.rotated = false;
    this.choosing = undefined;
    this.focusCell = [0, 0];
    this.overlayOn = false;
  }

  connectedCallback(): void {
    super.connectedCallback();
    // Shown after being hidden, or the window resized: the room below the board changed.
    this.layoutWatch.observe(this);
    window.addEventListener('resize', this.onLayout);
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.layoutWatch.disconnect();
    window.removeEventListener('resize', this.onLayout);
  }

  private get grid(): GridBoard | undefined {
    const board = this.analysis?.board;
    return board?.kind === 'grid' ? board : undefined;
  }

  /** The variants the moves offer, in the legend's one order, so that buttons and keys never move. */
  private get variants(): string[] {
    const offered = new Set(this.analysis.moves.all().map((m) => m.variant));
    return (this.grid?.legend.variants ?? []).filter((v) => offered.has(v));
  }

  private cellSize(grid: GridBoard): number {
    return Math.max(6, Math.min(MAX_CELL, Math.floor(720 / Math.max(grid.cols, grid.rows))));
  }

  static styles = [
    fingerStyles,
    css`
    /* The tiles' colours come from the game's theme. */
    :host { display: block; }
    .tools { display: flex; flex-wrap: wrap; gap: 0.4rem 0.8rem; align-items: center; margin-bottom: 0.5rem; font-size: 0.85rem; }
    .tools button { font: inherit; border: 1px solid var(--grundy-border, #999); background: var(--grundy-surface, #fff);
      color: inherit; border-radius: 0.4rem; padding: 0.2rem 0.55rem; cursor: pointer; }
    .tools button[aria-pressed='true'] { background: var(--grundy-accent, #0b57d0); color: var(--grundy-bg, #fff); }
    .tools input[type='number'] { width: 4.5rem; font: inherit; }
    .tools input[aria-label='n, any size'], .tools input.number { width: 8rem; }
    .stage { position: relative; max-width: 100%; }
    /* The board scales down to the column and to the screen's height, never past either. */
    svg { display: block; margin: 0 auto; width: var(--grundy-board-width, auto); max-width: 100%; max-height: var(--grundy-board-height, 78vh);
      height: auto; touch-action: none; user-select: none; }
    rect.cell { stroke: var(--grundy-border, #bbb); stroke-width: 0.5; }
    .interactive rect.cell.playable { cursor: pointer; }
    .editing rect.cell { cursor: crosshair; }
    rect.focus { fill: none; stroke: var(--grundy-focus, #0b57d0); stroke-width: 3; pointer-events: none; visibility: hidden; }
    :host(:focus-visible) { outline: none; }
    :host(:focus-visible) rect.focus { visibility: visible; }
    .footprint { fill: var(--grundy-accent, #0b57d0); opacity: 0.45; pointer-events: none; }
    .footprint.forfeit { fill: #cc3311; opacity: 0.55; }
    .last rect { fill: none; stroke: var(--grundy-last, #c2410c); stroke-width: 3; stroke-dasharray: 5 3; pointer-events: none; }
    .outline { fill: none; stroke-width: 2.5; pointer-events: none; }
    .tint { pointer-events: none; }
    .win { pointer-events: none; font-weight: 700; }
    .token { pointer-events: none; }
    .badge { cursor: pointer; }
    .badge text, .token text { font: 700 11px system-ui, sans-serif; }
    .mark { pointer-events: none; font-family: system-ui, sans-serif; }
    .chooser { position: absolute; display: flex; gap: 0.25rem; padding: 0.3rem; background: var(--grundy-bg, #fff);
      border: 1px solid var(--grundy-border, #999); border-radius: 0.5rem; box-shadow: 0 4px 14px rgb(0 0 0 / 0.2); z-index: 2; }
    .chooser button { font: inherit; font-size: 0.8rem; border: 1px solid var(--grundy-border, #999); border-radius: 0.4rem;
      background: var(--grundy-surface, #fff); color: inherit; cursor: pointer; padding: 0.2rem 0.45rem; }
    .chooser button, .tools button { min-width: var(--finger-target, 0); min-height: var(--finger-target, 0); }
    .chooser button.wins { border-color: var(--grundy-win, #117733); border-width: 2px; }
    .legend { font-size: 0.75rem; color: var(--grundy-muted, #555); margin-top: 0.35rem; }
    .chart { margin: 0.5rem 0 0; font-size: 0.75rem; color: var(--grundy-muted, #555); }
    .overlay { pointer-events: none; }
    .overlay line { stroke: var(--grundy-accent, #0b57d0); stroke-width: 2; stroke-dasharray: 6 4; opacity: 0.8; }
    .overlay circle { fill: none; stroke: var(--grundy-accent, #0b57d0); stroke-width: 2.5; }
    .caption { font-size: 0.85rem; color: var(--grundy-muted, #555); margin: 0.4rem 0 0; max-width: 60ch; }
    .chart svg { max-width: 100%; height: auto; }
  `,
  ];

  render() {
    const grid = this.grid;
    if (!grid) return nothing;
    const size = this.cellSize(grid);
    const width = grid.cols * size;
    const height = grid.rows * size;
    const byCell = this.movesByCell();
    const previewed = this.previewed;
    const footprint = previewed ? regionKeys(previewed.footprint) : new Set<string>();
    const winning = this.hints ? this.winningCells(byCell) : [];
    const classes = `${this.interactive && !this.editing ? 'interactive' : ''} ${this.editing ? 'editing' : ''} ${this.rotated ? 'rotated' : ''}`;
    // Turned 45° about its centre, a w × h board spans (w + h)/√2 each way.
    const span = this.rotated ? (width + height) / Math.SQRT2 : 0;
    const viewBox = this.rotated
      ? `${(width - span) / 2 - 2} ${(height - span) / 2 - 2} ${span + 4} ${span + 4}`
      : `-2 -2 ${width + 4} ${height + 4}`;
    return html`
      ${this.renderTools(grid, grid.legend.palette)}
      <div class="stage">
        <svg
          class=${classes}
          viewBox=${viewBox}
          width=${(this.rotated ? span : width) + 4}
          style=${this.fitHeight ? `max-height: min(var(--grundy-board-height, 78vh), ${this.fitHeight}px)` : nothing}
          role="group"
          aria-label=${`${grid.rows} by ${grid.cols} board${this.lastMove ? `; ${this.lastMoveTitle.toLowerCase()} outlined` : ''}`}
          @pointerdown=${this.onPointerDown}
          @pointermove=${this.onPointerMove}
          @pointerup=${() => (this.painting = false)}
          @pointerleave=${() => {
            this.painting = false;
            this.previewMove(undefined);
          }}
        >
          <g class="board" transform=${this.rotated ? `rotate(-45 ${width / 2} ${height / 2})` : nothing}>
            <g role="grid" aria-label="Cells">
              ${grid.tiles.map(
                (row, r) =>
                  svg`<g role="row">${[...row].map((tile, c) => this.renderCell(r, c, tile, tileInfo(grid, tile), size, byCell.get(r, c)))}</g>`,
              )}
            </g>
            <g aria-hidden="true">
            ${grid.heat && this.heatShown ? this.renderHeat(grid, grid.heat, this.heatN!, size) : nothing}
            ${grid.overlay && this.overlayShown ? this.renderOverlay(grid.overlay, size) : nothing}
            ${this.analysis.components.map((component) => this.renderComponent(component, size, grid))}
            ${[...footprint].map((key) => {
              const [r, c] = key.split(',').map(Number);
              return svg`<rect class="footprint" x=${c * size} y=${r * size} width=${size} height=${size}></rect>`;
            })}
            ${this.renderLastMove(size)}
            ${this.renderForfeitPreview(size)}
            ${winning.map(
              ([r, c]) => svg`<text class="win" x=${c * size + size - 2} y=${r * size + Math.max(8, size * 0.32)} text-anchor="end"
                font-size=${Math.max(7, size * 0.35)} fill="var(--grundy-win, #117733)">★</text>`,
            )}
            </g>
            ${this.renderTokens(grid, size)}
            ${this.quiet ? nothing : this.renderBadges(size)}
            <rect class="focus" x=${this.focusCell[1] * size} y=${this.focusCell[0] * size} width=${size} height=${size}></rect>
          </g>
        </svg>
        ${this.renderChooser()}
      </div>
      ${grid.heat && this.heatShown ? this.renderChart(grid, grid.heat) : nothing}
      ${grid.overlay && this.overlayShown ? html`<p class="caption">${grid.overlay.caption}</p>` : nothing}
      ${this.variants.length > 1 && !this.editing
        ? html`<p class="legend" data-tool>Click a cell to play ${this.variant ? `its ${this.variant} move` : 'one of its moves'}; keys ${this.variants
            .map((v) => v[0].toUpperCase())
            .join('/')} choose the move, arrows move the cursor, Enter plays.</p>`
        : nothing}
    `;
  }

  /** The cells the last move used, outlined until the next move. */
  private renderLastMove(size: number) {
    const last = this.lastMove;
    if (!last) return nothing;
    return svg`<g class="last">${svgTitle(this.lastMoveTitle)}${[...regionKeys(last)].map((key) => {
      const [r, c] = key.split(',').map(Number);
      return svg`<rect x=${c * size + 2} y=${r * size + 2} width=${size - 4} height=${size - 4} rx="3"></rect>`;
    })}</g>`;
  }

  private renderTools(grid: GridBoard, paint: string[]) {
    if (this.editing) {
      const brush = this.brush || paint[0];
      return html`<div class="tools" data-tool role="toolbar" aria-label="Drawing tools">
        <span>Paint:</span>
        ${paint.map(
          (tile, i) => html`<button aria-pressed=${brush === tile ? 'true' : 'false'} title=${`key ${i + 1}`}
            @click=${() => (this.brush = tile)}>${tile} ${tileInfo(grid, tile)?.name ?? ''}</button>`,
        )}
        ${grid.legend.numbers.map((name) => {
          const value = this.analysis.facts?.find((f) => f.label === name)?.value ?? '';
          return html`<label>${name} <input class="number" type="number" min="1" .value=${value}
            @change=${(e: Event) => this.edit({ kind: 'setNumber', name, value: Number((e.target as HTMLInputElement).value) })} /></label>`;
        })}
        <label>Rows <input type="number" min="1" .value=${String(grid.rows)} @change=${(e: Event) => this.resize(e, 'rows')} /></label>
        <label>Columns <input type="number" min="1" .value=${String(grid.cols)} @change=${(e: Event) => this.resize(e, 'cols')} /></label>
        ${this.renderRotateToggle()}
      </div>`;
    }
    const variants = this.variants;
    const heat = this.quiet ? undefined : grid.heat;
    const overlay = this.quiet ? undefined : grid.overlay;
    return html`<div class="tools" data-tool>
      ${variants.length > 1
        ? html`<span>Move:</span>
            ${variants.map(
              (v) => html`<button aria-pressed=${this.variant === v ? 'true' : 'false'}
                @click=${() => (this.variant = this.variant === v ? '' : v)}>${v}</button>`,
            )}`
        : nothing}
      ${this.renderRotateToggle()}
      ${heat ? this.renderHeatTools(heat) : nothing}
      ${overlay
        ? html`<label><input type="checkbox" .checked=${this.overlayOn}
            @change=${(e: Event) => (this.overlayOn = (e.target as HTMLInputElement).checked)} /> ${overlay.name}</label>`
        : nothing}
    </div>`;
  }

  /** An overlay says where positions are lost: drawn only when values are shown. */
  private get overlayShown(): boolean {
    return this.overlayOn && !this.quiet;
  }

  /** The overlay's cells ringed and its lines drawn, under the pieces. */
  private renderOverlay(overlay: Overlay, size: number) {
    return svg`<g class="overlay">
      ${overlay.lines.map(([x1, y1, x2, y2]) => svg`<line x1=${(x1 * size) / 1000} y1=${(y1 * size) / 1000} x2=${(x2 * size) / 1000} y2=${(y2 * size) / 1000}></line>`)}
      ${overlay.cells.map(([r, c]) => svg`<circle cx=${(c + 0.5) * size} cy=${(r + 0.5) * size} r=${size * 0.3}></circle>`)}
    </g>`;
  }

  /** The heat map is values: drawn only when values are shown. */
  private get heatShown(): boolean {
    return this.heatN !== undefined && !this.quiet;
  }

  private renderHeatTools(heat: Heat) {
    const k = Number(this.analysis.facts?.find((f) => f.label === 'k')?.value ?? 0);
    const on = this.heatN !== undefined;
    const sliderMax = Math.max(16, heat.prePeriod + 3 * heat.period);
    const setN = (value: number) => {
      if (Number.isInteger(value) && value >= 0 && value <= 1e9) this.heatN = value;
    };
    return html`<label><input type="checkbox" .checked=${on} @change=${(e: Event) =>
        (this.heatN = (e.target as HTMLInputElement).checked ? k : undefined)} /> Heat map of g<sub>n</sub></label>
      ${on
        ? html`<label>n <input type="range" min="0" max=${sliderMax} .value=${String(Math.min(this.heatN!, sliderMax))}
              @input=${(e: Event) => setN(Number((e.target as HTMLInputElement).value))} /></label>
            <input type="number" aria-label="n, any size" min="0" max="1000000000" .value=${String(this.heatN)}
              @change=${(e: Event) => setN(Number((e.target as HTMLInputElement).value))} />`
        : nothing}`;
  }

  /** Every open cell coloured by g_n, with the value when cells are big enough. */
  private renderHeat(grid: GridBoard, heat: Heat, n: number, size: number) {
    const state = heat.states[heatState(heat, n)];
    return grid.tiles.map((row, r) =>
      [...row].map((tile, c) => {
        if (tile === '#') return nothing;
        const value = state[r * grid.cols + c];
        const fill = HEAT_COLOURS[Math.min(value, HEAT_COLOURS.length - 1)];
        return svg`<rect class="tint" x=${c * size} y=${r * size} width=${size} height=${size} fill=${fill} opacity="0.85"></rect>
          ${size >= 14 ? svg`<text class="mark" x=${c * size + size / 2} y=${r * size + size * 0.66} text-anchor="middle"
            font-size=${size * 0.45} fill=${inkOn(fill)}>${value}</text>` : nothing}`;
      }),
    );
  }

  /** How the focused cell's value moves with n, marking the pre-period and one period. */
  private renderChart(grid: GridBoard, heat: Heat) {
    const [r, c] = this.focusCell;
    const count = Math.min(80, Math.max(16, heat.prePeriod + 3 * heat.period));
    const values = Array.from({ length: count }, (_, n) => heat.states[heatState(heat, n)][r * grid.cols + c]);
    const top = Math.max(1, ...values);
    const [w, h, head] = [14, 18, 16];
    const y = (v: number) => (top - v) * h + head + 4;
    const points = values.map((v, n) => `${n * w},${y(v)} ${(n + 1) * w},${y(v)}`).join(' ');
    const pre = heat.prePeriod * w;
    const bottom = top * h + head + 8;
    return html`<figure class="chart">
      <svg viewBox="-2 0 ${count * w + 4} ${bottom + 16}" width=${count * w + 4} role="img"
        aria-label=${`g_n of row ${r + 1}, column ${c + 1} for n from 0 to ${count - 1}; repeats every ${heat.period} from n = ${heat.prePeriod}`}>
        <rect x=${pre} y=${head} width=${heat.period * w} height=${bottom - head} fill="var(--grundy-accent, #0b57d0)" opacity="0.15"></rect>
        <line x1=${pre} x2=${pre} y1=${head} y2=${bottom} stroke="var(--grundy-accent, #0b57d0)" stroke-dasharray="3 2"></line>
        <polyline points=${points} fill="none" stroke="var(--grundy-ink, #222)" stroke-width="2"></polyline>
        ${this.heatN !== undefined && this.heatN < count
          ? svg`<circle cx=${this.heatN * w + w / 2} cy=${y(values[this.heatN])} r="4" fill="var(--grundy-lose, #aa3377)"></circle>`
          : nothing}
        <text x=${pre + 2} y="11" font-size="11" fill="var(--grundy-muted, #555)">repeats from n = ${heat.prePeriod}, every ${heat.period}</text>
        <text x="0" y=${bottom + 13} font-size="11" fill="var(--grundy-muted, #555)">n = 0</text>
        <text x=${count * w} y=${bottom + 13} font-size="11" text-anchor="end" fill="var(--grundy-muted, #555)">${count - 1}</text>
      </svg>
      <figcaption>g<sub>n</sub> of row ${r + 1}, column ${c + 1} (click a cell to choose)</figcaption>
    </figure>`;
  }

  private renderRotateToggle() {
    if (!this.grid?.legend.rotatable) return nothing;
    return html`<button aria-pressed=${this.rotated ? 'true' : 'false'} @click=${() => (this.rotated = !this.rotated)}
      title="Turn the board 45°: every wave becomes a row or a column">Turn 45°</button>`;
  }

  private resize(event: Event, side: 'rows' | 'cols'): void {
    const grid = this.grid;
    const value = Number((event.target as HTMLInputElement).value);
    if (!grid || !Number.isInteger(value)) return;
    this.edit({ kind: 'resize', rows: side === 'rows' ? value : grid.rows, cols: side === 'cols' ? value : grid.cols });
  }

  private renderCell(r: number, c: number, tile: string, look: TileInfo | undefined, size: number, moves: MoveInfo[] | undefined) {
    const x = c * size;
    const y = r * size;
    const name = look?.name ?? tile;
    const wins = moves?.some((m) => isWinning(this.analysis, m));
    const label = `row ${r + 1}, column ${c + 1}: ${name}${moves?.length ? `, ${moves.length} move${moves.length > 1 ? 's' : ''}${this.hints && wins ? ', a winning move' : ''}` : ''}`;
    const opacity = look?.faded ? 0.35 : 1;
    const coin = look?.coin;
    const ground = look && !coin ? FILLS[look.fill] : FILLS.open;
    const fill = coin ? FACES[coin] : ground;
    return svg`<g role="gridcell" aria-label=${label}>
      <rect class="cell ${moves?.length ? 'playable' : ''}" data-r=${r} data-c=${c} x=${x} y=${y} width=${size} height=${size}
        fill=${ground} opacity=${opacity}>${svgTitle(label)}</rect>
      ${coin
        ? svg`<circle class="coin ${coin}" cx=${x + size / 2} cy=${y + size / 2} r=${size * 0.4} fill=${fill}
            stroke="var(--grundy-ink, #222)" stroke-width=${Math.max(1, size / 32)} pointer-events="none"></circle>`
        : nothing}
      ${(look?.strokes ?? []).map((stroke) =>
        stroke === 'rising'
          ? svg`<line x1=${x + size * 0.18} y1=${y + size * 0.82} x2=${x + size * 0.82} y2=${y + size * 0.18} stroke="var(--grundy-ink, #222)" stroke-width=${Math.max(1, size / 14)} opacity=${opacity} pointer-events="none"></line>`
          : svg`<line x1=${x + size * 0.18} y1=${y + size * 0.18} x2=${x + size * 0.82} y2=${y + size * 0.82} stroke="var(--grundy-ink, #222)" stroke-width=${Math.max(1, size / 14)} opacity=${opacity} pointer-events="none"></line>`,
      )}
      ${look?.mark && size >= 10
        ? svg`<text class="mark" x=${x + size / 2} y=${y + size * 0.68} text-anchor="middle" font-size=${size * 0.55}
            fill=${fill.startsWith('#') ? inkOn(fill) : 'var(--grundy-ink, #222)'}>${look.mark}</text>`
        : nothing}
    </g>`;
  }

  /** Tints a component's cells and outlines rectangles, in its colour. */
  private renderComponent(component: Component, size: number, grid: GridBoard) {
    const colour = componentColour(component.id);
    const region = component.region;
    if (region.kind === 'rect') {
      return svg`<rect class="tint" x=${region.col * size} y=${region.row * size} width=${region.cols * size}
          height=${region.rows * size} fill=${colour} opacity="0.16"></rect>
        <rect class="outline" x=${region.col * size + 1.5} y=${region.row * size + 1.5} width=${region.cols * size - 3}
          height=${region.rows * size - 3} stroke=${colour}></rect>`;
    }
    if (region.kind === 'cells' && !grid.tokens?.length) {
      // A coin keeps its face's colour and wears its component's as a ring.
      return region.cells.map(([r, c]) =>
        tileInfo(grid, grid.tiles[r][c])?.coin
          ? svg`<circle class="tint" cx=${c * size + size / 2} cy=${r * size + size / 2} r=${size * 0.45} fill="none"
              stroke=${colour} stroke-width=${size * 0.08}></circle>`
          : svg`<rect class="tint" x=${c * size} y=${r * size} width=${size} height=${size} fill=${colour} opacity="0.3"></rect>`,
      );
    }
    return nothing;
  }

  private renderForfeitPreview(size: number) {
    if (this.preview >= 0 || !this.hoverForfeit) return nothing;
    return [...regionKeys(this.hoverForfeit.footprint)].map((key) => {
      const [r, c] = key.split(',').map(Number);
      return svg`<rect class="footprint forfeit" x=${c * size} y=${r * size} width=${size} height=${size}></rect>`;
    });
  }

  private renderTokens(grid: GridBoard, size: number) {
    const tokens = grid.tokens ?? [];
    const perCell = new Map<string, number>();
    return tokens.map((token) => {
      const key = `${token.row},${token.col}`;
      const nth = perCell.get(key) ?? 0;
      perCell.set(key, nth + 1);
      // With the heat map on, tokens step into a corner so the value shows.
      const small = this.heatN !== undefined;
      const radius = size * (small ? 0.2 : 0.36);
      const cx = token.col * size + size * (small ? 0.76 : 0.5) + nth * size * 0.12;
      const cy = token.row * size + size * (small ? 0.76 : 0.5) - nth * size * 0.12;
      // Large counters are shown compactly (1M, 1B) to fit the token; the
      // tooltip and the screen reader have the whole number.
      const shown = compactCount(token.label);
      // As large as the token holds: a queen on a big board is not a speck.
      const fontSize = (size * 0.9) / Math.max(2.5, shown.length);
      return svg`<g class="token" role="img" aria-label=${`token with ${token.label}`}>${svgTitle(`token with ${token.label}`)}<circle cx=${cx} cy=${cy} r=${radius} fill="var(--grundy-ink, #222)" stroke="var(--grundy-bg, #fff)" stroke-width="1.5"></circle>
        ${size >= 14 && !small ? svg`<text x=${cx} y=${cy + fontSize * 0.35} text-anchor="middle" fill="var(--grundy-bg, #fff)" style=${`font-size:${fontSize}px`}>${shown}</text>` : nothing}</g>`;
    });
  }

  /**
   * A nimber badge at the first cell of each component where it has room:
   * on a crowded board (thousands of tokens on 7-pixel cells) a badge that
   * would cover an earlier one is left out, and the nim-sum table still
   * lists every value.
   */
  private renderBadges(size: number) {
    const covered = new Set<string>();
    const boardWidth = (this.grid?.cols ?? 0) * size;
    return this.analysis.components.map((component) => {
      const anchor = firstCell(component.region);
      if (!anchor) return nothing;
      const text = `*${component.nimber}`;
      const width = 8 + text.length * 7;
      // Kept inside the board: a badge at the last column would be cut off.
      const x = Math.max(1, Math.min(anchor[1] * size + 1, boardWidth - width - 1));
      const y = anchor[0] * size + 1;
      const spots: string[] = [];
      for (let row = Math.floor(y / BADGE_HEIGHT); row <= Math.floor((y + BADGE_HEIGHT) / BADGE_HEIGHT); row++) {
        for (let col = Math.floor(x / BADGE_HEIGHT); col <= Math.floor((x + width) / BADGE_HEIGHT); col++) spots.push(`${row},${col}`);
      }
      if (spots.some((spot) => covered.has(spot))) return nothing;
      for (const spot of spots) covered.add(spot);
      const colour = componentColour(component.id);
      const body = svg`<rect x=${x} y=${y} width=${width} height=${BADGE_HEIGHT} rx="7" fill=${colour} stroke="var(--grundy-bg, #fff)" stroke-width="1"></rect>
        <text x=${x + width / 2} y=${y + 11.5} text-anchor="middle" fill=${inkOn(colour)}>${text}</text>`;
      // While drawing, a badge is only a label: a stroke that starts on it paints the cell below.
      return this.editing
        ? svg`<g class="badge" role="img" pointer-events="none" aria-label=${`${component.label}: nimber ${text}`}>${body}</g>`
        : svg`<g class="badge" role="button" tabindex="-1" aria-label=${`${component.label}: nimber ${text}; explain it`}
            @click=${() => this.selectComponent(component.id)}>${body}</g>`;
    });
  }

  private renderChooser() {
    if (!this.choosing || this.editing) return nothing;
    const moves = this.movesByCell().get(...this.choosing) ?? [];
    if (moves.length === 0) return nothing;
    // Placed beside its cell once drawn (see `updated`), so it never scrolls the board.
    return html`<div class="chooser" data-tool role="menu" aria-label="Choose a move">
      ${moves.map(
        (move) => html`<button role="menuitem" class=${this.hints && isWinning(this.analysis, move) ? 'wins' : ''}
          title=${this.moveWords(move)}
          @mouseenter=${() => this.previewMove(move)}
          @click=${() => {
            this.choosing = undefined;
            this.playChosen(move);
          }}>${move.variant ?? move.label}${this.hints ? ` → *${move.after}` : ''}</button>`,
      )}
      <button role="menuitem" aria-label="Close" @click=${() => (this.choosing = undefined)}>✕</button>
    </div>`;
  }

  /**
   * Puts the chooser just right of its cell, or left of it near the edge,
   * inside the stage; where neither side has room (a long one on a narrow
   * board), under the row, which the stage makes room for, so that it never
   * covers the cells its moves turn.
   */
  protected updated(changed: Map<string, unknown>): void {
    super.updated(changed);
    const chooser = this.renderRoot.querySelector<HTMLElement>('.chooser');
    const grid = this.grid;
    const board = this.renderRoot.querySelector<SVGGElement>('g.board');
    const stage = this.renderRoot.querySelector<HTMLElement>('.stage');
    if (stage) stage.style.paddingBottom = '';
    if (!chooser || !grid || !board || !stage || !this.choosing) return;
    const [r, c] = this.choosing;
    const size = this.cellSize(grid);
    const matrix = board.getScreenCTM();
    if (!matrix) return;
    const corner = (x: number, y: number) => new DOMPoint(x, y).matrixTransform(matrix);
    const cell = [corner(c * size, r * size), corner((c + 1) * size, (r + 1) * size)];
    const stageBox = stage.getBoundingClientRect();
    const [left, right] = [Math.min(cell[0].x, cell[1].x), Math.max(cell[0].x, cell[1].x)];
    const [top, bottom] = [Math.min(cell[0].y, cell[1].y), Math.max(cell[0].y, cell[1].y)];
    const width = chooser.offsetWidth;
    const [rightX, leftX] = [right - stageBox.left + 2, left - stageBox.left - width - 2];
    if (rightX + width <= stageBox.width || leftX >= 0) {
      const x = rightX + width <= stageBox.width ? rightX : leftX;
      chooser.style.left = `${Math.max(0, Math.min(x, stageBox.width - width))}px`;
      chooser.style.top = `${Math.max(0, top - stageBox.top)}px`;
      return;
    }
    const below = bottom - stageBox.top + 4;
    chooser.style.left = `${Math.max(0, Math.min(left - stageBox.left, stageBox.width - width))}px`;
    chooser.style.top = `${below}px`;
    stage.style.paddingBottom = `${Math.max(0, below + chooser.offsetHeight - stageBox.height)}px`;
  }

  /** The cells with a winning move (of the chosen variant, if any). */
  private winningCells(byCell: MovesByCell): [number, number][] {
    const cells: [number, number][] = [];
    for (const [r, c, moves] of byCell.cells()) {
      if (moves.some((m) => isWinning(this.analysis, m) && (!this.variant || m.variant === this.variant))) cells.push([r, c]);
    }
    return cells;
  }

  private cellAt(event: PointerEvent): [number, number] | undefined {
    // A finger's events all go to the cell first touched; ask what is under it now.
    const target = (this.renderRoot as ShadowRoot).elementFromPoint(event.clientX, event.clientY) ?? (event.composedPath()[0] as Element);
    const r = target?.getAttribute?.('data-r');
    const c = target?.getAttribute?.('data-c');
    return r === null || c === null || r === undefined || c === undefined ? undefined : [Number(r), Number(c)];
  }

  private onPointerDown(event: PointerEvent): void {
    const cell = this.cellAt(event);
    if (!cell) return;
    this.focusCell = cell;
    if (this.editing) {
      this.painting = true;
      this.paint(cell);
      return;
    }
    this.activate(cell);
  }

  private onPointerMove(event: PointerEvent): void {
    const cell = this.cellAt(event);
    if (!cell) return;
    if (this.editing) {
      if (this.painting && event.buttons) this.paint(cell);
      return;
    }
    this.hover(cell);
  }

  private paint([row, col]: [number, number]): void {
    const tile = this.brush || this.grid?.legend.palette[0];
    if (tile && this.grid?.tiles[row]?.[col] !== tile) this.edit({ kind: 'paint', row, col, tile });
  }

  /** The move a click on the cell plays: the chosen variant's, or the only one. */
  private moveFor(cell: [number, number]): MoveInfo | undefined {
    const moves = this.movesByCell().get(...cell) ?? [];
    if (this.variant) return moves.find((m) => m.variant === this.variant);
    return moves.length === 1 ? moves[0] : undefined;
  }

  private hover(cell: [number, number]): void {
    const move = this.moveFor(cell);
    this.hoverForfeit = move
      ? undefined
      : this.analysis.forfeits?.find(
          (f) => f.anchor.kind === 'cells' && f.anchor.cells[0][0] === cell[0] && f.anchor.cells[0][1] === cell[1] && (!this.variant || f.variant === this.variant),
        );
    this.previewMove(move);
  }

  private activate(cell: [number, number]): void {
    if (!this.interactive) return;
    const move = this.moveFor(cell);
    if (move) this.play(move);
    else if ((this.movesByCell().get(...cell)?.length ?? 0) > 1) this.choosing = cell;
  }

  /** Arrow keys move the cursor, Enter or Space plays or paints, letters pick variants or tiles. */
  protected firstUpdated(): void {
    this.tabIndex = 0;
    this.addEventListener('keydown', (event: KeyboardEvent) => this.onKey(event));
  }

  private onKey(event: KeyboardEvent): void {
    const grid = this.grid;
    // Keys typed into the board's own fields (rows, k, …) are theirs.
    if (!grid || event.composedPath()[0] !== this) return;
    const [r, c] = this.focusCell;
    const steps: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (event.key in steps) {
      const [dr, dc] = steps[event.key];
      this.focusCell = [Math.min(grid.rows - 1, Math.max(0, r + dr)), Math.min(grid.cols - 1, Math.max(0, c + dc))];
      this.hover(this.focusCell);
    } else if (event.key === 'Enter' || event.key === ' ') {
      if (this.editing) this.paint(this.focusCell);
      else this.activate(this.focusCell);
    } else if (this.editing && /^[1-9]$/.test(event.key)) {
      this.brush = grid.legend.palette[Number(event.key) - 1] ?? this.brush;
    } else {
      const variant = this.variants.find((v) => v[0].toLowerCase() === event.key.toLowerCase());
      if (!variant) return;
      this.variant = variant;
      this.hover(this.focusCell);
    }
    event.preventDefault();
  }
}

/** Values 0 to 4 (a cell has at most four neighbours), light to dark. */
const HEAT_COLOURS = ['#f2f0f7', '#cbc9e2', '#9e9ac8', '#756bb1', '#54278f'];

function firstCell(region: Region): [number, number] | undefined {
  if (region.kind === 'rect') return [region.row, region.col];
  if (region.kind === 'cells') return region.cells[0];
  return undefined;
}

define('grundy-grid', GridBoardElement);

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** A token's counter in at most four characters: 999, 1.2K, 1M, 1B. */
function compactCount(label: string): string {
  const value = Number(label);
  return Number.isFinite(value) && value >= 1000 ? compact.format(value) : label;
}
