// Generated from grundy-core's types by crates/grundy-core/tests/typescript.rs.
// Do not edit: change the Rust types, then run
// UPDATE_TYPES=1 cargo test -p grundy-core --test typescript

export type Nimber = number;

export type Outcome = "next" | "previous" | "draw";

export type Convention = "normal" | "misere";

export type Step = "move" | "edit";

export type Region = { "kind": "cells", cells: Array<[number, number]>, } | { "kind": "rect", row: number, col: number, rows: number, cols: number, } | { "kind": "span", first: number, last: number, } | { "kind": "items", items: Array<number>, } | { "kind": "chain", item: number, length: number, } | { "kind": "segments", segments: Array<[number, number, number, number]>, };

export type Loopy = { 
/**
 * `Some(K)` when the value is ∞: play from here can go on forever,
 * and K holds the finite values among its options. `None`: the value
 * is the finite nimber beside it.
 */
infinite?: Array<number>, 
/**
 * For a finite value, when the labelling fixed it: lower is nearer the
 * end of play. A winner who moves to the lowest makes play end.
 */
rank: number, };

export type Component = { id: number, region: Region, 
/**
 * The value; 0 when `loopy` says it is ∞.
 */
nimber: Nimber, label: string, 
/**
 * Present for games whose play can go on forever.
 */
loopy?: Loopy, };

export type MoveInfo = { 
/**
 * Pass this back to play the move; valid for this position only.
 */
id: number, label: string, 
/**
 * The component the move is played in.
 */
component: number, 
/**
 * Where a person points to play it (a cell, a counter, an occurrence).
 */
anchor: Region, 
/**
 * Tells apart moves that share an anchor, e.g. `H` and `V`.
 */
variant?: string, 
/**
 * What the move removes or occupies.
 */
footprint: Region, 
/**
 * The nimbers of the pieces the component is split into. A move that
 * leaves more than `MAX_PARTS` pieces lists their ⊕ as one value.
 */
parts: Array<Nimber>, 
/**
 * The position's nimber after the move; `*0` means the move wins. In
 * a game that can go on forever, the ⊕ of the finite values only.
 */
after: Nimber, 
/**
 * The moved part's Smith value after the move, for games whose play
 * can go on forever; its finite value is the ⊕ of `parts`.
 */
loopy?: Loopy, };

export type LoopyMoves = { 
/**
 * Moves after which the player who made them wins.
 */
winning: Array<number>, 
/**
 * Moves after which neither player can force a win.
 */
drawing: Array<number>, };

export type ForfeitMove = { label: string, anchor: Region, variant?: string, 
/**
 * The cells it would spread over before failing.
 */
footprint: Region, };

export type Token = { row: number, col: number, label: string, };

export type Heat = { prePeriod: number, period: number, 
/**
 * Row-major values of every cell, one board per n.
 */
states: Array<Array<number>>, };

export type Overlay = { 
/**
 * The switch's label.
 */
name: string, 
/**
 * What the overlay shows and why, in a sentence or two.
 */
caption: string, 
/**
 * Marked cells, as [row, column].
 */
cells: Array<[number, number]>, 
/**
 * Straight lines, as [x₁, y₁, x₂, y₂] in thousandths of a cell from
 * the grid's top left corner (a cell's centre is at its index plus
 * 500). Whole numbers keep float formatting, a tenth of an engine,
 * out of the engine.
 */
lines: Array<[number, number, number, number]>, };

export type Interval = { first: number, last: number, depth: number, 
/**
 * The index of the smallest interval containing this one.
 */
parent: number | null, 
/**
 * The nimber of the subtree this interval roots.
 */
nimber: Nimber, };

export type VertexValue = { nimber?: Nimber, k?: Array<number>, };

export type Piece = "pin" | "pawn" | "counter";

export type Picks = "vertices" | "edges";

export type RuleField = { label: string, value: string, hint: string, };

export type TileFill = "open" | "wall" | "hot" | "exit" | "occupied";

export type Stroke = "rising" | "falling";

export type Face = "heads" | "tails";

export type TileInfo = { tile: string, 
/**
 * What a screen reader says, and the tooltip.
 */
name: string, fill: TileFill, 
/**
 * A short mark drawn in the cell.
 */
mark?: string, 
/**
 * Diagonal strokes drawn across the cell.
 */
strokes?: Array<Stroke>, 
/**
 * Drawn faded: no longer in play.
 */
faded?: boolean, 
/**
 * Drawn as a coin showing this face, on open ground, not as a filled square.
 */
coin?: Face, };

export type Legend = { 
/**
 * Every tile the grid may show.
 */
tiles: Array<TileInfo>, 
/**
 * The tiles a person may paint, in the palette's order (keys 1, 2, …).
 */
palette: Array<string>, 
/**
 * Named numbers of the position a person may set while drawing, read
 * back from the analysis's facts of the same label.
 */
numbers: Array<string>, 
/**
 * Whether the board can be turned 45°, where its diagonals become rows
 * and columns.
 */
rotatable: boolean, 
/**
 * The names of the moves one cell may offer (`H`, `V`), in the one
 * order the page lists them; empty where a cell has a single move.
 */
variants: Array<string>, };

