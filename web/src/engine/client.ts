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
 *
 * The worker loads the smallest engine that holds the page's games: what
 * the page asks for while it is parsed chooses one family's engine, or the
 * whole engine if it mixes families (or shows a sum, or lists every game).
 * A game of another family asked for later moves the page to the whole
 * engine, once, each session reopened there from its last text. Misère
 * play of a take-and-break game moves it, likewise, to that family's
 * engine with misère quotients.
 */

import workerUrl from './worker.ts?worker&url';
import { FAMILY_OF, type Family } from './engine-types';
import type { Convention, EngineError, GameInfo, View } from './model';
import { unpackViewInSteps } from './packed';
import { ENGINE_READY_MARK, LOAD_RETRY_MS, replacesPosition, type EngineDelivery, type SessionRequest, type WorkerLoaded, type WorkerReply, type WorkerRequest, type WorkerUnloaded } from './protocol';

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
 * An engine the worker can load: the whole engine, or the games of one
 * family only. The take-and-break engine searches misère positions; its
 * misère build adds the misère quotients (a quarter of it), which answer
 * them at once.
 */
export type EngineBuild = Family | 'take-and-break-misere' | 'all';

/**
 * Each engine's file. The embed's folder keeps these names, so a snippet
 * can name the one its game needs in a preload hint; the playground's
 * build hashes them (`WASM_URLS`).
 */
export const ENGINE_FILES: Readonly<Record<EngineBuild, string>> = {
  all: 'grundy_bg.wasm',
  heaps: 'grundy-heaps.wasm',
  'take-and-break': 'grundy-take-and-break.wasm',
  'take-and-break-misere': 'grundy-take-and-break-misere.wasm',
  counters: 'grundy-counters.wasm',
  boards: 'grundy-boards.wasm',
  graphs: 'grundy-graphs.wasm',
  words: 'grundy-words.wasm',
};

/** Each engine's address as built. */
const BUILT_ENGINES = import.meta.glob<string>('../wasm/*.wasm', { query: '?url', import: 'default', eager: true });
const WASM_URLS = Object.fromEntries(Object.entries(ENGINE_FILES).map(([build, file]) => [build, BUILT_ENGINES[`../wasm/${file}`]])) as Record<EngineBuild, string>;

/** The smallest engine that holds `game` played by `convention`: a sum, or an id no game has, needs the whole engine (which lists every game in its error). */
export function buildFor(game: string, convention: Convention = 'normal'): EngineBuild {
  if (!Object.hasOwn(FAMILY_OF, game)) return 'all';
  const family = FAMILY_OF[game as keyof typeof FAMILY_OF];
  return family === 'take-and-break' && convention === 'misere' ? 'take-and-break-misere' : family;
}

/** The smallest engine that holds what both `a` and `b` hold. */
function joined(a: EngineBuild, b: EngineBuild): EngineBuild {
  if (a === b) return a;
  const takeAndBreak = new Set<EngineBuild>(['take-and-break', 'take-and-break-misere']);
  return takeAndBreak.has(a) && takeAndBreak.has(b) ? 'take-and-break-misere' : 'all';
}

/**
 * The worker script sits beside this module's script, wherever that is
 * served from. A worker must be same-origin with the page, so a script
 * loaded from another origin starts it through a same-origin blob that
 * imports it, or, where the page names a folder of copies
 * (`WORKERS_META`), from its copy there. `query` is the worker's own.
 */
export function spawnWorker(scriptUrl: string, query: Record<string, string> = {}): Worker {
  const url = new URL(workerScriptAddress(scriptUrl));
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  if (url.origin === location.origin) return new Worker(url, { type: 'module' });
  const shim = new Blob([`import ${JSON.stringify(url.href)};`], { type: 'text/javascript' });
  return new Worker(URL.createObjectURL(shim), { type: 'module' });
}

/**
 * Where the .wasm of `build` is. A bundler that copies the files renames
 * each, and only this module knows every new name, so a worker is told.
 */
export function engineAddress(build: EngineBuild): string {
  return engineFileAddress(WASM_URLS[build]);
}

/** Each engine's bytes, fetched once a page: a worker started again after Cancel gets them at once. */
const engineBytes = new Map<EngineBuild, Promise<ArrayBuffer>>();

