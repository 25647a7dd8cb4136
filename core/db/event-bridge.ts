import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { DomainEvents, EventBus, EventName } from '../events.ts';

/** The one channel every process of a deployment listens on. */
export const EVENT_CHANNEL = 'vd_events';
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more (default build). */
export const MAX_NOTIFY_BYTES = 7999;
/** Events published while the connection is down wait here, oldest dropped first beyond this. */
const MAX_QUEUED = 10_000;

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface EventBridgeOptions {
  url: string;
  events: EventBus;
  log: Log;
  /** Tests use their own channel so that they do not hear each other. */
  channel?: string;
  /** Reconnect backoff: doubles from min up to max. */
  reconnectMs?: { min: number; max: number };
}

/** On the wire: `{ o: origin, e: event, p: payload }`. */
interface Envelope {
  o: string;
  e: EventName;
  p: unknown;
}

/**
 * Domain events across processes on PostgreSQL (web processes, the bot process): every event published on this
 * process's bus is sent with NOTIFY, and every event another process sent arrives through LISTEN and is delivered to
 * this bus's listeners (not forwarded again). One dedicated connection does both, so events leave in the order
 * they were published. The origin id keeps a process from delivering its own events twice.
 *
 * At most once: an event published while the connection is down waits (up to MAX_QUEUED) and is sent once it is
 * back; what other processes sent meanwhile is lost, so after a reconnect the bridge delivers `identityChanged {}`
 * locally, which drops the session cache and makes the gateway read its users and sessions again.
 * A payload over MAX_NOTIFY_BYTES is not sent to other processes: it is logged as an error (events carry ids and
 * small values; a larger one is a bug in its publisher).
 */
export class EventBridge {
  readonly origin = randomUUID();
  readonly #options: Required<Omit<EventBridgeOptions, 'log' | 'events'>> & Pick<EventBridgeOptions, 'log' | 'events'>;
  #client: pg.Client | null = null;
  #connected = false;
  #queue: string[] = [];
  #stopped = false;
  #reconnectTimer: NodeJS.Timeout | undefined;
  #attempt = 0;
  #unforward: () => void = () => {};
  #inFlight = new Set<Promise<unknown>>();

  constructor(options: EventBridgeOptions) {
    this.#options = { channel: EVENT_CHANNEL, reconnectMs: { min: 250, max: 10_000 }, ...options };
  }

  get connected(): boolean {
    return this.#connected;
  }

  /** The PostgreSQL backend serving the LISTEN connection (tests terminate it). */
  get backendPid(): number | null {
    return (this.#client as (pg.Client & { processID?: number }) | null)?.processID ?? null;
  }

  /** Connects and listens; throws if the first connection fails (the process should not start half-bridged). */
  async start(): Promise<void> {
    await this.#connect();
    this.#unforward = this.#options.events.forward((event, payload) => this.#publish(event, payload));
  }

  #publish<K extends EventName>(event: K, payload: DomainEvents[K]): void {
    const json = JSON.stringify({ o: this.origin, e: event, p: payload } satisfies Envelope);
    const bytes = Buffer.byteLength(json);
    if (bytes > MAX_NOTIFY_BYTES) {
      this.#options.log.error({ event, bytes, limit: MAX_NOTIFY_BYTES }, 'event too large for NOTIFY: not delivered to other processes');
      return;
    }
    if (!this.#connected) {
      this.#queue.push(json);
      if (this.#queue.length > MAX_QUEUED) this.#queue.shift();
      return;
    }
    this.#send(json);
  }

  #send(json: string): void {
    const client = this.#client!;
    const sent = client.query('select pg_notify($1, $2)', [this.#options.channel, json]).catch((error: unknown) => {
      this.#options.log.warn({ err: error }, 'event bridge: NOTIFY failed, event not delivered to other processes');
    });
    this.#inFlight.add(sent);
    void sent.finally(() => this.#inFlight.delete(sent));
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.#options.url,
      application_name: 'virtual-diner-events',
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on('notification', (message) => {
      if (message.channel !== this.#options.channel || !message.payload) return;
      this.#receive(message.payload);
    });
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client, null));
    await client.connect();
    try {
      await client.query(`listen "${this.#options.channel.replaceAll('"', '""')}"`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.#stopped) {
      // stop() came while this connection was being made.
      await client.end().catch(() => {});
      return;
    }
    const reconnected = this.#attempt > 0;
    this.#client = client;
    this.#connected = true;
    this.#attempt = 0;
    for (const json of this.#queue.splice(0)) this.#send(json);
    if (reconnected) {
      this.#options.log.info({}, 'event bridge reconnected');
      this.#options.events.deliver('identityChanged', {});
    }
  }

  #receive(raw: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      return this.#options.log.warn({ payload: raw.slice(0, 200) }, 'event bridge: payload is not JSON');
    }
    if (envelope.o === this.origin || typeof envelope.e !== 'string') return;
    this.#options.events.deliver(envelope.e, envelope.p as never);
  }

  #lost(client: pg.Client, error: Error | null): void {
    if (client !== this.#client || this.#stopped) return;
    this.#client = null;
    this.#connected = false;
    client.removeAllListeners('notification');
    client.end().catch(() => {});
    this.#options.log.warn({ err: error ?? undefined }, 'event bridge: connection lost, reconnecting');
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    if (this.#stopped || this.#reconnectTimer) return;
    const { min, max } = this.#options.reconnectMs;
    const delay = Math.min(max, min * 2 ** this.#attempt++);
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = undefined;
      this.#connect().catch((error: unknown) => {
        this.#options.log.warn({ err: error }, 'event bridge: reconnect failed');
        this.#scheduleReconnect();
      });
    }, delay);
  }

  /** Stops forwarding, lets the NOTIFYs already sent finish, and closes the connection. */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#unforward();
    clearTimeout(this.#reconnectTimer);
    await Promise.all(this.#inFlight);
    const client = this.#client;
    this.#client = null;
    this.#connected = false;
    if (client) await client.end().catch(() => {});
  }
}
