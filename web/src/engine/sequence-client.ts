/**
 * The page's side of the sequence worker: one request at a time, with
 * progress, cancelled by ending the worker and starting a fresh one.
 */

import workerUrl from './sequence-worker.ts?worker&url';
import { engine, engineAddress, spawnWorker, CancelledError, EngineFailure } from './client';
import type { HeapOptions, SequenceReply, SequenceRequest, SequenceResult } from './sequence-protocol';

type Job = { resolve: (value: SequenceResult | HeapOptions) => void; reject: (reason: Error) => void; onProgress?: (done: number, total: number) => void };

export class SequenceClient {
  private worker?: Worker;
  private readonly jobs = new Map<number, Job>();
  private nextId = 1;

  /** G(0) … G(count − 1) of `rule`. */
  compute(rule: string, count: number, onProgress?: (done: number, total: number) => void): Promise<SequenceResult> {
    return this.post({ id: this.nextId++, op: 'compute', rule, count }, onProgress) as Promise<SequenceResult>;
  }

  /** Values until a period is proved, at most `count`. */
  prove(rule: string, count: number, onProgress?: (done: number, total: number) => void): Promise<SequenceResult> {
    return this.post({ id: this.nextId++, op: 'prove', rule, count }, onProgress) as Promise<SequenceResult>;
  }

  options(rule: string, n: number): Promise<HeapOptions> {
    return this.post({ id: this.nextId++, op: 'options', rule, n }) as Promise<HeapOptions>;
  }

  /** Ends all work now; waiting requests fail with `CancelledError`. */
  cancel(): void {
    this.worker?.terminate();
    this.worker = undefined;
    const jobs = [...this.jobs.values()];
    this.jobs.clear();
    for (const job of jobs) job.reject(new CancelledError());
  }

  private post(request: SequenceRequest, onProgress?: Job['onProgress']): Promise<SequenceResult | HeapOptions> {
    const worker = (this.worker ??= this.start());
    return new Promise((resolve, reject) => {
      this.jobs.set(request.id, { resolve, reject, onProgress });
      worker.postMessage(request);
    });
  }

  private start(): Worker {
    // Every engine computes sequences; the page's own is already fetched.
    const worker = spawnWorker(workerUrl, { wasm: engineAddress(engine().loadedBuild ?? 'take-and-break') });
    worker.onmessage = (event: MessageEvent<SequenceReply>) => this.receive(event.data);
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      const failure = new EngineFailure({ message: `the sequence worker stopped (${event.message || 'unknown error'})` });
      this.worker = undefined;
      for (const job of this.jobs.values()) job.reject(failure);
      this.jobs.clear();
    };
    return worker;
  }

  private receive(reply: SequenceReply): void {
    const job = this.jobs.get(reply.id);
    if (!job) return;
    if ('progress' in reply) {
      job.onProgress?.(reply.progress, reply.total);
      return;
    }
    this.jobs.delete(reply.id);
    if ('error' in reply) job.reject(new EngineFailure({ message: reply.error }));
    else if ('done' in reply) job.resolve(reply.done);
    else job.resolve(reply.options);
  }
}
