import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Redraws its host twice a second, for a timed question's seconds left. */
export class Countdown implements ReactiveController {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostConnected(): void {
    this.timer = setInterval(() => this.host.requestUpdate(), 500);
  }

  hostDisconnected(): void {
    clearInterval(this.timer);
  }

  /** Whole seconds left until `closesAt` (this page's clock); undefined without a limit. */
  left(closesAt: number | undefined): number | undefined {
    return closesAt === undefined ? undefined : Math.max(0, Math.ceil((closesAt - Date.now()) / 1000));
  }
}

/**
 * A question frame as a page keeps it, with `closesAt`: when its answers
 * close on this page's clock. The server says how long is left as it
 * sends the question, so a phone whose clock is wrong counts down right.
 */
export function timedQuestion<Q>(frame: Record<string, unknown>): Q {
  const closesAt = typeof frame.closesInMs === 'number' ? Date.now() + frame.closesInMs : undefined;
  return { ...frame, closesAt } as Q;
}

/** When homework is due, in the reader's own words for a date. */
export function dueWords(due: number): string {
  return new Date(due).toLocaleString(undefined, { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });
}
