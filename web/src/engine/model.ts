/**
 * The data model grundy-core reports, as the page reads it from the wasm
 * layer. Every engine type is declared once, generated from the Rust types
 * into `engine-types.ts`; this file only says how the page holds an
 * analysis whose long lists `packed.ts` unpacks, and reads it.
 */

import type * as Engine from './engine-types';

export type {
  Component,
  Convention,
  Edit,
  Fact,
  Face,
  ForfeitMove,
  GameInfo,
  Heat,
  Interval,
  Loopy,
  MisereReport,
  QuotientSummary,
  MoveInfo,
  NimProducts,
  Nimber,
  Outcome,
  Overlay,
  Region,
  RuleField,
  Sample,
  Step,
  TileFill,
  TileInfo,
  Token,
  TreeNode,
  VertexValue,
} from './engine-types';
import type { Component, Heat, MoveInfo, Nimber, Outcome, Step, TreeNode, VertexValue } from './engine-types';

/** An error from the core, located when it could be. */
export type EngineError = Engine.GameError;

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

/** The index in `heat.states` that holds g_n. */
export function heatState(heat: Heat, n: number): number {
  return n < heat.prePeriod ? n : heat.prePeriod + ((n - heat.prePeriod) % heat.period);
}

/** One game of a sum, its analysis held as the page holds any analysis. */
export type SumPart = Omit<Engine.SumPart, 'analysis'> & { analysis: Omit<Analysis, 'solveMs'> };

/** What to draw; a sum's parts hold page analyses. */
export type Board = Exclude<Engine.Board, { kind: 'sum' }> | { kind: 'sum'; parts: SumPart[] };

/** An analysis as the page holds it: its moves read lazily from the packed lists. */
export type Analysis = Omit<Engine.Analysis, 'moves' | 'board'> & {
  board: Board;
  moves: Moves;
  /** How long the solve took in the worker, in milliseconds. */
  solveMs: number;
};

/** Each analysis's winning and drawing moves as sets, made once: boards ask of every move. */
const movesIn = new WeakMap<object, { winning: Set<number>; drawing: Set<number> }>();

function movesOf(analysis: Pick<Analysis, 'winning' | 'drawing'>): { winning: Set<number>; drawing: Set<number> } {
  let sets = movesIn.get(analysis);
  if (!sets) movesIn.set(analysis, (sets = { winning: new Set(analysis.winning), drawing: new Set(analysis.drawing) }));
  return sets;
}

/** Whether the engine says `move` wins under the play the analysis describes. */
export function isWinning(analysis: Pick<Analysis, 'winning' | 'drawing'>, move: MoveInfo): boolean {
  return movesOf(analysis).winning.has(move.id);
}

/** Each analysis's winning moves as objects, made once: readouts and boards ask again on every preview. */
const winningOf = new WeakMap<object, readonly MoveInfo[]>();

/** The moves the engine says win under the play the analysis describes, in id order. */
export function winningMoves(analysis: Pick<Analysis, 'moves' | 'winning'>): readonly MoveInfo[] {
  let winning = winningOf.get(analysis);
  if (!winning) winningOf.set(analysis, (winning = analysis.winning.map((id) => analysis.moves.at(id)!)));
  return winning;
}

/** Whether the engine says `move` leaves a position neither player can win. */
export function isDrawing(analysis: Pick<Analysis, 'winning' | 'drawing'>, move: MoveInfo): boolean {
  return movesOf(analysis).drawing.has(move.id);
}

/** Who wins under the play the analysis describes; `undefined` when no one knows. */
export function outcomeOf(analysis: Pick<Analysis, 'verdict'>): Outcome | undefined {
  return analysis.verdict ?? undefined;
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

/** The value a move leaves its part, where play can go on forever: `*1`, or `∞{0}`. */
export function movedValueText(move: MoveInfo): string {
  return valueText({ nimber: move.parts.reduce((a, b) => a ^ b, 0), loopy: move.loopy });
}

/** A vertex's value as written: `*3`, or Smith's `∞{0,2}`. */
export function vertexValueText(value: VertexValue): string {
  return value.nimber === undefined ? infinity(value.k ?? []) : `*${value.nimber}`;
}

/**
 * What a move leaves, as readouts write it: the position's nimber, or,
 * where play can go on forever, who wins after it.
 */
export function afterText(analysis: Pick<Analysis, 'misere' | 'loopy' | 'winning' | 'drawing'>, move: MoveInfo): string {
  if (!analysis.loopy || analysis.misere) return `*${move.after}`;
  if (isWinning(analysis, move)) return 'P (*0)';
  return isDrawing(analysis, move) ? 'a draw' : 'N';
}

/** A session's state after a request: what a `<grundy-game>` renders. */
export interface View {
  game: string;
  text: string;
  analysis: Analysis;
  /** What Undo would take back, and Redo bring back: a move, a drawing edit, or nothing. */
  undoes: Step | null;
  redoes: Step | null;
  /** Moves played since the position was loaded or last drawn. */
  ply: number;
  /** Drawing edits between the loaded position and this one. */
  drawn: number;
  /** How many cases the loaded text held, and which one is shown. */
  cases: [number, number];
  /** The move the computer just played, for `ai` requests. */
  played?: MoveInfo;
  /** The game tree, for `tree` requests. */
  tree?: TreeNode;
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
  return `${terms.join(' ⊕ ')} = ${analysis.total}`;
}
