/**
 * The page's side of the engine: one worker per page, shared by every
 * `<grundy-game>`, answered through promises.
 */

import workerUrl from './worker.ts?worker&url';
import type { EngineError, GameInfo, View } from './model';
import type { SessionRequest, WorkerReply, WorkerRequest } from './protocol';

/** The request was overtaken by a newer one for the same session. */
export class SupersededError extends Error {
  constructor() {
    super('superseded by a newer request');
    this.name = 'SupersededError';
  }
}

/** The core refused a request; carries its located message. */
export class EngineFailure extends Error {
  readonly line?: number;
  readonly column?: number;
  constructor(error: EngineError) {
    super(error.message);
    this.name = 'EngineFailure';
    this.line = error.line;
    this.column = error.column;
  }
}

interface Pending {
  resolve: (value: View | GameInfo[]) => void;
  reject: (reason: Error) => void;
}

/**
 * The worker script sits beside this module's script, wherever that is
 * served from. A worker must be same-origin with the page, so a script
 * loaded from another origin starts it through a same-origin blob that
 * imports it.
 */
function spawnWorker(): Worker {
  const url = new URL(workerUrl, import.meta.url);
  if (url.origin === location.origin) return new Worker(url, { type: 'module' });
  const shim = new Blob([`import ${JSON.stringify(url.href)};`], { type: 'text/javascript' });
  return new Worker(URL.createObjectURL(shim), { type: 'module' });
}

export class EngineClient {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private gamesList?: Promise<GameInfo[]>;

  constructor(worker: Worker = spawnWorker()) {
    this.worker = worker;
    this.worker.onmessage = (event: MessageEvent<WorkerReply>) => this.receive(event.data);
    this.worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      this.failAll(new EngineFailure({ message: `the engine stopped: ${event.message || 'unknown error'}` }));
    };
  }

  /** Every game's description; asked once. */
  games(): Promise<GameInfo[]> {
    this.gamesList ??= this.post({ id: this.nextId++, games: true }) as Promise<GameInfo[]>;
    return this.gamesList;
  }

  /** Sends a request for `session` and resolves with the view after it. */
  send(session: string, request: SessionRequest): Promise<View> {
    return this.post({ id: this.nextId++, session, request }) as Promise<View>;
  }

  private post(message: WorkerRequest): Promise<View | GameInfo[]> {
    return new Promise((resolve, reject) => {
      this.pending.set(message.id, { resolve, reject });
      this.worker.postMessage(message);
    });
  }

  private receive(reply: WorkerReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if ('superseded' in reply) pending.reject(new SupersededError());
    else if (!reply.ok) pending.reject(new EngineFailure(reply.error));
    else pending.resolve('games' in reply ? reply.games : reply.view);
  }

  private failAll(error: Error): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}

let shared: EngineClient | undefined;

/** The page's engine, started on first use. */
export function engine(): EngineClient {
  shared ??= new EngineClient();
  return shared;
}
