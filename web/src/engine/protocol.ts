/** Messages between the page and the engine worker. */

import type { Convention, Edit, EngineError, GameInfo, MoveInfo, View } from './model';

export type SessionRequest =
  | { op: 'open'; game: string; text: string; case?: number }
  | { op: 'load'; text: string; case?: number }
  | { op: 'play'; move: number }
  | { op: 'undo' }
  | { op: 'redo' }
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
  | { id: number; ok: true; view: View }
  | { id: number; ok: true; games: GameInfo[] }
  | { id: number; ok: false; error: EngineError }
  /** A later request for the same session made this one's result moot. */
  | { id: number; superseded: true }
  /** The wasm instance trapped; it cannot be used again. */
  | { id: number; trapped: string };

/** Requests that replace the whole position: a newer one makes older ones moot. */
export function replacesPosition(request: SessionRequest): boolean {
  return request.op === 'open' || request.op === 'load';
}

/**
 * Moves per message. The page reads each message in one task: 200 000
 * moves in one took 470–616 ms, while in parts the page answers the person
 * between them.
 */
export const MOVES_PER_MESSAGE = 10_000;

/** Some of the moves of the view that answers the same request, in order, sent ahead of it. */
export interface MovesPart {
  id: number;
  moves: MoveInfo[];
}

/** What the worker posts: whole replies, and parts of long views. */
export type WorkerMessage = WorkerReply | MovesPart;

/** The messages that carry `reply`: a view with many moves sends them ahead in parts. */
export function inParts(reply: WorkerReply): WorkerMessage[] {
  if (!('view' in reply) || reply.view.analysis.moves.length <= MOVES_PER_MESSAGE) return [reply];
  const { id, view } = reply;
  const parts: WorkerMessage[] = [];
  for (let start = 0; start < view.analysis.moves.length; start += MOVES_PER_MESSAGE) {
    parts.push({ id, moves: view.analysis.moves.slice(start, start + MOVES_PER_MESSAGE) });
  }
  parts.push({ ...reply, view: { ...view, analysis: { ...view.analysis, moves: [] } } });
  return parts;
}

/** Gathers the parts `inParts` sent back into whole replies, one message at a time. */
export class PartsGatherer {
  private readonly arriving = new Map<number, MoveInfo[][]>();

  /** The whole reply once `message` completes one, else undefined. */
  take(message: WorkerMessage): WorkerReply | undefined {
    if ('moves' in message) {
      const parts = this.arriving.get(message.id) ?? [];
      parts.push(message.moves);
      this.arriving.set(message.id, parts);
      return undefined;
    }
    const parts = this.arriving.get(message.id);
    if (!parts) return message;
    this.arriving.delete(message.id);
    if (!('view' in message)) return message;
    return { ...message, view: { ...message.view, analysis: { ...message.view.analysis, moves: parts.flat() } } };
  }

  /** Drops parts of replies that will never complete, after a restart. */
  clear(): void {
    this.arriving.clear();
  }
}
