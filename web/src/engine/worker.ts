/// <reference lib="webworker" />
/**
 * The engine worker: hosts the wasm and every open session, so no solve
 * ever blocks the page. Requests queue up while a solve runs; the next
 * batch is planned so superseded work is skipped (see `queue.ts`).
 */

import init, { Session, games } from './wasm';
import type { EngineError, MoveInfo, Step, TreeNode } from './model';
import { packedAnalysis, type PackedView } from './packed';
import type { EngineDelivery, SessionRequest, WorkerLoaded, WorkerReply, WorkerRequest, WorkerUnloaded } from './protocol';
import { plan } from './queue';

let deliver: (delivery: EngineDelivery) => void = () => {};
/** Whether the engine the page sends (`EngineDelivery`, while this script loads) has loaded; either way, the page is told. */
const ready = new Promise<EngineDelivery>((resolve) => (deliver = resolve)).then(async (delivery) => {
  try {
    if ('wasmUnfetched' in delivery) throw new Error(delivery.wasmUnfetched);
    await init({ module_or_path: delivery.wasm });
    postMessage({ loaded: true } satisfies WorkerLoaded);
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    postMessage({ unloaded: `the engine's .wasm did not load from ${delivery.from} (${reason}): check that the file is served at that address` } satisfies WorkerUnloaded);
    return false;
  }
});
const sessions = new Map<string, Session>();
let waiting: WorkerRequest[] = [];
let draining = false;

self.onmessage = (event: MessageEvent<WorkerRequest | EngineDelivery>) => {
  const message = event.data;
  if ('from' in message) return deliver(message);
  waiting.push(message);
  if (!draining) {
    draining = true;
    // Let every message already posted arrive before planning the batch.
    setTimeout(() => void drain(), 0);
  }
};

async function drain(): Promise<void> {
  // Without the .wasm nothing is answered: the page has been told (above).
  if (!(await ready)) return;
  while (waiting.length > 0) {
    const batch = waiting;
    waiting = [];
    for (const step of plan(batch)) {
      const reply = handle(step.request, step.action);
      // The packed numbers move to the page rather than being copied: 200 000
      // moves are 30 MB, which took about 45 ms to copy out and 45 ms in.
      const numbers = 'view' in reply ? reply.view.analysis.packed.numbers : undefined;
      postMessage(reply, numbers ? [numbers.buffer] : []);
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
    const extra = apply(message.session, message.request);
    if (message.request.op === 'close') return { id, superseded: true };
    if (action === 'apply') return { id, superseded: true };
    return { id, ok: true, view: { ...view(message.session), ...extra } };
  } catch (error) {
    // After a trap the instance's state is unknown: the page restarts us.
    if (error instanceof WebAssembly.RuntimeError) return { id, trapped: error.message };
    return { id, ok: false, error: toEngineError(error) };
  }
}

function sessionFor(key: string): Session {
  const session = sessions.get(key);
  if (!session) throw new Error('this game has not been opened yet');
  return session;
}

/** Positions a game tree may hold before it is refused as too large. */
const TREE_BUDGET = 2000;

/** What a request adds to the view: the computer's move, or a tree. */
interface Extra {
  played?: MoveInfo;
  tree?: TreeNode;
}

/** Carries out one request. */
function apply(key: string, request: SessionRequest): Extra {
  switch (request.op) {
    case 'open': {
      const opened = new Session(request.game, request.text, request.case);
      if (request.convention) opened.setConvention(request.convention);
      sessions.get(key)?.free();
      sessions.set(key, opened);
      return {};
    }
    case 'load':
      sessionFor(key).load(request.text, request.case);
      return {};
    case 'play':
      sessionFor(key).play(request.move);
      return {};
    case 'undo':
      sessionFor(key).undo();
      return {};
    case 'redo':
      sessionFor(key).redo();
      return {};
    case 'seek':
      sessionFor(key).seek(request.ply);
      return {};
    case 'edit':
      sessionFor(key).edit(request.edit);
      return {};
    case 'ai': {
      const session = sessionFor(key);
      const moveId = session.aiMove(request.level, request.seed);
      if (moveId === undefined) return {};
      const move = session.moveInfo(moveId) as MoveInfo;
      session.play(moveId);
      return { played: move };
    }
    case 'convention':
      sessionFor(key).setConvention(request.convention);
      return {};
    case 'tree':
      return { tree: sessionFor(key).tree(request.depth, TREE_BUDGET) as TreeNode };
    case 'close':
      sessions.get(key)?.free();
      sessions.delete(key);
      return {};
  }
}

function view(key: string): PackedView {
  const session = sessionFor(key);
  const [count, shown] = session.cases();
  const analysis = packedAnalysis(session);
  return {
    game: session.gameId(),
    text: session.text(),
    analysis,
    undoes: session.undoStep() as Step | null,
    redoes: session.redoStep() as Step | null,
    ply: session.ply(),
    drawn: session.drawn(),
    cases: [count, shown],
  };
}

function toEngineError(error: unknown): EngineError {
  if (error instanceof Error) {
    const located = error as Error & { line?: number; column?: number };
    return { message: error.message, line: located.line, column: located.column };
  }
  return { message: String(error) };
}
