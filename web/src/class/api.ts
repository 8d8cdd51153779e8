/**
 * The class server's outside, as docs/guide/class-server.md states it: HTTP to create
 * and join, a live WebSocket that reconnects by itself with the same
 * token. Nothing here judges a position: the server marks, and the page
 * shows what it is sent.
 */

/**
 * Whether a class server answers at this page's origin; the static build
 * has none. The server names itself in the page's `Server-Timing` header,
 * so a static host is never asked for an endpoint it does not have.
 */
export async function serverAvailable(): Promise<boolean> {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (!navigation?.serverTiming.some((entry) => entry.name === 'grundy-serve')) return false;
  try {
    const response = await fetch(new URL('api/health', document.baseURI), { cache: 'no-store' });
    if (!response.ok) return false;
    const body = (await response.json()) as { ok?: boolean };
    return body.ok === true;
  } catch {
    return false;
  }
}

/** A refusal from the server: its status and its sentence. */
export class ServerError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Calls an endpoint; JSON in and out, errors as `ServerError`s. */
export async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(new URL(path, document.baseURI), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ServerError(0, 'The class server cannot be reached: check the Wi-Fi, then try again.');
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const parsed: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    const error = (parsed as { error?: string } | undefined)?.error;
    throw new ServerError(response.status, error ?? `The server answered ${response.status}.`);
  }
  return parsed as T;
}

/** Where a page keeps its tokens, so a reload returns to the class or game. */
export const tokens = {
  get(key: string): string | undefined {
    try {
      return localStorage.getItem(`grundy:${key}`) ?? undefined;
    } catch {
      return undefined;
    }
  },
  set(key: string, token: string): void {
    try {
      localStorage.setItem(`grundy:${key}`, token);
    } catch {
      // Private windows may refuse storage: the class still works until a reload.
    }
  },
  forget(key: string): void {
    try {
      localStorage.removeItem(`grundy:${key}`);
    } catch {
      // As above.
    }
  },
};

export type Frame = { type: string } & Record<string, unknown>;

/** How the live connection stands, for the page to say. */
export type LinkState = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** How every class page says where its connection stands. */
export const LINK_WORDS: Record<LinkState, string> = {
  connecting: 'Connecting…',
  open: 'Connected',
  reconnecting: 'Reconnecting…',
  closed: 'Disconnected',
};

/** Close codes after which reconnecting would not help. */
const FINAL_CLOSES = new Set([1000, 1008]);
/** How often a page pings the server, as the server pings the page. */
const HEARTBEAT_MS = 15_000;
/** A server silent this long is taken for gone: the page reconnects, and says so meanwhile. */
const SILENCE_MS = 40_000;
/** The close code a page gives a connection it found silent. */
const SILENT = 4000;

/**
 * A live connection that comes back by itself after a dropped network or
 * a server restart, with the same token, waiting longer each time (up to
 * 10 s). The server sends the whole state on every connect, so nothing is
 * lost across a drop.
 */
export class LiveLink {
  private socket: WebSocket | undefined;
  private retries = 0;
  private stopped = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private heard = 0;

  constructor(
    private readonly path: string,
    private readonly token: string,
    private readonly onFrame: (frame: Frame) => void,
    private readonly onState: (state: LinkState, reason?: string) => void,
  ) {
    this.open();
    window.addEventListener('online', this.reconnectNow);
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
  }

  /**
   * Pings the server, and gives up on a connection that has heard nothing
   * for a while: a network that dropped without a word leaves the socket
   * open, and the page would say "Connected" for ever.
   */
  private beat(): void {
    const socket = this.socket;
    if (socket?.readyState !== WebSocket.OPEN) return;
    if (Date.now() - this.heard > SILENCE_MS) {
      socket.close(SILENT);
      this.dropped(socket);
      return;
    }
    socket.send(JSON.stringify({ type: 'ping' }));
  }

  private readonly reconnectNow = () => {
    if (this.socket?.readyState === WebSocket.OPEN || this.stopped) return;
    clearTimeout(this.timer);
    this.open();
  };

  private open(): void {
    const url = new URL(this.path, document.baseURI);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    this.onState(this.retries === 0 ? 'connecting' : 'reconnecting');
    // The token goes in a header, not the address, which proxies log.
    let socket: WebSocket;
    try {
      socket = new WebSocket(url, ['grundy', `token.${this.token}`]);
    } catch {
      // A token no server gave (a stored one edited by hand) is no header's value.
      this.stopped = true;
      this.onState('closed', 'This page holds no valid token for the class: join again.');
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.retries = 0;
      this.heard = Date.now();
      this.onState('open');
    };
    socket.onmessage = (event) => {
      this.heard = Date.now();
      try {
        this.onFrame(JSON.parse(String(event.data)) as Frame);
      } catch {
        // A frame the page cannot read changes nothing.
      }
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      if (this.stopped || FINAL_CLOSES.has(event.code)) {
        this.stopped = true;
        clearInterval(this.heartbeat);
        this.onState('closed', event.reason);
        return;
      }
      this.dropped(socket);
    };
  }

  /** Comes back after a wait, longer each time. */
  private dropped(socket: WebSocket): void {
    if (this.socket !== socket) return;
    this.socket = undefined;
    this.retries += 1;
    this.onState('reconnecting');
    this.timer = setTimeout(() => this.open(), Math.min(10_000, 250 * 2 ** Math.min(this.retries, 6)));
  }

  /** Sends a frame; false while the connection is down. */
  send(frame: Frame): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  close(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.heartbeat);
    window.removeEventListener('online', this.reconnectNow);
    this.socket?.close(1000);
  }
}

/**
 * Hands on a class's frames with its lesson in the welcome. A welcome says
 * only whether the class has a lesson (a long one would sit in every live
 * connection's buffers); the first time it does, the lesson is read over
 * HTTP with the token, the teacher's whole or a student's copy, and the
 * frames that come meanwhile are held, so that they apply in order.
 */
export function withLesson(code: string, token: string, onFrame: (frame: Frame) => void, onProblem: (message: string) => void): (frame: Frame) => void {
  let lesson: string | null | undefined;
  let held: Frame[] | undefined;
  const deliver = (frame: Frame): void => {
    if (frame.type !== 'welcome') {
      onFrame(frame);
      return;
    }
    const view = frame.class as Record<string, unknown>;
    onFrame({ ...frame, class: { ...view, lesson: view.lesson === true ? (lesson ?? null) : null } });
  };
  return (frame) => {
    if (held) {
      held.push(frame);
      return;
    }
    const wantsLesson = frame.type === 'welcome' && (frame.class as Record<string, unknown>).lesson === true;
    if (!wantsLesson || lesson !== undefined) return deliver(frame);
    held = [frame];
    call<{ lesson: string | null }>('GET', `api/classes/${code}/lesson`, undefined, token)
      .then((reply) => (lesson = reply.lesson))
      .catch((error: Error) => onProblem(`The lesson could not be read: ${error.message}`))
      .finally(() => {
        const frames = held ?? [];
        held = undefined;
        for (const waiting of frames) deliver(waiting);
      });
  };
}
