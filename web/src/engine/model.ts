/**
 * The data model grundy-core reports, as the page reads it from the wasm
 * layer (long lists unpacked by `packed.ts`). Mirrors
 * `crates/grundy-core/src/analysis.rs`; nothing here computes it.
 */

export type Nimber = number;

export type Region =
  | { kind: 'cells'; cells: [number, number][] }
  | { kind: 'rect'; row: number; col: number; rows: number; cols: number }
  | { kind: 'span'; first: number; last: number }
  | { kind: 'items'; items: number[] }
  /** Lines of a graph drawing, `[x1, y1, x2, y2]`, where taken edges were. */
  | { kind: 'segments'; segments: [number, number, number, number][] };

/** Who wins with perfect play: the player to move, the other, or neither. */
export type Outcome = 'next' | 'previous' | 'draw';

/** Smith's value of a part of a game whose play can go on forever. */
export interface Loopy {
  /** Present when the value is ∞: K, the finite values among its options. */
  infinite?: number[];
  /** For a finite value, when the labelling fixed it (lower: nearer the end). */
  rank: number;
}

export interface Component {
  id: number;
  region: Region;
  /** The value; 0 when `loopy` says it is ∞. */
  nimber: Nimber;
  label: string;
  loopy?: Loopy;
}

export interface MoveInfo {
  id: number;
  label: string;
  component: number;
  anchor: Region;
  variant?: string;
  footprint: Region;
  parts: Nimber[];
  /** The position's nimber after the move; where play can go on forever, the ⊕ of the finite values. */
  after: Nimber;
  /** The moved part's Smith value after the move. */
  loopy?: Loopy;
}

/**
 * A position's moves by id. A position can have 200 000 moves and a page
 * shows few of them, so a move is made an object only when asked for;
 * its component and `after` can be read without one.
 */
export interface Moves {
  readonly length: number;
  /** The move with this id; `undefined` for any other number. */
  at(id: number): MoveInfo | undefined;
  /** Every move, in id order: for boards that look at them all. */
  all(): readonly MoveInfo[];
  /** Move `id`'s component, read without making the move. */
  componentOf(id: number): number;
  /** Move `id`'s `after`, read without making the move. */
  afterOf(id: number): Nimber;
  /** The first cell of move `id`'s anchor, read without making the move; `undefined` for an anchor of no cells. */
  anchorCellOf(id: number): [row: number, col: number] | undefined;
  /** Move `id`'s anchor's ends, read without making the move; `undefined` for an anchor that is not a span. */
  anchorSpanOf(id: number): [first: number, last: number] | undefined;
}

export interface ForfeitMove {
  label: string;
  anchor: Region;
  variant?: string;
  footprint: Region;
}

export interface Token {
  row: number;
  col: number;
  label: string;
}

/**
 * Per-cell values g_n of a grid: `states[n]` for n below
 * `prePeriod + period`, repeating with `period` after that.
 */
export interface Heat {
  prePeriod: number;
  period: number;
  states: number[][];
}

/** The index in `heat.states` that holds g_n. */
export function heatState(heat: Heat, n: number): number {
  return n < heat.prePeriod ? n : heat.prePeriod + ((n - heat.prePeriod) % heat.period);
}

export interface Interval {
  first: number;
  last: number;
  depth: number;
  /** The index of the smallest interval containing this one. */
  parent: number | null;
  nimber: Nimber;
}

export type Board =
  /** Stacks of counters; `rule` names a heap game's rule (Nim has none). */
  | { kind: 'heaps'; sizes: number[]; rule?: string }
  /** Rows of pieces; a move takes one of `takes` neighbouring pieces. */
  | { kind: 'rows'; sizes: number[]; takes: number[]; piece: 'pin' | 'pawn' | 'counter'; rule: string }
  | { kind: 'grid'; rows: number; cols: number; tiles: string[]; tokens?: Token[]; heat?: Heat }
  | { kind: 'text'; text: string; erased: boolean[]; words: string[] }
  | { kind: 'line'; intervals: Interval[] }
  /**
   * A picture standing on the ground: vertices at drawing coordinates (x
   * right, y up) joined by edges. Vertex 0 is the ground line; an edge to it
   * stands on the ground below its other end. Regions' items are edge indices.
   */
  | { kind: 'graph'; points: [number, number][]; edges: [number, number][] }
  /**
   * Tokens on a directed graph. A component's region is the items
   * `[vertex]` its token stands on; a move's anchor is the items `[edge]`.
   */
  | { kind: 'digraph'; points: [number, number][]; edges: [number, number][]; tokens: number[]; values: VertexValue[] }
  | { kind: 'sum'; parts: SumPart[] };