export type SumPart = { game: string, name: string, analysis: Analysis, moveOffset: number, componentOffset: number, };

export type Board = { "kind": "heaps", sizes: Array<number>, 
/**
 * The rule of a heap game, as `grundy sequence` names it (`S=1,3,4`,
 * `grundy`); Nim has none.
 */
rule?: string, 
/**
 * The rule as Edit lets a person change it, where it can be.
 */
ruleField?: RuleField, 
/**
 * The most heaps a position holds.
 */
maxHeaps: number, 
/**
 * Drawn as a staircase, heap k standing on step k.
 */
stairs?: boolean, } | { "kind": "grid", rows: number, cols: number, tiles: Array<string>, tokens?: Array<Token>, heat?: Heat, overlay?: Overlay, legend: Legend, } | { "kind": "text", text: string, erased: Array<boolean>, words: Array<string>, } | { "kind": "rows", sizes: Array<number>, takes: Array<number>, piece: Piece, 
/**
 * What a row is called: "row", or "heap" where it is a heap of counters.
 */
noun: string, 
/**
 * The octal code, as `grundy sequence` names it.
 */
rule: string, ruleField: RuleField, maxHeaps: number, } | { "kind": "line", intervals: Array<Interval>, } | { "kind": "graph", points: Array<[number, number]>, edges: Array<[number, number]>, } | { "kind": "digraph", points: Array<[number, number]>, edges: Array<[number, number]>, 
/**
 * The vertex of each token, in the order of the components.
 */
tokens: Array<number>, 
/**
 * Every vertex's Smith value.
 */
values: Array<VertexValue>, } | { "kind": "network", points: Array<[number, number]>, edges: Array<[number, number]>, picks: Picks, } | { "kind": "sum", parts: Array<SumPart>, };

export type Fact = { label: string, value: string, 
/**
 * The play the fact is about, where it holds under one only: the
 * analysis of the other leaves it out.
 */
play?: Convention, };

export type NimProducts = { 
/**
 * A power of two, so that every product stays below it.
 */
side: number, 
/**
 * x ⊗ y at x · side + y.
 */
products: Array<number>, 
/**
 * At x · side + y, a bit for each value (a ⊗ y) ⊕ (x ⊗ b) ⊕ (a ⊗ b)
 * takes over a < x, b < y: x ⊗ y is the smallest it misses.
 */
reached: Array<number>, };

export type QuotientSummary = { 
/**
 * The rule, as `grundy sequence` names it.
 */
rule: string, 
/**
 * The largest heap the quotient was computed for.
 */
maxHeap: number, 
/**
 * How many elements it has.
 */
size: number, 
/**
 * Each element as a word in the generators: `1`, `a`, `ab^2`, ….
 */
elements: Array<string>, 
/**
 * The elements whose positions the player to move loses.
 */
pPortion: Array<number>, 
/**
 * The element of each heap 0 … `max_heap` (heap 0, no heap, is 1).
 */
heaps: Array<number>, 
/**
 * The heap each generator letter (a, b, …) stands for.
 */
generators: Array<number>, 
/**
 * The quotient's size for heaps of at most 1, 2, … `max_heap`.
 */
sizes: Array<number>, 
/**
 * The products of every two elements, `table[a][b]`: on the page for
 * a quotient small enough to show, from `grundy quotient --json` always.
 */
table?: Array<Array<number>>, 
/**
 * What is proved: for heaps of up to `max_heap`, or for every heap.
 */
status: string, };

export type MisereReport = { 
/**
 * `None` when the search ran out of budget.
 */
outcome: Outcome | null, 
/**
 * The ids of the moves that win under misère play.
 */
winning: Array<number>, 
/**
 * Distinct positions searched (0 for a closed form).
 */
explored: number, 
/**
 * How the outcome was found, or why it was not.
 */
method: string, 
/**
 * The misère quotient that decided the outcome, where one did.
 */
quotient?: QuotientSummary, 
/**
 * The position's element of that quotient.
 */
element?: number, 
/**
 * The element of each component, in the components' order (empty
 * without a quotient).
 */
parts: Array<number>, 
/**
 * The element each move leaves, by move id (empty without a quotient).
 */
afters: Array<number>, };

