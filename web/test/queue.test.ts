import { describe, expect, it } from 'vitest';
import { plan } from '../src/engine/queue';
import type { WorkerRequest } from '../src/engine/protocol';

const open = (id: number, session: string, text: string): WorkerRequest => ({
  id,
  session,
  request: { op: 'open', game: 'nim', text },
});

describe('plan', () => {
  it('drops a position that a newer one replaces, in the same session only', () => {
    const steps = plan([open(1, 'a', '1'), open(2, 'b', '2'), open(3, 'a', '3')]);
    expect(steps.map((s) => [s.request.id, s.action])).toEqual([
      [1, 'drop'],
      [2, 'answer'],
      [3, 'answer'],
    ]);
  });

  it('never drops moves or edits, but answers only the last request of a session', () => {
    const steps = plan([
      { id: 1, session: 'a', request: { op: 'play', move: 0 } },
      { id: 2, session: 'a', request: { op: 'edit', edit: { kind: 'removeHeap', index: 0 } } },
      { id: 3, session: 'a', request: { op: 'undo' } },
    ]);
    expect(steps.map((s) => s.action)).toEqual(['apply', 'apply', 'answer']);
  });

  it('keeps a load that comes after moves it does not replace', () => {
    const steps = plan([
      { id: 1, session: 'a', request: { op: 'load', text: '1 2' } },
      { id: 2, session: 'a', request: { op: 'play', move: 0 } },
    ]);
    expect(steps.map((s) => s.action)).toEqual(['apply', 'answer']);
  });

  it('opens a session before a load that follows in the same batch, as after a restart', () => {
    const steps = plan([
      open(1, 'a', '20 20 20'),
      { id: 2, session: 'a', request: { op: 'convention', convention: 'misere' } },
      { id: 3, session: 'a', request: { op: 'load', text: '2 3' } },
    ]);
    expect(steps.map((s) => s.action)).toEqual(['apply', 'apply', 'answer']);
  });

  it('answers requests that name no session', () => {
    expect(plan([{ id: 1, games: true }]).map((s) => s.action)).toEqual(['answer']);
  });
});