/** Smith's value of a vertex: `nimber` when play from it ends, else ∞ with K. */
export interface VertexValue {
  nimber?: Nimber;
  k?: number[];
}

/** One game of a sum, in its own numbering; the sum's starts at the offsets. */
export interface SumPart {
  game: string;
  name: string;
  analysis: Omit<Analysis, 'solveMs'>;
  moveOffset: number;
  componentOffset: number;
}

export interface Fact {
  label: string;
  value: string;
}

export interface Analysis {
  /** The ⊕ of the components' values (of the finite ones where some is ∞). */
  nimber: Nimber;
  outcome: Outcome;
  board: Board;
  components: Component[];
  moves: Moves;
  forfeits?: ForfeitMove[];
  facts?: Fact[];
  /** How long the solve took in the worker, in milliseconds. */
  solveMs: number;
  /** Present under misère play; nimbers and `after` stay normal-play values. */
  convention?: 'misere';
  misere?: MisereReport;
  /** Where the move that led here shows on this board; absent for a loaded or drawn position. */
  lastMove?: Region;
  /** Present where play can go on forever: the moves that win and those that hold a draw. */
  loopy?: { winning: number[]; drawing: number[] };
}

/** Normal play: the last move wins. Misère play: the last move loses. */
export type Convention = 'normal' | 'misere';

/** Who wins under misère play, from a search or a closed form. */
export interface MisereReport {
  /** `null` when the position was too large to search. */
  outcome: 'next' | 'previous' | null;
  /** Ids of the moves that win under misère play. */
  winning: number[];
  explored: number;
  /** How the outcome was found, or why it was not. */
  method: string;
}

/** Whether the move with this id and `after` wins under the play the analysis describes. */
function wins(analysis: Pick<Analysis, 'misere' | 'loopy'>, id: number, after: Nimber): boolean {
  if (analysis.misere) return analysis.misere.winning.includes(id);
  if (analysis.loopy) return analysis.loopy.winning.includes(id);
  return after === 0;
}

/** Whether `move` wins under the play the analysis describes. */
export function isWinning(analysis: Pick<Analysis, 'misere' | 'loopy'>, move: MoveInfo): boolean {
  return wins(analysis, move.id, move.after);
}

/** Each analysis's winning moves, found once: readouts and boards ask again on every preview. */
const winningOf = new WeakMap<object, readonly MoveInfo[]>();

/** The moves that win under the play the analysis describes, in id order; only they are made objects. */
export function winningMoves(analysis: Pick<Analysis, 'moves' | 'misere' | 'loopy'>): readonly MoveInfo[] {
  const kept = winningOf.get(analysis);
  if (kept) return kept;
  const { moves } = analysis;
  const winning: MoveInfo[] = [];
  for (let id = 0; id < moves.length; id++) if (wins(analysis, id, moves.afterOf(id))) winning.push(moves.at(id)!);
  winningOf.set(analysis, winning);
  return winning;
}

/** Whether `move` leaves a position neither player can win. */
export function isDrawing(analysis: Pick<Analysis, 'misere' | 'loopy'>, move: MoveInfo): boolean {
  return !analysis.misere && (analysis.loopy?.drawing.includes(move.id) ?? false);
}

/** Who wins under the play the analysis describes; `undefined` when no one knows. */
export function outcomeOf(analysis: Pick<Analysis, 'misere' | 'outcome'>): Outcome | undefined {
  if (!analysis.misere) return analysis.outcome;
  return analysis.misere.outcome ?? undefined;
}

/** Smith's ∞ with its K written out: `∞{0,2}`, or `∞` when K is empty. */
function infinity(k: number[]): string {
  return k.length ? `∞{${k.join(',')}}` : '∞';
}

/** A component's value as written: `*3`, or Smith's `∞{0,2}`. */
export function valueText(component: Pick<Component, 'nimber' | 'loopy'>): string {
  const k = component.loopy?.infinite;
  return k ? infinity(k) : `*${component.nimber}`;
}

