/**
 * An analysis's long lists (every move, a number line's intervals) as the
 * engine sends them: numbers and one text, laid out as
 * `crates/grundy-wasm/src/packed.rs` says. Only the shape changes here;
 * every value is the engine's.
 */

import type { Analysis, Interval, Loopy, MoveInfo, Moves, Nimber, Region, View } from './model';

export interface PackedLists {
  numbers: Float64Array;
  text: string;
}

/**
 * An analysis with `moves` an empty list (in its sum's parts too), and a
 * number line's `intervals`, until they are read back from `packed`.
 */
export type PackedAnalysis = Analysis & { packed: PackedLists };

/** What `packedAnalysis` asks of a wasm `Session`. */
interface PackingSession {
  analysis(): unknown;
  solveMs(): number;
  takePackedNumbers(): Float64Array;
  takePackedText(): string;
}

/** The session's analysis with its long lists packed, as the worker sends it. */
export function packedAnalysis(session: PackingSession): PackedAnalysis {
  const analysis = session.analysis() as Analysis;
  const packed = { numbers: session.takePackedNumbers(), text: session.takePackedText() };
  return { ...analysis, solveMs: session.solveMs(), packed };
}

/** A view as it crosses from the worker. */
export type PackedView = Omit<View, 'analysis'> & { analysis: PackedAnalysis };

const REGION_KINDS = ['cells', 'rect', 'span', 'items', 'segments', 'chain'] as const;

/** What `MoveInfo` holds beyond a move's head (`id`, `component`, `after`) and anchor. */
type MoveDetails = Omit<MoveInfo, 'id' | 'component' | 'after' | 'anchor'>;

/**
 * Where a move's numbers lie from its start: its head, how many numbers
 * and text units the rest takes, then the rest, anchor first.
 */
const FIELD = { id: 0, component: 1, after: 2, numbers: 3, units: 4, anchor: 5 } as const;

/**
 * A move made from its place in the packed lists. Its anchor, then the
 * rest, are read the first time anything asks for them: boards look
 * moves up by their anchors, and labels and footprints are wanted only
 * for the moves shown.
 */
class PackedMove implements MoveInfo {
  readonly id: number;
  readonly component: number;
  readonly after: Nimber;
  private readAnchor?: Region;
  private details?: MoveDetails;

  constructor(
    private readonly packed: PackedLists,
    private readonly head: number,
    private readonly textAt: number,
  ) {
    this.id = packed.numbers[head + FIELD.id];
    this.component = packed.numbers[head + FIELD.component];
    this.after = packed.numbers[head + FIELD.after];
  }

  get anchor(): Region {
    return (this.readAnchor ??= new Reader(this.packed, this.head + FIELD.anchor, this.textAt).region());
  }

  private read(): MoveDetails {
    if (this.details) return this.details;
    const reader = new Reader(this.packed, this.head + FIELD.anchor, this.textAt);
    const anchor = reader.region();
    // Kept only if the anchor was not read before, so it stays one object.
    this.readAnchor ??= anchor;
    return (this.details = reader.details());
  }

  get label(): string {
    return this.read().label;
  }

  get variant(): string | undefined {
    return this.read().variant;
  }

  get footprint(): Region {
    return this.read().footprint;
  }

  get parts(): number[] {
    return this.read().parts;
  }

  get loopy(): Loopy | undefined {
    return this.read().loopy;
  }

  /** The move as `JSON.stringify` should write it: its fields, not where they are kept. */
  toJSON(): MoveInfo {
    const { id, label, component, anchor, variant, footprint, parts, after, loopy } = this;
    return { id, label, component, anchor, variant, footprint, parts, after, loopy };
  }
}

/**
 * An analysis's moves over the packed lists: where each move's head lies,
 * and the moves made so far, so asking twice gives the same object.
 */
class PackedMoves implements Moves {
  private readonly made: (PackedMove | undefined)[];
  private every?: readonly MoveInfo[];

  constructor(
    private readonly packed: PackedLists,
    private readonly heads: Uint32Array,
    private readonly textAts: Uint32Array,
  ) {
    this.made = new Array<PackedMove | undefined>(heads.length);
  }

  get length(): number {
    return this.heads.length;
  }

  at(id: number): MoveInfo | undefined {
    if (!Number.isInteger(id) || id < 0 || id >= this.heads.length) return undefined;
    return (this.made[id] ??= new PackedMove(this.packed, this.heads[id], this.textAts[id]));
  }

  all(): readonly MoveInfo[] {
    return (this.every ??= Array.from({ length: this.length }, (_, id) => this.at(id)!));
  }

  componentOf(id: number): number {
    return this.packed.numbers[this.heads[id] + FIELD.component];
  }

  afterOf(id: number): Nimber {
    return this.packed.numbers[this.heads[id] + FIELD.after];
  }

  anchorCellOf(id: number): [row: number, col: number] | undefined {
    return this.anchorStart(id, 'cells');
  }

  anchorSpanOf(id: number): [first: number, last: number] | undefined {
    return this.anchorStart(id, 'span');
  }

