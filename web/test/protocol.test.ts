import { describe, expect, it } from 'vitest';
import type { MoveInfo, View } from '../src/engine/model';
import { MOVES_PER_MESSAGE, PartsGatherer, inParts, type WorkerReply } from '../src/engine/protocol';

function move(id: number): MoveInfo {
  return { id, label: `pick ${id}`, component: 0, anchor: { kind: 'span', first: id, last: id }, footprint: { kind: 'items', items: [0] }, parts: [], after: 1 };
}

function viewReply(id: number, moves: number): WorkerReply {
  const view = {
    game: 'intervals',
    text: '',
    analysis: { nimber: 1, outcome: 'next', board: { kind: 'line', intervals: [] }, components: [], moves: Array.from({ length: moves }, (_, i) => move(i)), solveMs: 1 },
    canUndo: false,
    canRedo: false,
    ply: 0,
    cases: [1, 0],
  } as unknown as View;
  return { id, ok: true, view };
}

describe('long views cross in parts', () => {
  it('sends a short view whole', () => {
    const reply = viewReply(1, MOVES_PER_MESSAGE);
    expect(inParts(reply)).toEqual([reply]);
  });

  it('sends the moves of a long view ahead in order, and gathers them back', () => {
    const reply = viewReply(7, 2 * MOVES_PER_MESSAGE + 1);
    const messages = inParts(reply);
    expect(messages.map((m) => ('moves' in m ? m.moves.length : 'view'))).toEqual([MOVES_PER_MESSAGE, MOVES_PER_MESSAGE, 1, 'view']);
    const gatherer = new PartsGatherer();
    const other = viewReply(8, 3);
    // Another request's reply may arrive between the parts.
    expect(messages.slice(0, 3).map((m) => gatherer.take(m))).toEqual([undefined, undefined, undefined]);
    expect(gatherer.take(other)).toBe(other);
    expect(gatherer.take(messages[3])).toEqual(reply);
  });

  it('drops the parts of a reply that a restart ended', () => {
    const gatherer = new PartsGatherer();
    const [first] = inParts(viewReply(3, MOVES_PER_MESSAGE + 1));
    gatherer.take(first);
    gatherer.clear();
    const error: WorkerReply = { id: 3, ok: false, error: { message: 'refused' } };
    expect(gatherer.take(error)).toBe(error);
  });
});
