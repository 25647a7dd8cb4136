import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OP } from '../../core/gateway/protocol.ts';
import { queryOnce } from '../support/database.ts';
import { GatewayTestClient } from '../support/gateway-client.ts';
import { sampleValue } from '../support/metrics-text.ts';
import {
  appEnv,
  DEMO_USERS as DEMO,
  devSignIn,
  type RunningServer,
  startServer,
  statusOf,
} from '../support/spawn-server.ts';
import { until } from '../support/until.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

interface Replica {
  server: RunningServer;
  metricsUrl: string;
}

interface OrderSummary {
  id: string;
  orderID: string;
  status: string;
  orderedBy: { id: string };
}

/** Where a replica serves its metrics: the URL it logs once they are served (METRICS_PORT=0, a port the system picked). */
function metricsUrlOf(server: RunningServer): Promise<string> {
  const logged = () =>
    server
      .output()
      .split('\n')
      .find((line) => line.includes('metrics served on their own port'))
      ?.match(/http:\/\/[^\s"]+/)?.[0];
  return until(logged, 10_000, server.output);
}

/**
 * `docker compose up --scale web=3`, as processes: three `node server.ts` on one new PostgreSQL database, started at
 * the same moment, each with its metrics on a port of its own. Sessions live in the database, events cross through
 * the LISTEN/NOTIFY bridge, and every replica runs the order sweeper. Needs TEST_DATABASE_URL.
 */
describe.skipIf(!adminUrl)('three web processes on one PostgreSQL (replicas)', () => {
  let dataDir: string;
  let database: string;
  let databaseUrl: string;
  const replicas: Replica[] = [];
  const a = () => replicas[0]!.server;
  const b = () => replicas[1]!.server;
  const c = () => replicas[2]!.server;

  /** A query on the server (`on: 'server'`) or on the replicas' database. */
  const query = <T extends pg.QueryResultRow>(
    sql: string,
    params: unknown[] = [],
    on: 'server' | 'replicas' = 'replicas',
  ) => queryOnce<T>(on === 'server' ? adminUrl! : databaseUrl, sql, params);
  const signIn = (server: RunningServer, userId: string) => devSignIn(server.url, userId);

  const me = (server: RunningServer, token: string) =>
    fetch(`${server.url}/api/v3/users/@me`, { headers: { authorization: `Bearer ${token}` } });
  const scrape = async (replica: Replica) => {
    const res = await fetch(replica.metricsUrl);
    expect(res.status).toBe(200);
    return res.text();
  };
  const metric = async (replica: Replica, name: string, labels?: Record<string, string>) =>
    sampleValue(await scrape(replica), name, labels) ?? 0;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'vd-replicas-'));
    database = `vd_replicas_${randomBytes(6).toString('hex')}`;
    await query(`create database "${database}"`, [], 'server');
    const url = new URL(adminUrl!);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    // Claims expire after 1 s and every replica sweeps every 50 ms: three sweepers race for each expired claim.
    const env = {
      ...appEnv(dataDir),
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'info',
      ORDER_CLAIM_TIMEOUT_S: '1',
      ORDER_SWEEP_INTERVAL_MS: '50',
    };
    // All three at once, on a database nobody has migrated yet; each its metrics on a port the system picks.
    const servers = await Promise.all(
      [1, 2, 3].map(() => startServer({ ...env, METRICS_PORT: '0' }, { timeoutMs: 90_000 })),
    );
    for (const server of servers) replicas.push({ server, metricsUrl: await metricsUrlOf(server) });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.server.stop()));
    await query(`drop database if exists "${database}" with (force)`, [], 'server');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('started together on a new database, they migrate one at a time and add the demo data once', async () => {
    const outputs = replicas.map((r) => r.server.output());
    expect(outputs.filter((o) => o.includes('New database: demo data added'))).toHaveLength(1);
    const [chef] = await query<{ count: string }>('select count(*) as count from users where id = $1', [DEMO.chef]);
    expect(Number(chef?.count)).toBe(1);
    // Each serves its metrics on its own port, and none on the main one.
    for (const replica of replicas) {
      expect(await metric(replica, 'vd_event_bridge_connected')).toBe(1);
      expect(await statusOf(`${replica.server.url}/metrics`)).toBe(404);
    }
  });

  it('a session made on A works on B and C; signing out on B ends it on A and C at once', async () => {
    const token = await signIn(a(), DEMO.customer);
    for (const server of [a(), b(), c()]) {
      const res = await me(server, token);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { user: { id: string } }).user.id).toBe(DEMO.customer);
    }
    expect(
      (
        await fetch(`${b().url}/api/client/sessions`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${token}` },
        })
      ).status,
    ).toBe(204);
    // A and C had it in their session cache: the bridge's sessionRevoked drops it there.
    for (const server of [a(), c()]) await until(async () => (await me(server, token)).status === 401, 2000);
  }, 30_000);

  it('a claim on A reaches a kitchen socket on C', async () => {
    const [managerToken, chefToken] = await Promise.all([signIn(a(), DEMO.manager), signIn(c(), DEMO.chef)]);
    const chef = await GatewayTestClient.identified(c().url, chefToken);
    try {
      const { orders } = (await (
        await fetch(`${a().url}/api/client/orders`, { headers: { authorization: `Bearer ${managerToken}` } })
      ).json()) as { orders: OrderSummary[] };
      const waiting = orders.find((o) => o.status === 'ORDERED' && o.orderedBy.id !== DEMO.manager)!;
      expect(
        (
          await fetch(`${a().url}/api/client/orders/${waiting.id}/claim`, {
            method: 'POST',
            headers: { authorization: `Bearer ${managerToken}` },
          })
        ).status,
      ).toBe(200);
      const event = await chef.next(
        (m) => m.t === 'orderUpdated' && (m.data as { order: OrderSummary }).order.id === waiting.id,
        10_000,
      );
      expect(event.data).toMatchObject({
        order: { orderID: waiting.orderID, status: 'CLAIMED', claimedBy: { id: DEMO.manager } },
      });
    } finally {
      chef.close();
    }
  }, 30_000);

  it('three sweepers double nothing: an expired claim goes back to the kitchen once, with one event', async () => {
    const ownerToken = await signIn(b(), DEMO.owner);
    const socket = await GatewayTestClient.identified(c().url, ownerToken, {}, { heartbeat: false });
    try {
      const { orders } = (await (
        await fetch(`${a().url}/api/client/orders`, { headers: { authorization: `Bearer ${ownerToken}` } })
      ).json()) as { orders: OrderSummary[] };
      const order = orders.find((o) => o.status === 'ORDERED' && o.orderedBy.id !== DEMO.owner)!;
      const about = (status: string) => (m: { t?: string; data?: unknown }) =>
        m.t === 'orderUpdated' &&
        (m.data as { order: OrderSummary }).order.id === order.id &&
        (m.data as { order: OrderSummary }).order.status === status;
      expect(
        (
          await fetch(`${a().url}/api/client/orders/${order.id}/claim`, {
            method: 'POST',
            headers: { authorization: `Bearer ${ownerToken}` },
          })
        ).status,
      ).toBe(200);
      await socket.next(about('CLAIMED'), 10_000);
      await socket.next(about('ORDERED'), 15_000);

      // The replicas sweep six more times in all after the expiry (one at a time: a pass finds the job's lock held
      // by another replica and skips). Then A and B each send an event of their own (the owner joins the delivery
      // queue on A and leaves it on B), which reach C after everything they sent before (NOTIFYs of one connection
      // arrive in order), and a heartbeat's ack comes back after every event C wrote to this socket: a second
      // expiry by any sweep would be here by now.
      const sweeps = async () =>
        (await Promise.all(replicas.map((r) => metric(r, 'vd_order_sweep_duration_seconds_count')))).reduce(
          (a, b) => a + b,
          0,
        );
      const swept = await sweeps();
      await until(async () => (await sweeps()) >= swept + 6, 15_000);
      const owner = { authorization: `Bearer ${ownerToken}` };
      expect(
        (await fetch(`${a().url}/api/client/orders/delivery-queue/join`, { method: 'POST', headers: owner })).status,
      ).toBe(200);
      await socket.event('joinDeliveryQueue', 10_000);
      expect(
        (await fetch(`${b().url}/api/client/orders/delivery-queue/leave`, { method: 'DELETE', headers: owner })).status,
      ).toBe(200);
      await socket.event('leaveDeliveryQueue', 10_000);
      const acked = socket.next((m) => m.op === OP.HEARTBEAT_ACK);
      socket.send({ op: OP.HEARTBEAT });
      await acked;

      expect(socket.messages.filter(about('ORDERED'))).toHaveLength(1);
      const [row] = await query<{ status: string; claimed_by: string | null }>(
        'select status, claimed_by from orders where id = $1',
        [order.id],
      );
      expect(row).toEqual({ status: 'ORDERED', claimed_by: null });
    } finally {
      socket.close();
    }
  }, 60_000);
});
