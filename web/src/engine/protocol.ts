/** Messages between the page and the engine worker. */

import type { Convention, Edit, EngineError, GameInfo } from './model';
import type { PackedView } from './packed';

export type SessionRequest =
  /** `convention`, the play the analysis describes, is normal unless said. */
  | { op: 'open'; game: string; text: string; case?: number; convention?: Convention }
  | { op: 'load'; text: string; case?: number }
  | { op: 'play'; move: number }
  | { op: 'undo' }
  | { op: 'redo' }
  /** Undo or redo moves until `ply` moves have been played since the drawing. */
  | { op: 'seek'; ply: number }
  | { op: 'ai'; level: number; seed: number }
  | { op: 'edit'; edit: Edit }
  | { op: 'tree'; depth: number }
  /** Which play the analysis describes. */
  | { op: 'convention'; convention: Convention }
  | { op: 'close' };

export type WorkerRequest =
  | { id: number; session: string; request: SessionRequest }
  | { id: number; games: true };

export type WorkerReply =
  | { id: number; ok: true; view: PackedView }
  | { id: number; ok: true; games: GameInfo[] }
  | { id: number; ok: false; error: EngineError }
  /** A later request for the same session made this one's result moot. */
  | { id: number; superseded: true }
  /** The wasm instance trapped; it cannot be used again. */
  | { id: number; trapped: string };

/** The waits before each new try of an engine that did not load; after the last, it is given up. */
export const LOAD_RETRY_MS = [250, 1000, 4000];

/**
 * The engine's bytes, or why they could not be fetched: the page fetches
 * the .wasm while the worker's script loads, not after it, and sends this
 * before any request.
 */
export type EngineDelivery = { from: string } & ({ wasm: ArrayBuffer } | { wasmUnfetched: string });

/** Sent once, unasked, by a worker whose .wasm did not load: it will answer nothing. */
export interface WorkerUnloaded {
  unloaded: string;
}

/** Sent once, unasked, by a worker whose .wasm has loaded: from then on, an error is a crash, not a failure to load. */
export interface WorkerLoaded {
  loaded: true;
}

/**
 * The performance mark the page sets when an engine worker has loaded: the
 * benchmarks time a first paint from it (`scripts/bench-paint.mjs`).
 */
export const ENGINE_READY_MARK = 'grundy:engine-ready';

/** Requests that replace the whole position: a newer one makes older ones moot. */
export function replacesPosition(request: SessionRequest): boolean {
  return request.op === 'open' || request.op === 'load';
}
