/// <reference lib="webworker" />
/**
 * The engine worker: hosts the wasm and every open session, so no solve
 * ever blocks the page. Requests queue up while a solve runs; the next
 * batch is planned so superseded work is skipped (see `queue.ts`).
 */

import init, { Session, games } from '../wasm/grundy.js';
import type { EngineError, MoveInfo, View } from './model';
import type { SessionRequest, WorkerReply, WorkerRequest } from './protocol';
import { plan } from './queue';

const ready = init();
const sessions = new Map<string, Session>();
let waiting: WorkerRequest[] = [];
let draining = false;

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  waiting.push(event.data);
  if (!draining) {
    draining = true;
    // Let every message already posted arrive before planning the batch.
    setTimeout(() => void drain(), 0);
  }
};

async function drain(): Promise<void> {
  await ready;
  while (waiting.length > 0) {
    const batch = waiting;
    waiting = [];
    for (const step of plan(batch)) {
      const reply = handle(step.request, step.action);
      postMessage(reply);
    }
    // Give messages that arrived during the batch a chance to queue.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  draining = false;
}

function handle(message: WorkerRequest, action: 'drop' | 'apply' | 'answer'): WorkerReply {
  const { id } = message;
  if (!('session' in message)) return { id, ok: true, games: games() };
  if (action === 'drop') return { id, superseded: true };
  try {
    const played = apply(message.session, message.request);
    if (message.request.op === 'close') return { id, superseded: true };
    if (action === 'apply') return { id, superseded: true };
    return { id, ok: true, view: view(sessionFor(message.session), played) };
  } catch (error) {
    return { id, ok: false, error: toEngineError(error) };
  }
}

function sessionFor(key: string): Session {
  const session = sessions.get(key);
  if (!session) throw new Error('this game has not been opened yet');
  return session;
}

/** Carries out one request; returns the move played by an `ai` request. */
function apply(key: string, request: SessionRequest): MoveInfo | undefined {
  switch (request.op) {
    case 'open': {
      const opened = new Session(request.game, request.text, request.case);
      sessions.get(key)?.free();
      sessions.set(key, opened);
      return undefined;
    }
    case 'load':
      sessionFor(key).load(request.text, request.case);
      return undefined;
    case 'play':
      sessionFor(key).play(request.move);
      return undefined;
    case 'undo':
      sessionFor(key).undo();
      return undefined;
    case 'redo':
      sessionFor(key).redo();
      return undefined;
    case 'edit':
      sessionFor(key).edit(request.edit);
      return undefined;
    case 'ai': {
      const session = sessionFor(key);
      const moveId = session.aiMove(request.level, request.seed);
      if (moveId === undefined) return undefined;
      const move = (session.analysis() as View['analysis']).moves[moveId];
      session.play(moveId);
      return move;
    }
    case 'close':
      sessions.get(key)?.free();
      sessions.delete(key);
      return undefined;
  }
}

function view(session: Session, played: MoveInfo | undefined): View {
  const [count, shown] = session.cases();
  return {
    game: session.gameId(),
    text: session.text(),
    analysis: session.analysis(),
    canUndo: session.canUndo(),
    canRedo: session.canRedo(),
    ply: session.ply(),
    cases: [count, shown],
    played,
  };
}

function toEngineError(error: unknown): EngineError {
  if (error instanceof Error) {
    const located = error as Error & { line?: number; column?: number };
    return { message: error.message, line: located.line, column: located.column };
  }
  return { message: String(error) };
}