/** A vertex's value as written: `*3`, or Smith's `∞{0,2}`. */
export function vertexValueText(value: VertexValue): string {
  return value.nimber === undefined ? infinity(value.k ?? []) : `*${value.nimber}`;
}

/**
 * What a move leaves, as readouts write it: the position's nimber, or,
 * where play can go on forever, who wins after it.
 */
export function afterText(analysis: Pick<Analysis, 'misere' | 'loopy'>, move: MoveInfo): string {
  if (!analysis.loopy || analysis.misere) return `*${move.after}`;
  if (isWinning(analysis, move)) return 'P (*0)';
  return isDrawing(analysis, move) ? 'a draw' : 'N';
}

export type Edit =
  | { kind: 'paint'; row: number; col: number; tile: string }
  | { kind: 'resize'; rows: number; cols: number }
  | { kind: 'setHeap'; index: number; size: number }
  | { kind: 'removeHeap'; index: number }
  | { kind: 'random'; seed: number; density: number }
  | { kind: 'setNumber'; name: string; value: number }
  | { kind: 'setText'; text: string }
  | { kind: 'setWords'; words: string[] }
  | { kind: 'setSpan'; index: number; first: number; last: number }
  | { kind: 'removeSpan'; index: number }
  | { kind: 'addPart'; game: string }
  | { kind: 'removePart'; index: number }
  | { kind: 'setRule'; rule: string }
  | { kind: 'addVertex'; x: number; y: number; from?: number }
  | { kind: 'moveVertex'; index: number; x: number; y: number }
  | { kind: 'removeVertex'; index: number }
  | { kind: 'addEdge'; from: number; to: number }
  | { kind: 'removeEdge'; index: number }
  | { kind: 'addToken'; vertex: number }
  | { kind: 'removeToken'; vertex: number };

export interface Sample {
  name: string;
  input: string;
}

export interface GameInfo {
  id: string;
  name: string;
  summary: string;
  rules: string;
  format: string;
  samples: Sample[];
}

/** A position in a game tree with the options below it. */
export interface TreeNode {
  /** The move that leads here; empty at the root. */
  label: string;
  nimber: Nimber;
  outcome: Outcome;
  /** Play can go on forever from here: `nimber` is not its value. */
  loopy?: boolean;
  children: TreeNode[];
  /** Options left unexpanded at the tree's depth. */
  unexpanded: number;
}

/** A session's state after a request: what a `<grundy-game>` renders. */
export interface View {
  game: string;
  text: string;
  analysis: Analysis;
  canUndo: boolean;
  canRedo: boolean;
  /** Moves played since the position was loaded or edited. */
  ply: number;
  /** How many cases the loaded text held, and which one is shown. */
  cases: [number, number];
  /** The move the computer just played, for `ai` requests. */
  played?: MoveInfo;
  /** The game tree, for `tree` requests. */
  tree?: TreeNode;
}

/** An error from the core, located when it could be. */
export interface EngineError {
  message: string;
  line?: number;
  column?: number;
}

/**
 * The position's total as written: its nimber, or where some value is ∞,
 * the ⊕ of the finite ones and what Smith's rule makes of it.
 */
export function totalText(analysis: Pick<Analysis, 'nimber' | 'outcome' | 'components'>): string {
  if (!hasInfinite(analysis)) return `*${analysis.nimber}`;
  return { next: 'N', previous: 'P', draw: 'a draw' }[analysis.outcome];
}

/** Whether some part of the position is worth ∞, so that it has a Smith value rather than a nimber. */
export function hasInfinite(analysis: Pick<Analysis, 'components'>): boolean {
  return analysis.components.some((c) => c.loopy?.infinite);
}

/** A position's value in one term: its nimber, or its finite ⊕ beside its ∞ values (a sum's part). */
export function valueOfText(analysis: Pick<Analysis, 'nimber' | 'components'>): string {
  const infinite = analysis.components.filter((c) => c.loopy?.infinite).map(valueText);
  if (infinite.length === 0) return `*${analysis.nimber}`;
  return (analysis.nimber ? [`*${analysis.nimber}`, ...infinite] : infinite).join(' ⊕ ');
}

/** The position's value written as a sum: `*3 ⊕ *4 ⊕ *5 = *2`. */
export function sumExpression(analysis: Analysis): string {
  const terms = analysis.components.map(valueText);
  if (terms.length === 0) return '*0';
  return `${terms.join(' ⊕ ')} = ${totalText(analysis)}`;
}
