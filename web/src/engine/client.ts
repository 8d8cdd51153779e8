/**
 * The page's side of the engine: one worker per page, shared by every
 * `<grundy-game>`, answered through promises.
 *
 * Work can always be stopped: `cancel()` ends the worker at once and
 * starts a fresh one once the page has drawn the next frame, so that what
 * the cancel changed on screen shows first. Each session is reopened from
 * its last text when it next asks for something, so a page of many games
 * sends nothing for those that stay still. The same recovery runs when a
 * request that replaces a position overtakes slow work for the same
 * session, and when the engine traps.
 *
 * An engine that does not load (its worker script or its .wasm missing or
 * refused) is tried again a few times, further apart each time, and then
 * given up: every request fails with a message naming the file's address,
 * so a broken install costs a handful of requests, not a stream of them.
 */

import workerUrl from './worker.ts?worker&url';
import wasmUrl from '../wasm/grundy_bg.wasm?url';
import type { Convention, EngineError, GameInfo, View } from './model';
import { unpackViewInSteps } from './packed';
import { LOAD_RETRY_MS, replacesPosition, type SessionRequest, type WorkerReply, type WorkerRequest, type WorkerUnloaded } from './protocol';

/** The request was overtaken by a newer one for the same session. */
export class SupersededError extends Error {
  constructor() {
    super('superseded by a newer request');
    this.name = 'SupersededError';
  }
}

/** The request was stopped by `cancel()` or a restart of the engine. */
export class CancelledError extends Error {
  constructor(message = 'cancelled') {
    super(message);
    this.name = 'CancelledError';
  }
}

/** Work that has run this long counts as slow: it shows, and may be stopped. */
export const SLOW_MS = 150;

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

/** Every try to load the engine failed: nothing on this page can be solved until it is reloaded. */
export class EngineUnavailable extends EngineFailure {
  constructor(message: string) {
    super({ message });
    this.name = 'EngineUnavailable';
  }
}

interface Pending {
  /** The request, to send again to a fresh worker. */
  message: WorkerRequest;
  resolve: (value: View | GameInfo[]) => void;
  reject: (reason: Error) => void;
  /** The session asked about, if any, and when the request was sent. */
  session?: string;
  sentAt: number;
}

/**
 * The worker script sits beside this module's script, wherever that is
 * served from, and is told where the .wasm is: a bundler that copies the
 * three files renames each, and only this module knows every new name. A
 * worker must be same-origin with the page, so a script loaded from
 * another origin starts it through a same-origin blob that imports it.
 */
export function spawnWorker(scriptUrl: string = workerUrl): Worker {
  const url = new URL(workerAddress(scriptUrl));
  url.searchParams.set('wasm', new URL(wasmUrl, import.meta.url).href);
  if (url.origin === location.origin) return new Worker(url, { type: 'module' });
  const shim = new Blob([`import ${JSON.stringify(url.href)};`], { type: 'text/javascript' });
  return new Worker(URL.createObjectURL(shim), { type: 'module' });
}

/** Where a worker script is fetched from. */
export function workerAddress(scriptUrl: string = workerUrl): string {
  return new URL(scriptUrl, import.meta.url).href;
}

export class EngineClient {
  /** The worker, absent between a restart and the frame after it; requests wait in `queued`. */
  private worker?: Worker;
  private queued: WorkerRequest[] = [];
  /** Whether the current worker has answered: until then, an error means it did not load. */
  private answered = false;
  /** How many workers in a row failed to load. */
  private loadFailures = 0;
  private retry?: ReturnType<typeof setTimeout>;
  /** Why the engine was given up, once every try to load it failed. */
  private unavailable?: EngineUnavailable;
  private readonly pending = new Map<number, Pending>();
  /** Each open session's game, last known text and play, to reopen it after a restart. */
  private readonly sessions = new Map<string, { game: string; text: string; convention: Convention }>();
  /** Sessions the current worker has not opened: each is reopened before its next request. */
  private unopened = new Set<string>();
  /** The reply being read, whose moves may take several tasks to unpack. */
  private reading: Promise<void> = Promise.resolve();
  private nextId = 1;
  private gamesList?: Promise<GameInfo[]>;