function fetchEngine(build: EngineBuild): Promise<ArrayBuffer> {
  let bytes = engineBytes.get(build);
  if (!bytes) {
    bytes = fetch(engineAddress(build)).then((response) => {
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      return response.arrayBuffer();
    });
    // A failed fetch is tried afresh by the next worker.
    bytes.catch(() => engineBytes.delete(build));
    engineBytes.set(build, bytes);
  }
  return bytes;
}

/**
 * Starts the engine's worker and, at the same time rather than once its
 * script has loaded, fetches the .wasm of `build` for it (a snippet's
 * preload hint may already have it on the way). The worker is sent a
 * copy of the bytes, or why they could not be fetched, which it reports
 * as it reports any load.
 */
export function spawnEngineWorker(build: EngineBuild): Worker {
  const worker = spawnWorker(workerUrl);
  const from = engineAddress(build);
  fetchEngine(build).then(
    (wasm) => worker.postMessage({ from, wasm } satisfies EngineDelivery),
    (error: unknown) => worker.postMessage({ from, wasmUnfetched: error instanceof Error ? error.message : String(error) } satisfies EngineDelivery),
  );
  return worker;
}

/**
 * `<meta name="grundy-workers" content="/folder/">`: a folder on the
 * page's own origin holding copies of the worker scripts, for a page whose
 * Content-Security-Policy forbids the `blob:` workers that a script from
 * another origin otherwise starts.
 */
export const WORKERS_META = 'grundy-workers';

/** Where the worker `script` is started from: the page's own copy if it names a folder of them, else beside this script. */
export function workerScriptAddress(script: string = workerUrl): string {
  const beside = engineFileAddress(script);
  const folder = document.querySelector<HTMLMetaElement>(`meta[name="${WORKERS_META}"]`)?.content.trim();
  if (!folder) return beside;
  const name = new URL(beside).pathname.split('/').pop()!;
  return new URL(name, new URL(folder.endsWith('/') ? folder : `${folder}/`, location.href)).href;
}

/** What to check when the worker script at `address` did not start. */
function workerAdvice(address: string): string {
  const advice = 'check that the file is served at that address, as JavaScript';
  if (new URL(address).origin === location.origin) return advice;
  return `${advice}; a page whose Content-Security-Policy forbids blob: workers names a folder of its own origin holding copies of the worker scripts, with <meta name="${WORKERS_META}" content="…">`;
}

/**
 * The full address of one of the engine's files. Built, each is already
 * absolute (found from this script's own address); Vite's dev server
 * gives paths from the page's root. Not `new URL(file, import.meta.url)`:
 * webpack reads that as a module to bundle, and fails on a variable.
 */
export function engineFileAddress(file: string = workerUrl): string {
  return new URL(file, location.href).href;
}

export class EngineClient {
  /** The engine the worker loads, chosen by what the page first asks for (see `provide`). */
  private build?: EngineBuild;
  /** The worker, absent before the first request and between a restart and the frame after it; requests wait in `queued`. */
  private worker?: Worker;
  private queued: WorkerRequest[] = [];
  /** Whether the current worker has said it loaded, or answered: until then, an error means it did not load. */
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
  /** The games each engine holds, asked once. */
  private readonly gameLists = new Map<EngineBuild, Promise<GameInfo[]>>();

  constructor(
    private readonly spawn: (build: EngineBuild) => Worker = spawnEngineWorker,
    private readonly scriptAddress: string = workerScriptAddress(),
  ) {}

