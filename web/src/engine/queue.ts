/**
 * What the worker does with the requests waiting for it. Kept free of wasm
 * so the cancellation rules can be tested on their own.
 */

import { replacesPosition, type WorkerRequest } from './protocol';

type SessionMessage = Extract<WorkerRequest, { session: string }>;

export interface Step {
  request: WorkerRequest;
  /**
   * `drop`: skip it, a later request replaces the position anyway.
   * `apply`: carry it out, but leave the analysis to a later request.
   * `answer`: carry it out and reply with the full view.
   */
  action: 'drop' | 'apply' | 'answer';
}

function isSessionMessage(message: WorkerRequest): message is SessionMessage {
  return 'session' in message;
}

/** Plans a batch of waiting requests, oldest first. */
export function plan(batch: WorkerRequest[]): Step[] {
  return batch.map((request, index) => {
    if (!isSessionMessage(request) || request.request.op === 'close') return { request, action: 'answer' };
    const later = batch
      .slice(index + 1)
      .filter(isSessionMessage)
      .filter((other) => other.session === request.session);
    if (later.length === 0) return { request, action: 'answer' };
    // A load needs the session open: only a later open makes an open moot
    // (after a restart, the reopening and the person's next text share a batch).
    const replaced =
      request.request.op === 'open'
        ? later.some((other) => other.request.op === 'open')
        : replacesPosition(request.request) && later.some((other) => replacesPosition(other.request));
    if (replaced) return { request, action: 'drop' };
    return { request, action: 'apply' };
  });
}
