/**
 * The page's engine client reads views whose moves take several steps to
 * unpack: replies must still resolve in the order they came, and a cancel
 * must drop a view that is half read. A restart for one game's slow work
 * must not lose what another game asked. A page of one family of games
 * loads that family's engine only, and its misère engine for misère
 * take-and-break games.
 */
import { describe, expect, it, vi } from 'vitest';
import { CancelledError, EngineClient, EngineUnavailable, SLOW_MS, SupersededError, type EngineBuild } from '../src/engine/client';
import type { GameInfo, View } from '../src/engine/model';
import type { PackedView } from '../src/engine/packed';
import { LOAD_RETRY_MS, type WorkerReply, type WorkerRequest, type WorkerUnloaded } from '../src/engine/protocol';

/** A worker that answers only when told to. */
class FakeWorker {
  readonly requests: WorkerRequest[] = [];
  onmessage: ((event: MessageEvent<WorkerReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;

  postMessage(request: WorkerRequest): void {
    this.requests.push(request);
  }

  terminate(): void {
    this.terminated = true;
  }

  reply(reply: WorkerReply | WorkerUnloaded): void {
    this.onmessage?.({ data: reply } as MessageEvent<WorkerReply>);
  }

  /** What a worker whose script is missing does. */
  failToLoad(): void {
    this.onerror?.({ message: '', preventDefault() {} } as ErrorEvent);
  }
}

/** Packed Nim moves "take 1 from heap 1": each is 15 numbers and a 16-letter label. */
function packedView(text: string, moves: number): PackedView {
  const label = 'take 1 from heap';
  const numbers: number[] = [moves];
  for (let id = 0; id < moves; id++) numbers.push(id, 0, 0, 10, label.length, 3, 1, 0, label.length, 0, 3, 1, 0, 0, 0);
  return {
    game: 'nim',
    text,
    analysis: {
      nimber: 0,
      outcome: 'previous',
      total: '*0',
      verdict: 'previous',
      winning: [],
      drawing: [],
      board: { kind: 'heaps', sizes: [1], maxHeaps: 70 },
      components: [],
      // On the way from the worker the moves are in `packed`.
      moves: [] as unknown as PackedView['analysis']['moves'],
      solveMs: 0,
      packed: { numbers: new Float64Array(numbers), text: label.repeat(moves) },
    },
    undoes: null,
    redoes: null,
    ply: 0,
    drawn: 0,
    cases: [1, 0],
  };
}

/** Resolves after the timers due now have run. */
function nextTimer(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}

// The page the client runs on: its worker script is on the same origin unless a test says otherwise.
vi.stubGlobal('location', new URL('https://blog.example/2026/post.html'));

function setUp(scriptAddress = 'https://blog.example/js/worker.js'): { client: EngineClient; workers: FakeWorker[]; builds: EngineBuild[] } {
  const workers: FakeWorker[] = [];
  const builds: EngineBuild[] = [];
  const client = new EngineClient((build) => {
    const worker = new FakeWorker();
    workers.push(worker);
    builds.push(build);
    return worker as unknown as Worker;
  }, scriptAddress);
  return { client, workers, builds };
}

/** The sessions and operations `worker` was asked for. */
function requestsOf(worker: FakeWorker): unknown[] {
  return worker.requests.map((r) => ('request' in r ? [r.session, r.request] : 'games'));
}

describe('the engine client', () => {
  it('resolves views in the order they came, however long their moves take to unpack', async () => {
    const { client, workers } = setUp();
    const resolved: string[] = [];
    const long = client.send('a', { op: 'open', game: 'nim', text: 'long' }).then((view: View) => {
      resolved.push(view.text);
      return view;
    });
    const short = client.send('a', { op: 'undo' }).then((view: View) => {
      resolved.push(view.text);
      return view;
    });
    const [first, second] = workers[0].requests;
    workers[0].reply({ id: first.id, ok: true, view: packedView('long', 45_000) });
    workers[0].reply({ id: second.id, ok: true, view: packedView('short', 1) });
    const view = await long;
    await short;
    expect(resolved).toEqual(['long', 'short']);
    expect(view.analysis.moves).toHaveLength(45_000);
    const { id, label, component, anchor, variant, footprint, parts, after, loopy } = view.analysis.moves.at(44_999)!;
    expect({ id, label, component, anchor, variant, footprint, parts, after, loopy }).toEqual({
      id: 44_999,
      label: 'take 1 from heap',
      component: 0,
      anchor: { kind: 'items', items: [0] },
      footprint: { kind: 'items', items: [0] },
      parts: [],
      after: 0,
    });
    expect('packed' in view.analysis).toBe(false);
  });

  it('rejects a view cancelled while it is unpacked, and reads the next one', async () => {
    const { client, workers } = setUp();
    const request = client.send('a', { op: 'open', game: 'nim', text: 'long' });
    workers[0].reply({ id: workers[0].requests[0].id, ok: true, view: packedView('long', 200_000) });
    // Let the first steps of the unpacking run, then cancel.
    await new Promise((resolve) => setTimeout(resolve, 5));
    client.cancel();
    await expect(request).rejects.toBeInstanceOf(CancelledError);
    expect(workers[0].terminated).toBe(true);
    // The fresh worker starts in a task of its own, and answers as usual.
    const next = client.send('a', { op: 'undo' });
    expect(workers).toHaveLength(1);
    await nextTimer();
    workers[1].reply({ id: workers[1].requests[0].id, ok: true, view: packedView('after', 2) });
    expect((await next).analysis.moves).toHaveLength(2);
  });

  it('drops only the overtaken game when its slow work is replaced; the others are asked again', async () => {
    const { client, workers } = setUp();
    const now = vi.spyOn(performance, 'now').mockReturnValue(1000);
    const slow = client.send('a', { op: 'open', game: 'octal', text: 'slow' });
    const other = client.send('b', { op: 'open', game: 'subtraction', text: '3 4 5' });
    now.mockReturnValue(1000 + SLOW_MS + 1);
    const newer = client.send('a', { op: 'open', game: 'octal', text: 'newer' });
    now.mockRestore();
    await expect(slow).rejects.toBeInstanceOf(SupersededError);
    expect(workers[0].terminated).toBe(true);
    await nextTimer();
    // The fresh worker is asked for the other game's position, then the newer one.
    const asked = workers[1].requests.map((r) => ('request' in r && r.request.op === 'open' ? r.request.text : undefined));
    expect(asked).toEqual(['3 4 5', 'newer']);
    for (const request of workers[1].requests) {
      const text = asked[workers[1].requests.indexOf(request)]!;
      workers[1].reply({ id: request.id, ok: true, view: packedView(text, 1) });
    }
    expect((await other).text).toBe('3 4 5');
    expect((await newer).text).toBe('newer');
  });

  it('after a cancel, reopens only the games that ask again, each just before it asks', async () => {
    const { client, workers } = setUp();
    const opened = ['a', 'b', 'c'].map((session, i) => client.send(session, { op: 'open', game: 'nim', text: `${i + 1}` }));
    workers[0].requests.forEach((request, i) => {
      workers[0].reply({ id: request.id, ok: true, view: packedView(`${i + 1}`, 1) });
    });
    await Promise.all(opened);
    // Game b plays misère.
    const misere = client.send('b', { op: 'convention', convention: 'misere' });
    const view = packedView('2', 1);
    view.analysis.convention = 'misere';
    workers[0].reply({ id: workers[0].requests[3].id, ok: true, view });
    await misere;
    const slow = client.send('a', { op: 'undo' });
    client.cancel();
    await expect(slow).rejects.toBeInstanceOf(CancelledError);
    const asked = client.send('b', { op: 'undo' });
    const typed = client.send('c', { op: 'open', game: 'nim', text: '7' });
    await nextTimer();
    // Nothing for a, which stays still; b is opened again as it was, then asked; c opens itself.
    expect(requestsOf(workers[1])).toEqual([
      ['b', { op: 'open', game: 'nim', text: '2', convention: 'misere' }],
      ['b', { op: 'undo' }],
      ['c', { op: 'open', game: 'nim', text: '7' }],
    ]);
    for (const request of workers[1].requests) workers[1].reply({ id: request.id, ok: true, view: packedView('x', 1) });
    await Promise.all([asked, typed]);
  });

  it('starts no engine before it is asked, loads the family of the first game, and moves once to the whole engine for another family', async () => {
    const { client, workers, builds } = setUp();
    expect(workers).toHaveLength(0);
    const nim = client.send('a', { op: 'open', game: 'nim', text: '3 4 5' });
    const info = client.info('staircase');
    expect(builds).toEqual(['heaps']);
    workers[0].reply({ id: workers[0].requests[0].id, ok: true, view: packedView('3 4 5', 1) });
    await nim;
    // A Cram board is not in the heap games' engine: the whole engine takes over, and the
    // list of games still being asked for is asked of it.
    const cram = client.send('b', { op: 'open', game: 'cram', text: '3 3' });
    expect(builds).toEqual(['heaps', 'all']);
    expect(workers[0].terminated).toBe(true);
    expect(requestsOf(workers[1])).toEqual(['games', ['b', { op: 'open', game: 'cram', text: '3 3' }]]);
    // The Nim game is opened there from its last text when it next asks.
    const undo = client.send('a', { op: 'undo' });
    expect(requestsOf(workers[1]).slice(2)).toEqual([
      ['a', { op: 'open', game: 'nim', text: '3 4 5' }],
      ['a', { op: 'undo' }],
    ]);
    const games = [{ id: 'staircase' }, { id: 'cram' }] as unknown as GameInfo[];
    workers[1].reply({ id: workers[1].requests[0].id, ok: true, games });
    expect(await info).toEqual({ id: 'staircase' });
    for (const request of workers[1].requests.slice(1)) workers[1].reply({ id: request.id, ok: true, view: packedView('x', 1) });
    await Promise.all([cram, undo]);
    // Once whole, it stays whole: a sum or a game of any family needs no other engine.
    void client.send('c', { op: 'open', game: 'sum', text: '' });
    void client.send('d', { op: 'open', game: 'string-game', text: '' });
    expect(builds).toEqual(['heaps', 'all']);
  });

  it('loads the take-and-break engine with misère quotients for misère play of those games, and moves to it when a game turns misère', async () => {
    const misere = setUp();
    void misere.client.send('a', { op: 'open', game: 'octal', text: '0.07\n5', convention: 'misere' });
    expect(misere.builds).toEqual(['take-and-break-misere']);
    const { client, workers, builds } = setUp();
    const opened = client.send('a', { op: 'open', game: 'octal', text: '0.77\n5' });
    expect(builds).toEqual(['take-and-break']);
    workers[0].reply({ id: workers[0].requests[0].id, ok: true, view: { ...packedView('0.77\n5', 1), game: 'octal' } });
    await opened;
    void client.send('a', { op: 'convention', convention: 'misere' });
    expect(builds).toEqual(['take-and-break', 'take-and-break-misere']);
    expect(workers[0].terminated).toBe(true);
    // The game is opened there from its last text, then told to play misère.
    expect(requestsOf(workers[1])).toEqual([
      ['a', { op: 'open', game: 'octal', text: '0.77\n5' }],
      ['a', { op: 'convention', convention: 'misere' }],
    ]);
    // Normal play again, or another game of the family, needs no other engine; Nim does.
    void client.send('a', { op: 'convention', convention: 'normal' });
    void client.send('b', { op: 'open', game: 'subtraction', text: '1,2\n3' });
    expect(builds).toEqual(['take-and-break', 'take-and-break-misere']);
    void client.send('c', { op: 'open', game: 'nim', text: '1' });
    expect(builds).toEqual(['take-and-break', 'take-and-break-misere', 'all']);
  });

  it('loads the whole engine for a sum, a list of every game, or an id no game has', () => {
    for (const first of [
      (client: EngineClient) => client.send('a', { op: 'open', game: 'sum', text: '' }),
      (client: EngineClient) => client.games(),
      (client: EngineClient) => client.send('a', { op: 'open', game: 'toString', text: '' }),
    ]) {
      const { client, builds } = setUp();
      void first(client).catch(() => undefined);
      expect(builds).toEqual(['all']);
    }
  });

  it('loads, for a page that says which games it will show, the family they share, or the whole engine when they mix', () => {
    const one = setUp();
    one.client.prepare([{ game: 'nim' }, { game: 'staircase' }]);
    void one.client.send('a', { op: 'open', game: 'nim', text: '1' });
    expect(one.builds).toEqual(['heaps']);
    const mixed = setUp();
    mixed.client.prepare([{ game: 'nim' }, { game: 'octal' }]);
    void mixed.client.send('a', { op: 'open', game: 'nim', text: '1' });
    void mixed.client.send('b', { op: 'open', game: 'octal', text: '0.77\n3' });
    expect(mixed.builds).toEqual(['all']);
    const misere = setUp();
    misere.client.prepare([{ game: 'subtraction' }, { game: 'octal', convention: 'misere' }]);
    void misere.client.send('a', { op: 'open', game: 'subtraction', text: '1,2\n3' });
    expect(misere.builds).toEqual(['take-and-break-misere']);
  });

  it('tries an engine that does not load a few times, further apart, then fails every request naming the file', async () => {
    vi.useFakeTimers();
    try {
      const { client, workers } = setUp();
      const request = client.send('a', { op: 'open', game: 'nim', text: '3 4 5' });
      for (const [tries, wait] of LOAD_RETRY_MS.entries()) {
        workers[tries].failToLoad();
        expect(workers[tries].terminated).toBe(true);
        vi.advanceTimersByTime(wait - 1);
        expect(workers).toHaveLength(tries + 1);
        vi.advanceTimersByTime(1);
        expect(workers).toHaveLength(tries + 2);
        // The waiting request is asked again of each new worker.
        expect(workers[tries + 1].requests.map((r) => r.id)).toEqual([workers[0].requests[0].id]);
      }
      workers.at(-1)!.failToLoad();
      await expect(request).rejects.toThrow(/worker script did not load from https:\/\/blog\.example\/js\/worker\.js/);
      // Given up: no later request, cancel or wait starts another worker.
      await expect(client.send('b', { op: 'open', game: 'nim', text: '1' })).rejects.toBeInstanceOf(EngineUnavailable);
      await expect(client.games()).rejects.toBeInstanceOf(EngineUnavailable);
      client.cancel();
      vi.advanceTimersByTime(60_000);
      expect(workers).toHaveLength(LOAD_RETRY_MS.length + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('names the meta that mends a worker from another origin that did not start, as a strict Content-Security-Policy makes it', async () => {
    vi.useFakeTimers();
    try {
      const { client, workers } = setUp('https://cdn.example/grundy/grundy-worker.js');
      const request = client.send('a', { op: 'open', game: 'nim', text: '3 4 5' });
      const failed = expect(request).rejects.toThrow(/did not load from https:\/\/cdn\.example\/grundy\/grundy-worker\.js .*<meta name="grundy-workers"/);
      for (const wait of [...LOAD_RETRY_MS, 0]) {
        workers.at(-1)!.failToLoad();
        vi.advanceTimersByTime(wait);
      }
      await failed;
      // Beside the page, the same failure says only what to check.
      const { client: local, workers: localWorkers } = setUp();
      const localRequest = local.send('a', { op: 'open', game: 'nim', text: '3 4 5' });
      const localFailed = expect(localRequest).rejects.toThrow(/as JavaScript$/);
      for (const wait of [...LOAD_RETRY_MS, 0]) {
        localWorkers.at(-1)!.failToLoad();
        vi.advanceTimersByTime(wait);
      }
      await localFailed;
    } finally {
      vi.useRealTimers();
    }
  });

  it('names the .wasm that did not load, and a load that succeeds on a new try answers as usual', async () => {
    vi.useFakeTimers();
    try {
      const { client, workers } = setUp();
      const request = client.send('a', { op: 'open', game: 'nim', text: '3 4 5' });
      workers[0].reply({ unloaded: "the engine's .wasm did not load from https://blog.example/js/grundy.wasm (404)" });
      vi.advanceTimersByTime(LOAD_RETRY_MS[0]);
      workers[1].reply({ id: workers[1].requests[0].id, ok: true, view: packedView('3 4 5', 1) });
      expect((await request).text).toBe('3 4 5');
      // Answered: the count of failed loads starts again, and a later crash restarts in the next task.
      workers[1].failToLoad();
      vi.advanceTimersByTime(0);
      expect(workers).toHaveLength(3);
      for (const wait of LOAD_RETRY_MS) {
        workers.at(-1)!.reply({ unloaded: 'the .wasm did not load from https://blog.example/js/grundy.wasm' });
        vi.advanceTimersByTime(wait);
      }
      const given = client.send('a', { op: 'undo' });
      workers.at(-1)!.reply({ unloaded: 'the .wasm did not load from https://blog.example/js/grundy.wasm' });
      await expect(given).rejects.toThrow('the .wasm did not load from https://blog.example/js/grundy.wasm');
    } finally {
      vi.useRealTimers();
    }
  });
});