  constructor(
    private readonly spawn: () => Worker = () => spawnWorker(),
    private readonly scriptAddress: string = workerAddress(),
  ) {
    this.worker = this.start();
  }

  private start(): Worker {
    const worker = this.spawn();
    this.answered = false;
    for (const message of this.queued.splice(0)) worker.postMessage(message);
    worker.onmessage = (event: MessageEvent<WorkerReply | WorkerUnloaded>) => {
      const message = event.data;
      if ('unloaded' in message) return this.failedToLoad(worker, message.unloaded);
      [this.answered, this.loadFailures] = [true, 0];
      // Replies are read one after another, in the order they came.
      this.reading = this.reading.then(() => this.receive(message)).catch((error: unknown) => console.error(error));
    };
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      const reason = event.message || 'no reason given';
      if (!this.answered) {
        this.failedToLoad(worker, `the engine's worker script did not load from ${this.scriptAddress} (${reason}): check that the file is served at that address, as JavaScript`);
      } else this.restart(new EngineFailure({ message: `the engine stopped (${reason}) and was restarted` }));
    };
    return worker;
  }

  /**
   * A worker that did not load is tried again after the next wait of
   * `LOAD_RETRY_MS`, with every request still waiting; after the last, the
   * engine is given up and every request, waiting or to come, fails with
   * `reason`.
   */
  private failedToLoad(worker: Worker, reason: string): void {
    if (worker !== this.worker || this.unavailable) return;
    worker.terminate();
    const wait = LOAD_RETRY_MS[this.loadFailures++];
    if (wait !== undefined) {
      this.retry = setTimeout(() => this.restart(), wait);
      return;
    }
    this.unavailable = new EngineUnavailable(reason);
    console.error(`grundy-game: ${reason}`);
    this.restart();
  }

  /** When the oldest unanswered request was sent, if any is waiting. */
  busySince(): number | undefined {
    let oldest: number | undefined;
    for (const pending of this.pending.values()) oldest = Math.min(oldest ?? Infinity, pending.sentAt);
    return oldest;
  }

  /** Stops all work now; every waiting request fails with `CancelledError`. */
  cancel(): void {
    this.restart(new CancelledError());
  }

  /**
   * Ends the worker and starts a fresh one with every session reopened
   * from its last text. Waiting requests fail with `reason`; but where
   * the restart is for slow work of one `superseded` session, only that
   * session's requests fail, and every other one is sent again, so that
   * a game still opening elsewhere on the page is not left waiting.
   * Without a reason (a new try at loading), every request is sent again;
   * once the engine is given up, every request fails with why.
   */
  private restart(reason?: Error, superseded?: string): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.queued = [];
    clearTimeout(this.retry);
    const waiting = [...this.pending.values()];
    this.pending.clear();
    if (this.unavailable) {
      for (const pending of waiting) pending.reject(reason ?? this.unavailable);
      return;
    }
    // A new try at loading starts now; a stop waits for the frame that shows it.
    if (reason) afterNextFrame(() => (this.worker ??= this.start()));
    else this.worker = this.start();
    this.unopened = new Set(this.sessions.keys());
    const dropped = (pending: Pending) => superseded === undefined || pending.session === superseded;
    // A list of games still being asked for is asked for again.
    if (reason && waiting.some((pending) => pending.session === undefined && dropped(pending))) this.gamesList = undefined;
    for (const pending of waiting) {
      if (reason && dropped(pending)) pending.reject(reason);
      else this.repost(pending);
    }
  }

  /** Every game's description; asked once. */
  games(): Promise<GameInfo[]> {
    this.gamesList ??= this.post({ id: this.nextId++, games: true }) as Promise<GameInfo[]>;
    return this.gamesList;
  }

  /** Sends a request for `session` and resolves with the view after it. */
  send(session: string, request: SessionRequest): Promise<View> {
    if (request.op === 'close') this.sessions.delete(session);
    if (replacesPosition(request) && this.slowFor(session)) this.restart(new SupersededError(), session);
    return this.post({ id: this.nextId++, session, request }) as Promise<View>;
  }

  /** Whether slow work for `session` is waiting for the worker. */
  private slowFor(session: string): boolean {
    const now = performance.now();
    return [...this.pending.values()].some((p) => p.session === session && now - p.sentAt > SLOW_MS);
  }

  private post(message: WorkerRequest): Promise<View | GameInfo[]> {
    if (this.unavailable) return Promise.reject(this.unavailable);
    return new Promise((resolve, reject) => {
      const session = 'session' in message ? message.session : undefined;
      this.repost({ message, resolve, reject, session, sentAt: 0 });
    });
  }

  /** Sends a request to the worker as it is now, to be answered through `pending`. */
  private repost(pending: Pending): void {
    if (pending.session !== undefined) this.reopen(pending.session, pending.message);
    this.pending.set(pending.message.id, { ...pending, sentAt: performance.now() });
    if (this.worker) this.worker.postMessage(pending.message);
    else this.queued.push(pending.message);
  }

  /** Opens `session` in the current worker from its last text, unless `next` opens or closes it anyway. */
  private reopen(session: string, next: WorkerRequest): void {
    if (!this.unopened.delete(session)) return;
    const op = 'request' in next ? next.request.op : undefined;
    const known = this.sessions.get(session);
    if (!known || op === 'open' || op === 'close') return;
    const { game, text, convention } = known;
    this.post({ id: this.nextId++, session, request: { op: 'open', game, text } }).catch(() => undefined);
    if (convention === 'misere') this.post({ id: this.nextId++, session, request: { op: 'convention', convention } }).catch(() => undefined);
  }

  private async receive(reply: WorkerReply): Promise<void> {
    if (!this.pending.has(reply.id)) return;
    if ('view' in reply && reply.ok) {
      // Unpacking stops if a restart drops the request meanwhile.
      const stillWaited = () => nextTask().then(() => (this.pending.has(reply.id) ? undefined : Promise.reject()));
      const view = await unpackViewInSteps(reply.view, stillWaited).catch(() => undefined);
      if (view) this.resolve(reply.id, view);
      return;
    }
    const pending = this.pending.get(reply.id)!;
    this.pending.delete(reply.id);
    if ('superseded' in reply) pending.reject(new SupersededError());
    else if ('trapped' in reply) {
      const failure = new EngineFailure({ message: `the engine failed (${reply.trapped}) and was restarted; the position is as it was` });
      this.restart(failure);
      pending.reject(failure);
    } else if (!reply.ok) pending.reject(new EngineFailure(reply.error));
    else if ('games' in reply) pending.resolve(reply.games);
  }

  private resolve(id: number, view: View): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    if (pending.session) {
      const convention = view.analysis.convention ?? 'normal';
      this.sessions.set(pending.session, { game: view.game, text: view.text, convention });
    }
    pending.resolve(view);
  }
}

/**
 * Runs `task` in a task after the page's next frame, or within 100 ms
 * where no frame comes (a hidden page); where nothing is drawn, at once.
 */
function afterNextFrame(task: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    task();
  };
  if (typeof requestAnimationFrame !== 'function') return void setTimeout(once);
  requestAnimationFrame(() => setTimeout(once));
  setTimeout(once, 100);
}

/** Resolves in a task of its own, after whatever the page has waiting (no timer clamping). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(undefined);
  });
}

let shared: EngineClient | undefined;

/** The page's engine, started on first use. */
export function engine(): EngineClient {
  shared ??= new EngineClient();
  return shared;
}
