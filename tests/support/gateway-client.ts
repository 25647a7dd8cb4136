import WebSocket from 'ws';
import { type GatewayMessage, OP } from '../../core/gateway/protocol.ts';

export interface Closed {
  code: number;
  reason: string;
  /** ms since the client was opened. */
  at: number;
}

/** A `ws` client for tests and benchmarks: records every message, waits for one, and for the close. */
export class GatewayTestClient {
  readonly socket: WebSocket;
  readonly messages: GatewayMessage[] = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<Closed>;
  readonly #waiters: { match: (m: GatewayMessage) => boolean; resolve: (m: GatewayMessage) => void }[] = [];
  /** Messages already handed out by next(), by index. */
  readonly #taken = new Set<number>();
  readonly #started = Date.now();

  constructor(url: string, headers: Record<string, string> = {}) {
    this.socket = new WebSocket(url, { headers });
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
    this.closed = new Promise((resolve) => {
      this.socket.once('close', (code, reason) =>
        resolve({ code, reason: reason.toString(), at: Date.now() - this.#started }),
      );
    });
    this.socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as GatewayMessage;
      const index = this.messages.push(message) - 1;
      const waiter = this.#waiters.find((w) => w.match(message));
      if (!waiter) return;
      this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
      this.#taken.add(index);
      waiter.resolve(message);
    });
  }

  static async open(baseUrl: string, headers: Record<string, string> = {}): Promise<GatewayTestClient> {
    const client = new GatewayTestClient(`${baseUrl.replace(/^http/, 'ws')}/gateway`, headers);
    await client.opened;
    return client;
  }

  /**
   * Opens, identifies with the token (null: the cookie of the upgrade request) and waits for op 1. Then it sends a
   * heartbeat every half interval, as a live client would, unless `heartbeat` is false.
   */
  static async identified(
    baseUrl: string,
    token: string | null,
    headers: Record<string, string> = {},
    options: { heartbeat?: boolean } = {},
  ): Promise<GatewayTestClient> {
    const client = await GatewayTestClient.open(baseUrl, headers);
    const answer = client.next((m) => m.op === OP.IDENTIFIED);
    client.send({ op: OP.IDENTIFY, data: { token } });
    const identified = await Promise.race([
      answer,
      client.closed.then((c) => Promise.reject(new Error(`closed ${c.code} ${c.reason} before identified`))),
    ]);
    if (options.heartbeat !== false) {
      const { heartbeatInterval } = identified.data as { heartbeatInterval: number };
      const timer = setInterval(() => {
        if (client.socket.readyState === WebSocket.OPEN) client.send({ op: OP.HEARTBEAT });
      }, heartbeatInterval / 2);
      void client.closed.then(() => clearInterval(timer));
    }
    return client;
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first matching message not yet handed out by next(): already received, or the next to come. */
  next(match: (m: GatewayMessage) => boolean = () => true, timeoutMs = 5000): Promise<GatewayMessage> {
    const index = this.messages.findIndex((m, i) => !this.#taken.has(i) && match(m));
    if (index >= 0) {
      this.#taken.add(index);
      return Promise.resolve(this.messages[index]!);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`no matching gateway message within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`)),
        timeoutMs,
      );
      this.#waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  event(t: string, timeoutMs?: number): Promise<GatewayMessage> {
    return this.next((m) => m.op === OP.EVENT && m.t === t, timeoutMs);
  }

  /** Events received so far, by name. */
  events(t: string): GatewayMessage[] {
    return this.messages.filter((m) => m.op === OP.EVENT && m.t === t);
  }

  close(): void {
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING)
      this.socket.terminate();
  }
}
