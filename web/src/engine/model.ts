/**
 * The data model grundy-core reports, as it arrives from the wasm layer.
 * Mirrors `crates/grundy-core/src/analysis.rs`; nothing here computes it.
 */

export type Nimber = number;

export type Region =
  | { kind: 'cells'; cells: [number, number][] }
  | { kind: 'rect'; row: number; col: number; rows: number; cols: number }
  | { kind: 'span'; first: number; last: number }
  | { kind: 'items'; items: number[] }
  /** Lines of a graph drawing, `[x1, y1, x2, y2]`, where taken edges were. */
  | { kind: 'segments'; segments: [number, number, number, number][] };

export interface Component {
  id: number;
  region: Region;
  nimber: Nimber;
  label: string;
}

export interface MoveInfo {
  id: number;
  label: string;
  component: number;
  anchor: Region;
  variant?: string;
  footprint: Region;
  parts: Nimber[];
  after: Nimber;
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
  | { kind: 'sum'; parts: SumPart[] };

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
  nimber: Nimber;
  outcome: 'next' | 'previous';
  board: Board;
  components: Component[];
  moves: MoveInfo[];
  forfeits?: ForfeitMove[];
  facts?: Fact[];
  /** How long the solve took in the worker, in milliseconds. */
  solveMs: number;
  /** Present under misère play; nimbers and `after` stay normal-play values. */
  convention?: 'misere';
  misere?: MisereReport;
  /** Where the move that led here shows on this board; absent for a loaded or drawn position. */
  lastMove?: Region;
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

/** Whether `move` wins under the play the analysis describes. */
export function isWinning(analysis: Pick<Analysis, 'misere'>, move: MoveInfo): boolean {
  return analysis.misere ? analysis.misere.winning.includes(move.id) : move.after === 0;
}

/** Whether the player to move wins; `undefined` when no one knows. */
export function moverWins(analysis: Pick<Analysis, 'misere' | 'nimber'>): boolean | undefined {
  if (!analysis.misere) return analysis.nimber !== 0;
  return analysis.misere.outcome === null ? undefined : analysis.misere.outcome === 'next';
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
  | { kind: 'removeEdge'; index: number };

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
  outcome: 'next' | 'previous';
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

/** The position's nimber written as a sum: `*3 ⊕ *4 ⊕ *5 = *2`. */
export function sumExpression(analysis: Analysis): string {
  const terms = analysis.components.map((c) => `*${c.nimber}`);
  if (terms.length === 0) return '*0';
  return `${terms.join(' ⊕ ')} = *${analysis.nimber}`;
}
