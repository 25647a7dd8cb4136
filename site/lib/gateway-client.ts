import {
  GATEWAY_PATH,
  type GatewayEventName,
  type GatewayMessage,
  type IdentifiedData,
  MAX_RECONNECTS,
  OP,
  shouldReconnect,
} from '../../core/gateway/protocol.ts';

export type GatewayStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'closed';

/** The part of the browser's WebSocket the client uses: tests hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface GatewayClientOptions {
  /** Default: `/gateway` on this page's origin, ws: or wss: to match. */
  url?: string;
  createSocket?: (url: string) => SocketLike;
  /** Wait before reconnect attempt n (1, 2, 3). */
  backoffMs?: (attempt: number) => number;
  onStatus?: (status: GatewayStatus) => void;
  onIdentified?: (data: IdentifiedData) => void;
}

type Handler = (data: unknown) => void;

const OPEN = 1;
/**
 * Ours, client side only: the server did not acknowledge the last heartbeat before the next was due, so the
 * connection is presumed dead (a laptop waking up, a changed network) and replaced without waiting for the browser
 * to notice. Reconnects like any other close.
 */
export const ZOMBIE_CONNECTION = 4000;

export function gatewayUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${GATEWAY_PATH}`;
}

/**
 * The site's live gateway connection (specification 4 and 9): identify with the session cookie (`token: null`: the
 * page cannot read the HttpOnly cookie, the browser sends it with the upgrade), heartbeat every heartbeatInterval,
 * reconnect up to MAX_RECONNECTS times in a row with backoff unless the close says not to (1005: the session ended
 * or we closed it ourselves; 4001: the token was refused). A successful identify starts the count again. A heartbeat
 * not acknowledged by the time the next is due means a dead connection: it is replaced at once.
 */
export class GatewayClient {
  readonly #options: Required<Omit<GatewayClientOptions, 'onIdentified' | 'onStatus'>> & GatewayClientOptions;
  readonly #handlers = new Map<GatewayEventName, Set<Handler>>();
  #socket: SocketLike | null = null;
  #heartbeat: ReturnType<typeof setInterval> | undefined;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #attempts = 0;
  #acked = true;
  #status: GatewayStatus = 'idle';
  #userId: string | null = null;

  constructor(options: GatewayClientOptions = {}) {
    this.#options = {
      url: options.url ?? gatewayUrl(globalThis.location),
      createSocket: options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike),
      backoffMs: options.backoffMs ?? ((attempt) => 1000 * 2 ** (attempt - 1)),
      ...options,
    };
  }

  get status(): GatewayStatus {
    return this.#status;
  }

  /** The signed-in user as the gateway identified them; null before op 1. */
  get userId(): string | null {
    return this.#userId;
  }

  /** Calls `handler` with the data of every `t` event; returns the unsubscribe. */
  on(t: GatewayEventName, handler: Handler): () => void {
    let set = this.#handlers.get(t);
    if (!set) {
      set = new Set();
      this.#handlers.set(t, set);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  connect(): void {
    if (this.#socket) return;
    this.#setStatus(this.#attempts === 0 ? 'connecting' : 'reconnecting');
    const socket = this.#options.createSocket(this.#options.url);
    this.#socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ op: OP.IDENTIFY, data: { token: null } }));
    socket.onmessage = (event) => this.#receive(event.data);
    socket.onclose = (event) => this.#closed(socket, event.code);
  }

  /** A deliberate close (sign-out, leaving the page): 1005, never retried. */
  close(): void {
    clearTimeout(this.#retry);
    this.#attempts = MAX_RECONNECTS;
    const socket = this.#socket;
    this.#stop();
    socket?.close();
    this.#setStatus('closed');
  }

  #receive(raw: unknown): void {
    let message: GatewayMessage;
    try {
      message = JSON.parse(String(raw)) as GatewayMessage;
    } catch {
      return;
    }
    if (message.op === OP.IDENTIFIED) {
      const data = message.data as IdentifiedData;
      this.#userId = data.user.id;
      this.#attempts = 0;
      clearInterval(this.#heartbeat);
      this.#acked = true;
      this.#heartbeat = setInterval(() => this.#beat(), data.heartbeatInterval);
      this.#setStatus('connected');
      this.#options.onIdentified?.(data);
    } else if (message.op === OP.HEARTBEAT_ACK) {
      this.#acked = true;
    } else if (message.op === OP.EVENT && message.t) {
      for (const handler of this.#handlers.get(message.t) ?? []) handler(message.data);
    }
  }

  #beat(): void {
    const socket = this.#socket;
    if (!socket || socket.readyState !== OPEN) return;
    if (!this.#acked) {
      this.#closed(socket, ZOMBIE_CONNECTION);
      socket.close(ZOMBIE_CONNECTION, 'Heartbeat not acknowledged');
      return;
    }
    this.#acked = false;
    socket.send(JSON.stringify({ op: OP.HEARTBEAT }));
  }

  #closed(socket: SocketLike, code: number): void {
    if (socket !== this.#socket) return;
    this.#stop();
    if (!shouldReconnect(code) || this.#attempts >= MAX_RECONNECTS) return this.#setStatus('closed');
    this.#attempts += 1;
    this.#setStatus('reconnecting');
    this.#retry = setTimeout(() => this.connect(), this.#options.backoffMs(this.#attempts));
  }

  #stop(): void {
    clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
    if (this.#socket) this.#socket.onclose = this.#socket.onmessage = this.#socket.onopen = null;
    this.#socket = null;
  }

  #setStatus(status: GatewayStatus): void {
    if (status === this.#status) return;
    this.#status = status;
    this.#options.onStatus?.(status);
  }
}
