import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Counter, Histogram } from 'prom-client';
import type { DomainEvents, EventBus, EventName } from '../events.ts';
import { LATENCY_BUCKETS, Metrics } from '../metrics/metrics.ts';

/** The one channel every process of a deployment listens on. */
export const EVENT_CHANNEL = 'vd_events';
/** Every event of a batch, in order, as one statement. */
const NOTIFY_BATCH_SQL =
  'select pg_notify($1, "payload") from unnest($2::text[]) with ordinality as "t"("payload", "i") order by "i"';
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more (default build). */
export const MAX_NOTIFY_BYTES = 7999;
/** A larger event goes out in chunks of this many bytes (base64 in the notification: 4/3 of it, under the limit). */
const CHUNK_BYTES = 5600;
/** Beyond this an event is not sent to other processes at all: events carry ids and small values. */
export const MAX_EVENT_BYTES = 256 * 1024;
/** Chunks of an event still incomplete after this long are dropped (their sender lost its connection). */
const ASSEMBLY_TIMEOUT_MS = 10_000;
/**
 * A process sends at most one NOTIFY batch per this many milliseconds: under load, the events of an interval go as
 * one statement; the first event after a quiet moment goes at once.
 */
export const BATCH_INTERVAL_MS = 2;
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
  /** Where the bridge's lag, traffic and failures are counted (the web process's metrics); none: not counted. */
  metrics?: Metrics;
}

/** Why an event did not cross (vd_event_bridge_failures_total's `reason`). */
type Failure = 'connection_lost' | 'notify_failed' | 'oversized' | 'dropped' | 'malformed' | 'incomplete';

/**
 * On the wire: `{ o: origin, e: event, p: payload, t: published at (ms since the epoch) }`, or for a large event
 * its chunks, in order. `t` measures the bridge's lag (publish to delivery); older processes sent none.
 */
interface Envelope {
  o: string;
  e: EventName;
  p: unknown;
  t?: number;
  /**
   * The event's number among its origin's events: keeps two identical events sent in one batch (one transaction,
   * where PostgreSQL would fold identical NOTIFY payloads into one) two events. Receivers do not read it.
   */
  s?: number;
}
interface Chunk {
  o: string;
  /** The event's id among its origin's chunked events. */
  k: number;
  i: number;
  n: number;
  /** Base64 of bytes i × CHUNK_BYTES … of the JSON `{ e, p, t }`. */
  d: string;
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
 * NOTIFYs go out in batches: while one batch's round trip is under way, and until BATCH_INTERVAL_MS has passed
 * since the last batch began, what is published waits and then goes as the next batch, one statement (`pg_notify`
 * over an array, in order), so a busy process sends one statement for many events instead of one each (issue 10,
 * the write path: at 4,000 claims a second on PostgreSQL, one NOTIFY statement per claim cost the app a fifth of
 * its writes per second). A process hears its own NOTIFYs too: those are
 * recognised by their first bytes (the origin) and dropped before parsing.
 * NOTIFY takes under 8,000 bytes: a larger event goes out as consecutive chunks, put together again on arrival
 * (one connection sends them in a row, so they arrive in a row too); one over MAX_EVENT_BYTES is not sent to other
 * processes but logged as an error (events carry ids and small values; that would be a bug in its publisher).
 */
export class EventBridge {
  readonly origin = randomUUID();
  readonly #options: Required<Omit<EventBridgeOptions, 'log' | 'events' | 'metrics'>> &
    Pick<EventBridgeOptions, 'log' | 'events'>;
  readonly #lag: Histogram;
  readonly #events: Counter<'direction'>;
  readonly #batches: Counter;
  readonly #failures: Counter<'reason'>;
  readonly #reconnects: Counter;
  #client: pg.Client | null = null;
  #connected = false;
  #queue: string[] = [];
  #stopped = false;
  #reconnectTimer: NodeJS.Timeout | undefined;
  #attempt = 0;
  #unforward: () => void = () => {};
  #inFlight = new Set<Promise<unknown>>();
  /** Published while a batch is under way (one is while #inFlight holds it) or waits for its interval: the next batch. */
  #outbox: string[] = [];
  /** When the last batch began (performance.now()), and the timer of the next while it waits for its interval. */
  #lastBatch = -Infinity;
  #batchTimer: NodeJS.Timeout | undefined;
  #sequence = 0;
  #chunked = 0;
  /** How this process's own messages start on the wire (JSON.stringify keeps `o` first). */
  readonly #ownPrefix = `{"o":${JSON.stringify(this.origin)},`;
  /** Chunks received so far, by origin and event id. */
  readonly #assembling = new Map<string, { parts: Buffer[]; received: number; timer: NodeJS.Timeout }>();

