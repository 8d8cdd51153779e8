/// <reference lib="webworker" />
/**
 * Computes heap-game sequences away from the page and the game engine, so a
 * million values never hold up play. Progress is posted between steps; the
 * page cancels by ending this worker.
 */

import init, { HeapSequence } from './wasm';
import type { SequenceReply, SequenceRequest } from './sequence-protocol';

// The page names the .wasm it found (see `engineAddress`); a bundler that
// copied this script elsewhere may not have put it beside the script.
const ready = init({ module_or_path: new URL(import.meta.url).searchParams.get('wasm') ?? undefined });
let current: HeapSequence | undefined;
/** Values copied out of the engine at a time. */
const COPY_BLOCK = 1 << 20;

self.onmessage = async (event: MessageEvent<SequenceRequest>) => {
  await ready;
  const request = event.data;
  const reply = (message: SequenceReply) => postMessage(message);
  try {
    const sequence = sequenceFor(request.rule);
    if (request.op === 'options') {
      reply({ id: request.id, options: sequence.options(request.n, 24) });
      return;
    }
    const started = performance.now();
    const total = request.count;
    const onProgress = (known: number) => reply({ id: request.id, progress: known, total });
    if (request.op === 'prove') sequence.prove(total, onProgress);
    else sequence.extend(total, onProgress);
    const known = sequence.length();
    const counts = sequence.frequencies();
    const frequencies: [number, number][] = [];
    for (let i = 0; i < counts.length; i += 2) frequencies.push([counts[i], counts[i + 1]]);
    const largest = frequencies.at(-1)?.[0] ?? 0;
    // Copied a block at a time, so that the engine never holds a second copy of them all.
    const values = largest < 1 << 16 ? new Uint16Array(known) : new Uint32Array(known);
    const rare = new Uint8Array(Math.ceil(known / 8));
    for (let start = 0; start < known; start += COPY_BLOCK) {
      const end = Math.min(known, start + COPY_BLOCK);
      values.set(sequence.values(start, end), start);
      sequence.rare(start, end).forEach((flag, i) => {
        if (flag) rare[(start + i) >> 3] |= 1 << ((start + i) & 7);
      });
    }
    const done: SequenceReply = { id: request.id, done: { values, rare, frequencies, period: sequence.period(), ms: performance.now() - started } };
    postMessage(done, [values.buffer, rare.buffer]);
  } catch (error) {
    reply({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
};

/** The sequence of `rule`, kept while the same rule is asked about. */
function sequenceFor(rule: string): HeapSequence {
  const fresh = new HeapSequence(rule);
  if (current && current.rule() === fresh.rule()) {
    fresh.free();
    return current;
  }
  current?.free();
  current = fresh;
  return fresh;
}