export type Analysis = { nimber: Nimber, outcome: Outcome, 
/**
 * The total as every view writes it: the nimber (`*2`), or where some
 * part is worth ∞, what Smith's rule makes of the sum (`N`, `P` or
 * `a draw`), since the ⊕ of the finite values decides nothing then.
 */
total: string, board: Board, components: Array<Component>, moves: Array<MoveInfo>, forfeits?: Array<ForfeitMove>, facts?: Array<Fact>, 
/**
 * Which play the analysis describes. Nimbers and `after` are always
 * normal-play values; under misère play `misere` says who wins.
 */
convention?: Convention, misere?: MisereReport, 
/**
 * Where the move that led here shows on this board, for a board to mark
 * until the next move; `None` for a loaded or drawn position.
 */
lastMove?: Region, 
/**
 * Turning Corners' multiplication table, which values its coins.
 */
nimProducts?: NimProducts, 
/**
 * Present when play can go on forever: the outcome then follows
 * Smith's rule, and these moves win or hold a draw.
 */
loopy?: LoopyMoves, 
/**
 * Who wins under the play the analysis describes: `outcome` in normal
 * play, the misère search's or closed form's answer under misère play,
 * `None` where that is not known. Set by [`Analysis::settle`].
 */
verdict: Outcome | null, 
/**
 * The ids of the moves that win under the play the analysis
 * describes, in order. Set by [`Analysis::settle`].
 */
winning: Array<number>, 
/**
 * Where play can go on forever, the ids of the moves that hold a draw.
 */
drawing: Array<number>, };

export type TreeNode = { 
/**
 * The move that leads here; empty at the root.
 */
label: string, 
/**
 * The position, in its game's text format, where the game writes it.
 */
text?: string, nimber: Nimber, outcome: Outcome, 
/**
 * Play can go on forever from here: `nimber` is not its value.
 */
loopy?: boolean, children: Array<TreeNode>, 
/**
 * Options left unexpanded because the tree stops at its depth.
 */
unexpanded: number, };

export type Edit = { "kind": "paint", row: number, col: number, tile: string, } | { "kind": "resize", rows: number, cols: number, } | { "kind": "setHeap", index: number, size: number, } | { "kind": "removeHeap", index: number, } | { "kind": "random", seed: number, density: number, } | { "kind": "setNumber", name: string, value: number, } | { "kind": "setText", text: string, } | { "kind": "setWords", words: Array<string>, } | { "kind": "addPart", game: string, } | { "kind": "removePart", index: number, } | { "kind": "setSpan", index: number, first: number, last: number, } | { "kind": "removeSpan", index: number, } | { "kind": "setRule", rule: string, } | { "kind": "addVertex", x: number, y: number, from?: number, } | { "kind": "moveVertex", index: number, x: number, y: number, } | { "kind": "removeVertex", index: number, } | { "kind": "addEdge", from: number, to: number, } | { "kind": "removeEdge", index: number, } | { "kind": "addToken", vertex: number, } | { "kind": "removeToken", vertex: number, };

export type Sample = { name: string, 
/**
 * Text in the game's contest format.
 */
input: string, };

export type GameInfo = { id: string, name: string, 
/**
 * One line for `grundy games`.
 */
summary: string, 
/**
 * The rules in plain language, a few sentences.
 */
rules: string, 
/**
 * How positions are written, with limits.
 */
format: string, 
/**
 * A position the player to move loses against perfect play, in the
 * game's format: where a class, or a test, sees the computer win.
 */
lost: string, 
/**
 * A text the game refuses, with a message naming the line (and the
 * column, where there is one): where tests see bad input answered,
 * not crashed on.
 */
bad: string, samples: Array<Sample>, };

export type GameError = { message: string, 
/**
 * 1-based line of the input, when the problem has one.
 */
line?: number, 
/**
 * 1-based column (in characters) within that line.
 */
column?: number, 
/**
 * The input is well formed but past what the solver's budget can
 * answer exactly: the command line exits 3 rather than guess.
 */
tooLarge?: boolean, };

/** Every game's id. */
export const GAME_IDS = ["nim", "bacterial-tactics", "darkraft", "board-escape", "intervals", "string-game", "subtraction", "octal", "grundy-game", "hackenbush", "digraph", "coins", "corners", "staircase", "northcott", "lasker", "cram", "chomp", "wythoff", "node-kayles", "arc-kayles", "sum"] as const;

export type GameId = (typeof GAME_IDS)[number];

/** A family of games: the page can load an engine built with one alone. */
export type Family = "boards" | "counters" | "graphs" | "heaps" | "take-and-break" | "words";

/** The family of each game; a sum is of any games, so only the whole engine holds it. */
export const FAMILY_OF: Readonly<Record<Exclude<GameId, "sum">, Family>> = {
  "nim": "heaps",
  "bacterial-tactics": "boards",
  "darkraft": "boards",
  "board-escape": "boards",
  "intervals": "words",
  "string-game": "words",
  "subtraction": "take-and-break",
  "octal": "take-and-break",
  "grundy-game": "take-and-break",
  "hackenbush": "graphs",
  "digraph": "graphs",
  "coins": "counters",
  "corners": "boards",
  "staircase": "heaps",
  "northcott": "counters",
  "lasker": "heaps",
  "cram": "boards",
  "chomp": "boards",
  "wythoff": "counters",
  "node-kayles": "graphs",
  "arc-kayles": "graphs",
};