  constructor({ metrics = Metrics.off(), ...options }: EventBridgeOptions) {
    this.#options = { channel: EVENT_CHANNEL, reconnectMs: { min: 250, max: 10_000 }, ...options };
    this.#lag = metrics.histogram({
      name: 'vd_event_bridge_lag_seconds',
      help: "Events from other processes: time from their publishing (the sender's clock) to delivery here.",
      buckets: LATENCY_BUCKETS,
    });
    this.#events = metrics.counter({
      name: 'vd_event_bridge_events_total',
      help: 'Events this process sent to other processes (sent) and delivered from them (received).',
      labelNames: ['direction'],
    });
    this.#batches = metrics.counter({
      name: 'vd_event_bridge_batches_total',
      help: 'NOTIFY statements this process sent, each carrying the events published since the last (events sent / batches: events per statement).',
    });
    this.#failures = metrics.counter({
      name: 'vd_event_bridge_failures_total',
      help: 'Bridge failures by reason: connection_lost, notify_failed (an event not sent), oversized (an event over 256 KiB, not sent), dropped (the oldest waiting event, beyond 10,000 while disconnected), malformed or incomplete (an event received but not deliverable).',
      labelNames: ['reason'],
    });
    this.#reconnects = metrics.counter({
      name: 'vd_event_bridge_reconnects_total',
      help: 'Times the bridge connected again after losing its connection.',
    });
    const bridge = this;
    metrics.gauge({
      name: 'vd_event_bridge_connected',
      help: "1 while the bridge's LISTEN connection is up, 0 while it reconnects (events then wait, and other processes' are lost).",
      collect() {
        this.set(bridge.connected ? 1 : 0);
      },
    });
    metrics.gauge({
      name: 'vd_event_bridge_queued_events',
      help: 'Events published while the connection is down, waiting to be sent.',
      collect() {
        this.set(bridge.#queue.length);
      },
    });
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
    const t = Date.now();
    const json = JSON.stringify({ o: this.origin, e: event, p: payload, t, s: ++this.#sequence } satisfies Envelope);
    if (Buffer.byteLength(json) <= MAX_NOTIFY_BYTES) {
      this.#events.inc({ direction: 'sent' });
      return this.#enqueue(json);
    }
    const body = Buffer.from(JSON.stringify({ e: event, p: payload, t }));
    if (body.length > MAX_EVENT_BYTES) {
      this.#fail('oversized');
      this.#options.log.error(
        { event, bytes: body.length, limit: MAX_EVENT_BYTES },
        'event too large to bridge: not delivered to other processes',
      );
      return;
    }
    this.#events.inc({ direction: 'sent' });
    const k = ++this.#chunked;
    const n = Math.ceil(body.length / CHUNK_BYTES);
    for (let i = 0; i < n; i++) {
      const d = body.subarray(i * CHUNK_BYTES, (i + 1) * CHUNK_BYTES).toString('base64');
      this.#enqueue(JSON.stringify({ o: this.origin, k, i, n, d } satisfies Chunk));
    }
  }

  #enqueue(json: string): void {
    if (!this.#connected) {
      this.#queue.push(json);
      if (this.#queue.length > MAX_QUEUED) {
        this.#queue.shift();
        this.#fail('dropped');
      }
      return;
    }
    this.#send(json);
  }

  #send(json: string): void {
    this.#outbox.push(json);
    this.#flushSoon();
  }

  /** Sends the outbox now, or once the batch under way is answered and BATCH_INTERVAL_MS has passed since it began. */
  #flushSoon(): void {
    if (this.#inFlight.size > 0 || this.#batchTimer) return;
    const wait = this.#lastBatch + BATCH_INTERVAL_MS - performance.now();
    if (wait <= 0) return this.#sendBatch();
    // Timers keep whole milliseconds of a clock read once per loop turn, and may fire a little early: asked again.
    this.#batchTimer = setTimeout(() => {
      this.#batchTimer = undefined;
      this.#flushSoon();
    }, wait);
  }

  /** Everything in the outbox as one statement; when it is answered, the next batch (if any was published meanwhile). */
  #sendBatch(): void {
    if (this.#outbox.length === 0) return;
    if (!this.#connected || !this.#client) {
      // The connection went meanwhile: these wait for the next one, as events published while it is down do.
      this.#queue.push(...this.#outbox.splice(0));
      return;
    }
    const client = this.#client;
    const batch = this.#outbox.splice(0);
    this.#lastBatch = performance.now();
    this.#batches.inc();
    const sent = client
      // Named: prepared once on this connection (a busy process sends hundreds of batches a second).
      .query({ name: 'event_bridge.notify', text: NOTIFY_BATCH_SQL, values: [this.#options.channel, batch] })
      .then(
        () => undefined,
        (error: unknown) => {
          for (let i = 0; i < batch.length; i++) this.#fail('notify_failed');
          this.#options.log.warn(
            { err: error, events: batch.length },
            'event bridge: NOTIFY failed, events not delivered to other processes',
          );
        },
      );
    this.#inFlight.add(sent);
    void sent.finally(() => {
      this.#inFlight.delete(sent);
      if (this.#outbox.length > 0) this.#flushSoon();
    });
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
      this.#reconnects.inc();
      this.#options.log.info({}, 'event bridge reconnected');
      this.#options.events.deliver('identityChanged', {});
    }
  }

  #receive(raw: string): void {
    if (raw.startsWith(this.#ownPrefix)) return;
    let message: Envelope | Chunk;
    try {
      message = JSON.parse(raw) as Envelope | Chunk;
    } catch {
      this.#fail('malformed');
      return this.#options.log.warn({ payload: raw.slice(0, 200) }, 'event bridge: payload is not JSON');
    }
    if (message.o === this.origin) return;
    if ('k' in message) return this.#receiveChunk(message);
    if (typeof message.e === 'string') this.#deliver(message);
  }

  #fail(reason: Failure): void {
    this.#failures.inc({ reason });
  }

  #deliver({ e, p, t }: Omit<Envelope, 'o'>): void {
    this.#events.inc({ direction: 'received' });
    // Clocks of two machines differ a little: a negative lag is counted as none.
    if (typeof t === 'number') this.#lag.observe(Math.max(0, Date.now() - t) / 1000);
    this.#options.events.deliver(e, p as never);
  }

  #receiveChunk({ o, k, i, n, d }: Chunk): void {
    const key = `${o}:${k}`;
    let entry = this.#assembling.get(key);
    if (!entry) {
      const timer = setTimeout(() => {
        this.#assembling.delete(key);
        this.#fail('incomplete');
      }, ASSEMBLY_TIMEOUT_MS);
      timer.unref();
      entry = { parts: new Array<Buffer>(n), received: 0, timer };
      this.#assembling.set(key, entry);
    }
    if (entry.parts[i] === undefined) entry.received++;
    entry.parts[i] = Buffer.from(d, 'base64');
    if (entry.received < n) return;
    clearTimeout(entry.timer);
    this.#assembling.delete(key);
    let whole: Omit<Envelope, 'o'>;
    try {
      whole = JSON.parse(Buffer.concat(entry.parts).toString('utf8')) as Omit<Envelope, 'o'>;
    } catch (error) {
      this.#fail('malformed');
      return this.#options.log.warn({ err: error }, 'event bridge: a chunked event could not be put together');
    }
    this.#deliver(whole);
  }

  #lost(client: pg.Client, error: Error | null): void {
    if (client !== this.#client || this.#stopped) return;
    this.#client = null;
    this.#connected = false;
    this.#fail('connection_lost');
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
    for (const { timer } of this.#assembling.values()) clearTimeout(timer);
    this.#assembling.clear();
    // What waits for its interval goes now (one connection: after the batch under way); until nothing is left.
    do {
      clearTimeout(this.#batchTimer);
      this.#batchTimer = undefined;
      this.#sendBatch();
      await Promise.all(this.#inFlight);
    } while (this.#inFlight.size > 0 || this.#outbox.length > 0);
    const client = this.#client;
    this.#client = null;
    this.#connected = false;
    if (client) await client.end().catch(() => {});
  }
}
