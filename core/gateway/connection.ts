import type { WebSocket } from 'ws';
import { CLOSE, type GatewayMessage, OP } from './protocol.ts';

/** What the upgrade request said, for an identify that relies on the session cookie (`token: null`). */
export interface UpgradeContext {
  /** The VD_SESSION cookie sent with the upgrade request, if any. */
  cookieToken: string | undefined;
  /** The upgrade came from the site's own origin (core/auth/request-session.ts isSameOrigin). */
  sameOrigin: boolean;
}

/** One socket's state. The hub owns the registry; this is only what a socket carries. */
export class Connection {
  readonly socket: WebSocket;
  readonly upgrade: UpgradeContext;
  readonly #maxBufferedBytes: number;
  state: 'new' | 'identifying' | 'identified' | 'closed' = 'new';
  /** SHA-256 of the session token: the session's id. Known from the moment identify is read. */
  sessionId: string | null = null;
  userId: string | null = null;
  /** When identify succeeded (ms). */
  since = 0;
  lastHeartbeat = 0;
  identifyTimer: NodeJS.Timeout | undefined;
  /** Set while identifying when an event made the session or the user stale. */
  revoked = false;
  stale = false;

  constructor(socket: WebSocket, upgrade: UpgradeContext, maxBufferedBytes = Infinity) {
    this.socket = socket;
    this.upgrade = upgrade;
    this.#maxBufferedBytes = maxBufferedBytes;
  }

  get open(): boolean {
    return this.state !== 'closed' && this.socket.readyState === this.socket.OPEN;
  }

  /** Sends one message, or a frame already serialized (fan-out serializes once for every socket). */
  send(message: GatewayMessage | Buffer): void {
    if (!this.open) return;
    this.socket.send(Buffer.isBuffer(message) ? message : JSON.stringify(message), { binary: false });
    // A client that does not read its events would make us hold them all. A close frame would only queue behind
    // them, so the connection is cut (the client sees 1006 and reconnects, then reads the lists afresh).
    if (this.socket.bufferedAmount > this.#maxBufferedBytes) {
      this.state = 'closed';
      this.socket.terminate();
    }
  }

  /**
   * Closes with a code of ours, or (SESSION_ENDED) with an empty close frame that the client sees as 1005: the
   * one close the specification's client never reconnects after.
   */
  close(code: number, reason = ''): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    clearTimeout(this.identifyTimer);
    if (this.socket.readyState !== this.socket.OPEN && this.socket.readyState !== this.socket.CONNECTING) return;
    if (code === CLOSE.SESSION_ENDED) this.socket.close();
    else this.socket.close(code, reason);
  }
}

export type ClientMessage = { op: typeof OP.IDENTIFY; token: string | null } | { op: typeof OP.HEARTBEAT };

/** Parses what a client sent: identify or heartbeat, or null for anything else (closed as INVALID_MESSAGE). */
export function parseClientMessage(raw: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): ClientMessage | null {
  if (isBinary) return null;
  let message: unknown;
  try {
    message = JSON.parse(
      Buffer.isBuffer(raw)
        ? raw.toString('utf8')
        : Array.isArray(raw)
          ? Buffer.concat(raw).toString('utf8')
          : Buffer.from(raw).toString('utf8'),
    );
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return null;
  const { op, data } = message as { op?: unknown; data?: unknown };
  if (op === OP.HEARTBEAT) return { op };
  if (op !== OP.IDENTIFY) return null;
  // `token: null`, no token and no data all mean "the session cookie of the upgrade request".
  if (data === undefined || data === null) return { op, token: null };
  if (typeof data !== 'object' || Array.isArray(data)) return null;
  const token = (data as { token?: unknown }).token;
  if (token === undefined || token === null) return { op, token: null };
  return typeof token === 'string' ? { op, token } : null;
}
