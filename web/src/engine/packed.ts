/**
 * An analysis's long lists (every move, a number line's intervals) as the
 * engine sends them: numbers and one text, laid out as
 * `crates/grundy-wasm/src/packed.rs` says. Only the shape changes here;
 * every value is the engine's.
 */

import type { Analysis, Interval, Loopy, MoveInfo, Region, View } from './model';

export interface PackedLists {
  numbers: Float64Array;
  text: string;
}

/**
 * An analysis with `moves` empty (in its sum's parts too), and a number
 * line's `intervals`, until they are read back from `packed`.
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

const REGION_KINDS = ['cells', 'rect', 'span', 'items', 'segments'] as const;

/** What `MoveInfo` holds beyond a move's head (`id`, `component`, `after`) and anchor. */
type MoveDetails = Omit<MoveInfo, 'id' | 'component' | 'after' | 'anchor'>;

/**
 * A move read back with its head only. Its anchor, then the rest, are
 * read from the packed lists the first time anything asks for them: a
 * position can have 200 000 moves, boards look moves up by their anchors,
 * and labels and footprints are wanted only for the moves shown.
 */
class PackedMove implements MoveInfo {
  private readAnchor?: Region;
  private details?: MoveDetails;

  constructor(
    readonly id: number,
    readonly component: number,
    readonly after: number,
    private readonly packed: PackedLists,
    private readonly at: number,
    private readonly textAt: number,
  ) {}

  get anchor(): Region {
    return (this.readAnchor ??= new Reader(this.packed, this.at, this.textAt).region());
  }

  private read(): MoveDetails {
    if (this.details) return this.details;
    const reader = new Reader(this.packed, this.at, this.textAt);
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
      // A rect's and a span's bounds are read in place, skipping their list's length.
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

  /** The next move, its details left to read when asked for. */
  packedMove(): PackedMove {
    const id = this.number();
    const component = this.number();
    const after = this.number();
    const move = new PackedMove(id, component, after, this.packed, this.at + 2, this.textAt);
    this.skipDetails();
    return move;
  }

  /** Passes over a move's details by the sizes that lead them. */
  private skipDetails(): void {
    const numbers = this.number();
    const units = this.number();
    this.at += numbers;
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
   * Fills `analysis.moves` and a number line's intervals, then its sum's
   * parts' in turn, pausing after every `MOVES_PER_STEP` moves.
   */
  *fill(analysis: Omit<Analysis, 'solveMs'>): Generator<void> {
    const moves = new Array<MoveInfo>(this.number());
    for (let i = 0; i < moves.length; i++) {
      moves[i] = this.packedMove();
      if ((i + 1) % MOVES_PER_STEP === 0) yield;
    }
    analysis.moves = moves;
    if (analysis.board.kind === 'line') analysis.board.intervals = this.intervals();
    if (analysis.board.kind === 'sum') for (const part of analysis.board.parts) yield* this.fill(part.analysis);
  }
}

/** Moves read in one step of `unpackViewInSteps`: a few milliseconds' work. */
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
