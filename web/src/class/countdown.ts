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

  /** Whole seconds left of a question asked at `askedMs` for `seconds`; undefined without a limit. */
  left(askedMs: number, seconds: number | null | undefined): number | undefined {
    return seconds ? Math.max(0, Math.ceil((askedMs + seconds * 1000 - Date.now()) / 1000)) : undefined;
  }
}