  /** The first two numbers of move `id`'s anchor, if it is of this kind and has them. */
  private anchorStart(id: number, kind: (typeof REGION_KINDS)[number]): [number, number] | undefined {
    // A region is its kind, its list's length, then the list.
    const { numbers } = this.packed;
    const anchor = this.heads[id] + FIELD.anchor;
    if (REGION_KINDS[numbers[anchor]] !== kind || numbers[anchor + 1] < 2) return undefined;
    return [numbers[anchor + 2], numbers[anchor + 3]];
  }

  /** The moves as `JSON.stringify` should write them: a list. */
  toJSON(): readonly MoveInfo[] {
    return this.all();
  }
}

/** Reads the numbers and the text in order. */
class Reader {
  constructor(
    private readonly packed: PackedLists,
    private at = 0,
    private textAt = 0,
  ) {}

  number(): number {
    return this.packed.numbers[this.at++];
  }

  text(): string {
    const end = this.textAt + this.number();
    const text = this.packed.text.slice(this.textAt, end);
    this.textAt = end;
    return text;
  }

  list(): number[] {
    const length = this.number();
    const list = new Array<number>(length);
    for (let i = 0; i < length; i++) list[i] = this.packed.numbers[this.at++];
    return list;
  }

  /** A list read as consecutive groups of `size`. */
  groups<T extends number[]>(size: number): T[] {
    const count = this.number() / size;
    const groups = new Array<T>(count);
    for (let i = 0; i < count; i++) {
      const group = new Array<number>(size);
      for (let j = 0; j < size; j++) group[j] = this.packed.numbers[this.at++];
      groups[i] = group as T;
    }
    return groups;
  }

  region(): Region {
    const kind = REGION_KINDS[this.number()];
    switch (kind) {
      case 'cells':
        return { kind, cells: this.groups<[number, number]>(2) };
      // A rect's, a span's and a chain's numbers are read in place, skipping their list's length.
      case 'rect': {
        this.at++;
        return { kind, row: this.number(), col: this.number(), rows: this.number(), cols: this.number() };
      }
      case 'span': {
        this.at++;
        return { kind, first: this.number(), last: this.number() };
      }
      case 'items':
        return { kind, items: this.list() };
      case 'segments':
        return { kind, segments: this.groups<[number, number, number, number]>(4) };
      case 'chain': {
        this.at++;
        return { kind, item: this.number(), length: this.number() };
      }
    }
  }

  loopy(): Loopy | undefined {
    switch (this.number()) {
      case 1:
        return { rank: this.number() };
      case 2:
        return { infinite: this.list(), rank: 0 };
      default:
        return undefined;
    }
  }

  /** A move's details, read from just after its anchor. */
  details(): MoveDetails {
    const label = this.text();
    const variant = this.number() ? this.text() : undefined;
    const footprint = this.region();
    const parts = this.list();
    const loopy = this.loopy();
    return { label, variant, footprint, parts, loopy };
  }

  /** Passes over a move by the sizes that follow its head. */
  private skipMove(): void {
    const { numbers } = this.packed;
    const units = numbers[this.at + FIELD.units];
    this.at += FIELD.anchor + numbers[this.at + FIELD.numbers];
    this.textAt += units;
  }

  intervals(): Interval[] {
    const intervals = new Array<Interval>(this.number());
    for (let i = 0; i < intervals.length; i++) {
      const first = this.number();
      const last = this.number();
      const depth = this.number();
      const parent = this.number();
      intervals[i] = { first, last, depth, parent: parent < 0 ? null : parent, nimber: this.number() };
    }
    return intervals;
  }

  /**
   * Fills `analysis.moves`, a number line's intervals and the winning and
   * drawing moves' ids, then its sum's parts' in turn, pausing after every `MOVES_PER_STEP` moves.
   */
  *fill(analysis: Omit<Analysis, 'solveMs'>): Generator<void> {
    const count = this.number();
    const heads = new Uint32Array(count);
    const textAts = new Uint32Array(count);
    for (let i = 0; i < count; i++) {
      heads[i] = this.at;
      textAts[i] = this.textAt;
      this.skipMove();
      if ((i + 1) % MOVES_PER_STEP === 0) yield;
    }
    analysis.moves = new PackedMoves(this.packed, heads, textAts);
    if (analysis.board.kind === 'line') analysis.board.intervals = this.intervals();
    analysis.winning = this.list();
    analysis.drawing = this.list();
    if (analysis.board.kind === 'sum') for (const part of analysis.board.parts) yield* this.fill(part.analysis);
  }
}

/** Moves found in one step of `unpackViewInSteps`: well under a millisecond's work. */
const MOVES_PER_STEP = 10_000;

/** The analysis with its lists read back; its sum parts are those of `packed`, filled in place. */
export function unpackAnalysis({ packed, ...analysis }: PackedAnalysis): Analysis {
  for (const _ of new Reader(packed).fill(analysis));
  return analysis;
}

/**
 * The view with its analysis unpacked, awaiting `pause()` between steps so
 * a page reading 200 000 moves still answers the person meanwhile. A
 * `pause` that rejects stops the work.
 */
export async function unpackViewInSteps(view: PackedView, pause: () => Promise<void>): Promise<View> {
  const { packed, ...analysis } = view.analysis;
  for (const _ of new Reader(packed).fill(analysis)) await pause();
  return { ...view, analysis };
}
