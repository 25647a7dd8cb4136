import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleValue } from '../../tests/support/metrics-text.ts';
import { until } from '../../tests/support/until.ts';
import { EventBus } from '../events.ts';
import { Metrics } from '../metrics/metrics.ts';
import { BATCH_INTERVAL_MS, EventBridge, MAX_EVENT_BYTES } from './event-bridge.ts';

const url = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.VD_TEST_DATABASE === 'postgresql' && Boolean(url);

function quietLog() {
  const lines: { level: string; msg: string; obj: object }[] = [];
  const at = (level: string) => (obj: object, msg: string) => void lines.push({ level, msg, obj });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

/** Two processes' buses, bridged on one PostgreSQL (on a channel of this test's own). */
describe.skipIf(!onPostgres)('event bridge (LISTEN/NOTIFY)', () => {
  const bridges: EventBridge[] = [];
  afterEach(async () => {
    await Promise.all(bridges.splice(0).map((b) => b.stop()));
  });

  async function node(channel: string) {
    const events = new EventBus();
    const log = quietLog();
    const metrics = await Metrics.create(true);
    const bridge = new EventBridge({ url: url!, events, log, channel, reconnectMs: { min: 20, max: 200 }, metrics });
    await bridge.start();
    bridges.push(bridge);
    const received: { event: string; payload: unknown }[] = [];
    for (const event of ['settingUpdated', 'sessionRevoked', 'identityChanged'] as const) {
      events.on(event, (payload) => void received.push({ event, payload }));
    }
    return { events, bridge, log, received, metrics };
  }

  async function terminate(bridge: EventBridge): Promise<void> {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [bridge.backendPid]);
    } finally {
      await admin.end();
    }
  }

  const channel = () => `vd_test_${randomBytes(4).toString('hex')}`;

  it('delivers an event published on one process to the other, in order, and not twice to its publisher', async () => {
    const name = channel();
    const [a, b] = [await node(name), await node(name)];
    a.events.publish('sessionRevoked', { userId: '1', sessionId: 's1' });
    a.events.publish('settingUpdated', { key: 'teamsEnabled', value: true });
    await until(() => b.received.length === 2);
    expect(b.received).toEqual([
      { event: 'sessionRevoked', payload: { userId: '1', sessionId: 's1' } },
      { event: 'settingUpdated', payload: { key: 'teamsEnabled', value: true } },
    ]);
    // B's delivery is not forwarded back, and A heard its own events once (locally): a marker B publishes now reaches
    // A after anything B would have forwarded back.
    b.events.publish('settingUpdated', { key: 'marker', value: true });
    await until(() => a.received.length >= 3);
    expect(a.received.map((r) => r.event)).toEqual(['sessionRevoked', 'settingUpdated', 'settingUpdated']);
    expect(a.received.at(-1)).toEqual({ event: 'settingUpdated', payload: { key: 'marker', value: true } });
    expect(b.received).toHaveLength(3);
  });

  it('sends what is published during a round trip as one batch: all of it, in order, identical events twice', async () => {
    const name = channel();
    const [a, b] = [await node(name), await node(name)];
    // 200 events in one turn: the first goes out alone, the rest wait for it and go as batches. Two in the second
    // batch are identical (same payload, same millisecond), which PostgreSQL would fold into one in one transaction.
    a.events.publish('sessionRevoked', { userId: 'first', sessionId: 's' });
    a.events.publish('identityChanged', { userId: 'same' });
    a.events.publish('identityChanged', { userId: 'same' });
    for (let i = 0; i < 197; i++) a.events.publish('sessionRevoked', { userId: String(i), sessionId: `s${i}` });
    await until(() => b.received.length >= 200);
    expect(b.received.slice(0, 3)).toEqual([
      { event: 'sessionRevoked', payload: { userId: 'first', sessionId: 's' } },
      { event: 'identityChanged', payload: { userId: 'same' } },
      { event: 'identityChanged', payload: { userId: 'same' } },
    ]);
    expect(b.received.slice(3).map((r) => (r.payload as { userId: string }).userId)).toEqual(
      Array.from({ length: 197 }, (_, i) => String(i)),
    );
    // Nothing more on either side: a marker each publishes now arrives after anything sent twice or forwarded back.
    a.events.publish('settingUpdated', { key: 'marker-a', value: true });
    b.events.publish('settingUpdated', { key: 'marker-b', value: true });
    await until(
      () =>
        b.received.some((r) => (r.payload as { key?: string }).key === 'marker-a') &&
        a.received.some((r) => (r.payload as { key?: string }).key === 'marker-b'),
    );
    expect(b.received).toHaveLength(202);
    expect(a.received).toHaveLength(202);
  });

  it(`sends at most one NOTIFY statement per ${BATCH_INTERVAL_MS} ms however events are published, each with every event since the last`, async () => {
    const name = channel();
    const [a, b] = [await node(name), await node(name)];
    const statements = () => a.metrics.text().then((text) => sampleValue(text, 'vd_event_bridge_batches_total') ?? 0);
    const before = await statements();
    // One event every 0.6 ms or so (as a busy process's requests publish them): longer than a NOTIFY's round trip
    // on a quiet machine (one statement per event or two without the interval), shorter than the interval.
    const started = performance.now();
    for (let i = 0; i < 200; i++) {
      a.events.publish('sessionRevoked', { userId: String(i), sessionId: `s${i}` });
      const next = performance.now() + 0.6;
      do await new Promise((resolve) => setImmediate(resolve));
      while (performance.now() < next);
    }
    await until(() => b.received.length === 200);
    const elapsed = performance.now() - started;
    const sent = (await statements()) - before;
    // Every statement began within [started, elapsed], at least the interval after the one before it.
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThanOrEqual(Math.floor(elapsed / BATCH_INTERVAL_MS) + 1);
    expect(b.received.map((r) => (r.payload as { userId: string }).userId)).toEqual(
      Array.from({ length: 200 }, (_, i) => String(i)),
    );
  });

  it('sends an event over the NOTIFY limit in chunks, in its place among the others', async () => {
    const name = channel();
    const [a, b] = [await node(name), await node(name)];
    const value = 'é€x"\\'.repeat(6000); // multi-byte characters and characters JSON escapes: ~45 KB
    a.events.publish('settingUpdated', { key: 'before', value: 1 });
    a.events.publish('settingUpdated', { key: 'big', value });
    a.events.publish('settingUpdated', { key: 'after', value: 2 });
    await until(() => b.received.length === 3);
    expect(b.received.map((r) => (r.payload as { key: string }).key)).toEqual(['before', 'big', 'after']);
    expect(b.received[1]).toEqual({ event: 'settingUpdated', payload: { key: 'big', value } });
  });

  it('logs and drops, for other processes only, an event over MAX_EVENT_BYTES', async () => {
    const name = channel();
    const [a, b] = [await node(name), await node(name)];
    a.events.publish('settingUpdated', { key: 'huge', value: 'x'.repeat(MAX_EVENT_BYTES) });
    a.events.publish('settingUpdated', { key: 'small', value: 1 });
    await until(() => b.received.length === 1);
    expect(b.received[0]).toMatchObject({ payload: { key: 'small' } });
    expect(a.received).toHaveLength(2);
    expect(a.log.lines).toContainEqual(
      expect.objectContaining({ level: 'error', msg: 'event too large to bridge: not delivered to other processes' }),
    );
  });

  it('reconnects after losing its connection, sends what was published meanwhile, and resyncs with identityChanged', async () => {
    const name = channel();
    const [a, b] = [await node(name), await node(name)];
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // A's own connection only: B keeps listening, so what A queued while down must reach it.
      const { rows } = await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity where application_name = 'virtual-diner-events' and query ilike $1`,
        [`%${name}%`],
      );
      expect(rows).toHaveLength(2);
      await admin.query('select pg_terminate_backend($1)', [a.bridge.backendPid]);
    } finally {
      await admin.end();
    }
    await until(() => !a.bridge.connected);
    a.events.publish('settingUpdated', { key: 'while-down', value: 1 });
    await until(() => a.bridge.connected);
    await until(() => b.received.some((r) => r.event === 'settingUpdated'));
    expect(b.received).toEqual([{ event: 'settingUpdated', payload: { key: 'while-down', value: 1 } }]);
    // A may have missed events while down: it tells its own listeners to read everything again.
    expect(a.received).toContainEqual({ event: 'identityChanged', payload: {} });
    a.events.publish('sessionRevoked', { userId: '2', sessionId: 's2' });
    await until(() => b.received.some((r) => r.event === 'sessionRevoked'));
  });

  it("counts what crosses, its lag, and its failures in the process's metrics", async () => {
    const name = channel();
    const [a, b] = [await node(name), await node(name)];
    const value = (node: { metrics: Metrics }, metric: string, labels?: Record<string, string>) =>
      node.metrics.text().then((text) => sampleValue(text, metric, labels));
    a.events.publish('settingUpdated', { key: 'small', value: 1 });
    a.events.publish('settingUpdated', { key: 'chunked', value: 'x'.repeat(20_000) });
    a.events.publish('settingUpdated', { key: 'huge', value: 'x'.repeat(MAX_EVENT_BYTES) });
    await until(() => b.received.length === 2);
    expect(await value(a, 'vd_event_bridge_events_total', { direction: 'sent' })).toBe(2);
    expect(await value(a, 'vd_event_bridge_failures_total', { reason: 'oversized' })).toBe(1);
    expect(await value(b, 'vd_event_bridge_events_total', { direction: 'received' })).toBe(2);
    // Both events, the chunked one included, carried the moment they were published.
    expect(await value(b, 'vd_event_bridge_lag_seconds_count')).toBe(2);
    expect(await value(b, 'vd_event_bridge_lag_seconds_sum')).toBeGreaterThanOrEqual(0);
    expect(await value(b, 'vd_event_bridge_lag_seconds_bucket', { le: '10' })).toBe(2);
    expect(await value(b, 'vd_event_bridge_connected')).toBe(1);

    await terminate(b.bridge);
    await until(() => !b.bridge.connected);
    expect(await value(b, 'vd_event_bridge_connected')).toBe(0);
    b.events.publish('settingUpdated', { key: 'while-down', value: 1 });
    expect(await value(b, 'vd_event_bridge_queued_events')).toBe(1);
    await until(() => b.bridge.connected);
    expect(await value(b, 'vd_event_bridge_failures_total', { reason: 'connection_lost' })).toBe(1);
    expect(await value(b, 'vd_event_bridge_reconnects_total')).toBe(1);
    expect(await value(b, 'vd_event_bridge_queued_events')).toBe(0);
    expect(await value(b, 'vd_event_bridge_connected')).toBe(1);
  });
});