  /** Starts a worker that loads the engine chosen. */
  private start(): Worker {
    const worker = this.spawn(this.build ?? 'all');
    this.answered = false;
    for (const message of this.queued.splice(0)) worker.postMessage(message);
    worker.onmessage = (event: MessageEvent<WorkerReply | WorkerLoaded | WorkerUnloaded>) => {
      const message = event.data;
      if ('unloaded' in message) return this.failedToLoad(worker, message.unloaded);
      [this.answered, this.loadFailures] = [true, 0];
      if ('loaded' in message) return void performance.mark(ENGINE_READY_MARK);
      // Replies are read one after another, in the order they came.
      this.reading = this.reading.then(() => this.receive(message)).catch((error: unknown) => console.error(error));
    };
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      const reason = event.message || 'no reason given';
      if (!this.answered) {
        this.failedToLoad(worker, `the engine's worker script did not load from ${this.scriptAddress} (${reason}): ${workerAdvice(this.scriptAddress)}`);
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
    if (this.build === undefined) return;
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
    if (reason && waiting.some((pending) => pending.session === undefined && dropped(pending))) this.gameLists.clear();
    for (const pending of waiting) {
      if (reason && dropped(pending)) pending.reject(reason);
      else this.repost(pending);
    }
  }

  /** The engine the worker loads, once a request has chosen it. */
  get loadedBuild(): EngineBuild | undefined {
    return this.build;
  }

  /**
   * Tells the engine every game the page is about to show, and how each is
   * played, before it is asked about any: a page of one family loads that
   * family's engine, and one that mixes families loads the whole engine
   * at once rather than one family's first.
   */
  prepare(games: readonly { game: string; convention?: Convention }[]): void {
    const builds = games.map(({ game, convention }) => buildFor(game, convention));
    if (builds.length > 0 && !this.unavailable) this.provide(builds.reduce(joined));
  }

  /** The description of every game, or of those `build` holds. */
  games(build: EngineBuild = 'all'): Promise<GameInfo[]> {
    let list = this.gameLists.get(build);
    if (!list) {
      list = this.post({ id: this.nextId++, games: true }, build) as Promise<GameInfo[]>;
      this.gameLists.set(build, list);
    }
    return list;
  }

  /** The description of `game`, from the smallest engine that holds it. */
  async info(game: string): Promise<GameInfo | undefined> {
    return (await this.games(buildFor(game))).find((info) => info.id === game);
  }

  /** Sends a request for `session` and resolves with the view after it. */
  send(session: string, request: SessionRequest): Promise<View> {
    if (request.op === 'close') this.sessions.delete(session);
    if (replacesPosition(request) && this.slowFor(session)) this.restart(new SupersededError(), session);
    const game = this.sessions.get(session)?.game;
    const build =
      request.op === 'open'
        ? buildFor(request.game, request.convention)
        : request.op === 'convention' && game
          ? buildFor(game, request.convention)
          : (this.build ?? 'all');
    return this.post({ id: this.nextId++, session, request }, build) as Promise<View>;
  }

  /** Whether slow work for `session` is waiting for the worker. */
  private slowFor(session: string): boolean {
    const now = performance.now();
    return [...this.pending.values()].some((p) => p.session === session && now - p.sentAt > SLOW_MS);
  }

  /** Sends `message` to a worker whose engine holds the games of `needs`. */
  private post(message: WorkerRequest, needs: EngineBuild): Promise<View | GameInfo[]> {
    if (this.unavailable) return Promise.reject(this.unavailable);
    this.provide(needs);
    return new Promise((resolve, reject) => {
      const session = 'session' in message ? message.session : undefined;
      this.repost({ message, resolve, reject, session, sentAt: 0 });
    });
  }

  /**
   * Chooses the engine `needs`, or, once one is chosen, the smallest that
   * holds both. The first worker starts once the page is parsed, so that
   * every game and lesson in it has asked and one engine serves them all;
   * a worker already running is replaced, every waiting request is sent to
   * the new one, and each session is reopened there before its next request.
   */
  private provide(needs: EngineBuild): void {
    const build = this.build === undefined ? needs : joined(this.build, needs);
    if (build === this.build) return;
    const first = this.build === undefined;
    this.build = build;
    if (first) afterParsing(() => (this.worker ??= this.start()));
    else if (this.worker) this.restart();
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
    const request: SessionRequest = { op: 'open', game, text, ...(convention === 'misere' && { convention }) };
    this.post({ id: this.nextId++, session, request }, buildFor(game, convention)).catch(() => undefined);
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

/**
 * Runs `task` once the page's HTML is parsed and its deferred and module
 * scripts have run, which is when DOMContentLoaded fires; at once if it
 * has. (The document reads "interactive" while those scripts still run.)
 */
function afterParsing(task: () => void): void {
  if (typeof document === 'undefined') {
    task();
    return;
  }
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  const loaded = navigation ? navigation.domContentLoadedEventStart > 0 : document.readyState !== 'loading';
  if (loaded) task();
  else document.addEventListener('DOMContentLoaded', task, { once: true });
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
