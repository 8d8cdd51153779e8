/**
 * The wasm benchmark page: times every benchmark case on the page's main
 * thread (a cold `new Session` + the analysis as the page reads it, where
 * every move lies, each made an object only when a board asks; a contest
 * answer; a proved period; a run of sequence values; or an edit and the
 * new analysis) and publishes medians.
 */
import init, { Session, benchCases, benchRun, solve } from './wasm-bench/grundy-bench.js';
import { packedAnalysis, unpackAnalysis } from './engine/packed';

interface BenchCase {
  game: string;
  name: string;
  /**
   * `analysis`: a cold Session and its analysis; `solve`: the contest answer;
   * `period` and `values`: a heap game's sequence; `misere`: a misère
   * outcome; these three in the core. `edit`: the next of `edits` on a
   * session kept from run to run, and its analysis.
   */
  work: 'analysis' | 'solve' | 'period' | 'values' | 'misere' | 'edit';
  input: string;
  edits?: object[];
  budgetMs: number;
  /** At most this many timed runs, for cases that take seconds. */
  maxRuns?: number;
}

export interface BenchResult extends BenchCase {
  medianMs: number;
  runs: number;
}

/** Keeps each sample above the browser's coarsened clock resolution. */
const MIN_SAMPLE_MS = 5;

function sample(run: () => void): number {
  let repeats = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    run();
    repeats++;
    elapsed = performance.now() - start;
  } while (elapsed < MIN_SAMPLE_MS);
  return elapsed / repeats;
}

/** Makes the case's edits in turn on one session, as drawing does. */
function editing(bench: BenchCase): () => void {
  const session = new Session(bench.game, bench.input, undefined);
  unpackAnalysis(packedAnalysis(session));
  const edits = bench.edits ?? [];
  let next = 0;
  return () => {
    session.edit(edits[next++ % edits.length]);
    unpackAnalysis(packedAnalysis(session));
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function main(): Promise<void> {
  await init();
  const query = new URLSearchParams(location.search);
  const runs = Number(query.get('runs') ?? 21);
  const game = query.get('game');
  const results: BenchResult[] = [];
  const table = document.querySelector('tbody')!;
  for (const bench of (benchCases() as BenchCase[]).filter((bench) => !game || bench.game === game)) {
    const run =
      bench.work === 'solve'
        ? () => solve(bench.game, bench.input)
        : bench.work === 'analysis'
          ? () => {
              const session = new Session(bench.game, bench.input, undefined);
              unpackAnalysis(packedAnalysis(session));
              session.free();
            }
          : bench.work === 'edit'
            ? editing(bench)
            : () => benchRun(bench.work, bench.game, bench.input);
    const caseRuns = Math.min(runs, bench.maxRuns ?? runs);
    // A case that takes seconds is not worth a warm-up run.
    if (bench.maxRuns === undefined) run();
    const samples = Array.from({ length: caseRuns }, () => sample(run));
    const result = { ...bench, medianMs: median(samples), runs: caseRuns };
    results.push(result);
    const row = table.insertRow();
    for (const cell of [bench.game, bench.name, bench.work, result.medianMs.toFixed(3), String(bench.budgetMs)])
      row.insertCell().textContent = cell;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  (window as unknown as { benchResults: BenchResult[] }).benchResults = results;
  document.body.dataset.done = 'true';
}

main().catch((error: Error) => {
  document.body.dataset.error = error.message;
});
