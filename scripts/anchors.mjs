#!/usr/bin/env node
// Times `grundy sequence <code> --count 2^k --freq` beside the public octal
// solvers, each built here from its source, on codes with no known period:
//
//   tczajka/octal-games, old/src (C++): its `analyze`, until it reports n = 2^k
//   ogsolve (Rust, beling/impartial-games), from crates.io: `-m rc2 -n 2^k`
//   rogalski-wmii-uni-lodz-pl/octal (Rust): `octal <code> 2^k`
//
// Usage: node scripts/anchors.mjs [--log2 20] [--runs 3] [--threads T] [code …]
// With --threads T > 1 ours is also timed on T threads, in its own column;
// the ratio stays that of one thread, as every anchor runs on one.
// The sources are cloned into target/anchors (or read from ANCHORS_SRC,
// holding octal-games/ and octal/ checkouts). Prints a Markdown table of
// median wall-clock seconds and peak memory (VmHWM) per solver, and ours
// over the fastest other. A benchmark, never a test: it needs a compiler,
// the network or checkouts, and minutes.

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { buildGrundy } from './grundy-cli.mjs';

const root = resolve(import.meta.dirname, '..');
const work = join(root, 'target', 'anchors');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const [value] = args.splice(at, 2).slice(1);
  return Number(value);
};
const log2 = option('--log2', 20);
const runs = option('--runs', 3);
const threads = option('--threads', 1);
const codes = args.length ? args : ['0.014', '0.034', '0.161', '0.167', '0.172'];
const count = 2 ** log2;

function run(command, commandArgs, cwd = work) {
  execFileSync(command, commandArgs, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
}

/** A checkout of `repo`, from ANCHORS_SRC or cloned once. */
function source(repo, name) {
  const given = process.env.ANCHORS_SRC && join(process.env.ANCHORS_SRC, name);
  if (given && existsSync(given)) return given;
  const dir = join(work, name);
  if (!existsSync(dir)) run('git', ['clone', '--depth', '1', `https://github.com/${repo}.git`, dir]);
  return dir;
}

function build() {
  mkdirSync(work, { recursive: true });
  const grundy = buildGrundy();
  const tczajka = join(source('tczajka/octal-games', 'octal-games'), 'old');
  const analyze = join(work, 'tczajka-analyze');
  if (!existsSync(analyze)) {
    const units = ['analyze_exec.cc', 'game.cc', 'game_util.cc', 'hadamard.cc'].map((f) => join(tczajka, 'src', f));
    run('g++', ['-O2', '-std=c++11', '-pthread', `-I${join(tczajka, 'src')}`, ...units, '-o', analyze]);
  }
  const ogsolve = join(work, 'ogsolve', 'bin', 'ogsolve');
  if (!existsSync(ogsolve)) run('cargo', ['install', '--quiet', 'ogsolve', '--version', '0.0.7', '--root', join(work, 'ogsolve')]);
  const rogalski = source('rogalski-wmii-uni-lodz-pl/octal', 'octal');
  run('cargo', ['build', '--quiet', '--release', '--target-dir', join(work, 'rogalski-target')], rogalski);
  const ours = (code, more = []) => [grundy, ['sequence', code, '--count', String(count), '--freq', ...more]];
  return {
    ours,
    ...(threads > 1 && { [`ours, ${threads} threads`]: (code) => ours(code, ['--threads', String(threads)]) }),
    // It runs on until a period is found; its line for n = 2^k marks the end.
    tczajka: (code) => [analyze, [code], `n=2^${log2} `],
    ogsolve: (code) => [ogsolve, ['-m', 'rc2', '-n', String(count - 1), code]],
    rogalski: (code) => [join(work, 'rogalski-target', 'release', 'octal'), [code, String(count)]],
  };
}

/** Seconds and peak MiB of one run, ended at `until` (a line starting so) if given. */
function measure([command, commandArgs, until]) {
  return new Promise((done, fail) => {
    const start = performance.now();
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'ignore'], cwd: work });
    let peak = 0;
    const sample = () => {
      try {
        const line = readFileSync(`/proc/${child.pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'));
        if (line) peak = Number(line.split(/\s+/)[1]) / 1024;
      } catch {
        // It has ended; the last sample stands.
      }
    };
    const sampler = setInterval(sample, 20);
    let seconds;
    const finish = () => {
      seconds ??= (performance.now() - start) / 1000;
      sample();
    };
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (until && seconds === undefined && line.startsWith(until)) {
        finish();
        child.kill('SIGKILL');
      }
    });
    child.on('error', fail);
    child.on('exit', (code, signal) => {
      clearInterval(sampler);
      if (!until) finish();
      if (seconds === undefined || (code !== 0 && signal !== 'SIGKILL')) fail(new Error(`${command} ${commandArgs.join(' ')}: exit ${code ?? signal}`));
      else done({ seconds, peak });
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const solvers = build();
const names = Object.keys(solvers);
console.log(`\nn = 2^${log2}, median of ${runs} runs, seconds (peak MiB)\n`);
console.log(`| code | ${names.join(' | ')} | ours / fastest other |`);
console.log(`|---|${names.map(() => '---|').join('')}---|`);
for (const code of codes) {
  const cells = [];
  const times = {};
  for (const name of names) {
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await measure(solvers[name](code)));
    times[name] = median(samples.map((s) => s.seconds));
    cells.push(`${times[name].toFixed(2)} (${median(samples.map((s) => s.peak)).toFixed(1)})`);
  }
  const fastest = Math.min(...names.filter((n) => !n.startsWith('ours')).map((n) => times[n]));
  console.log(`| ${code} | ${cells.join(' | ')} | ${(times.ours / fastest).toFixed(2)} |`);
}
