import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE } from '../../core/gateway/protocol.ts';
import { queryOnce } from '../support/database.ts';
import { GatewayTestClient } from '../support/gateway-client.ts';
import { appEnv, DEMO_USERS as DEMO, devSignIn, type RunningServer, startServer } from '../support/spawn-server.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * Two web processes (`node server.ts`) on one new PostgreSQL database: what happens through HTTP on A reaches the
 * gateway sockets on B through the LISTEN/NOTIFY event bridge. Needs TEST_DATABASE_URL.
 */
describe.skipIf(!adminUrl)('two web processes on one PostgreSQL', () => {
  let dataDir: string;
  let database: string;
  let a: RunningServer;
  let b: RunningServer;

  const admin = (sql: string) => queryOnce(adminUrl!, sql);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'vd-cluster-'));
    database = `vd_cluster_${randomBytes(6).toString('hex')}`;
    await admin(`create database "${database}"`);
    const url = new URL(adminUrl!);
    url.pathname = `/${database}`;
    const env = { ...appEnv(dataDir), DATABASE_URL: url.toString(), LOG_LEVEL: 'warn' };
    // A first: it migrates and adds the demo data; B then finds both done.
    a = await startServer(env);
    b = await startServer(env);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await admin(`drop database if exists "${database}" with (force)`);
    await rm(dataDir, { recursive: true, force: true });
  });

  it("a ban through the API on A reaches the banned user's socket on B as userBanned, then closes it", async () => {
    const [customerToken, managerToken] = await Promise.all([
      devSignIn(a.url, DEMO.customer),
      devSignIn(a.url, DEMO.manager),
    ]);
    const socket = await GatewayTestClient.identified(b.url, customerToken);
    try {
      const res = await fetch(`${a.url}/api/client/admin/users/${DEMO.customer}/ban`, {
        method: 'POST',
        headers: { authorization: `Bearer ${managerToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'Crossed processes', expires: null }),
      });
      expect(res.status).toBe(200);
      const event = await socket.event('userBanned');
      expect(event.data).toEqual({ userID: DEMO.customer, reason: 'Crossed processes', expires: null });
      expect((await socket.closed).code).toBe(CLOSE.SESSION_ENDED);
    } finally {
      socket.close();
    }
  }, 30_000);

  it("a logout on A closes that session's socket on B, and B's session cache forgets it at once", async () => {
    const token = await devSignIn(b.url, DEMO.chef);
    // B has the session in its cache now.
    expect((await fetch(`${b.url}/api/v3/users/@me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
      200,
    );
    const socket = await GatewayTestClient.identified(b.url, token);
    try {
      const started = Date.now();
      const res = await fetch(`${a.url}/api/client/sessions`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(204);
      expect((await socket.closed).code).toBe(CLOSE.SESSION_ENDED);
      expect(Date.now() - started).toBeLessThan(1000);
      expect((await fetch(`${b.url}/api/v3/users/@me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
        401,
      );
    } finally {
      socket.close();
    }
  }, 30_000);

  it('a super admin on A sees in onlineUsers a user who connects on B', async () => {
    const [ownerToken, chefToken] = await Promise.all([devSignIn(a.url, DEMO.owner), devSignIn(b.url, DEMO.chef)]);
    const admin = await GatewayTestClient.identified(a.url, ownerToken);
    const chef = await GatewayTestClient.identified(b.url, chefToken);
    try {
      const seen = await admin.next(
        (m) => m.t === 'onlineUsers' && (m.data as { users: { id: string }[] }).users.some((u) => u.id === DEMO.chef),
        10_000,
      );
      expect(
        (seen.data as { users: { id: string; username: string; connections: number }[] }).users.find(
          (u) => u.id === DEMO.chef,
        ),
      ).toMatchObject({
        username: 'charlie.chef',
        connections: 1,
      });
      chef.close();
      await admin.next(
        (m) => m.t === 'onlineUsers' && !(m.data as { users: { id: string }[] }).users.some((u) => u.id === DEMO.chef),
        10_000,
      );
    } finally {
      admin.close();
      chef.close();
    }
  }, 30_000);

  it("a claim through the API on A reaches a chef's socket on B as orderUpdated", async () => {
    const [managerToken, chefToken] = await Promise.all([devSignIn(a.url, DEMO.manager), devSignIn(a.url, DEMO.chef)]);
    const chef = await GatewayTestClient.identified(b.url, chefToken);
    try {
      const list = await fetch(`${a.url}/api/client/orders`, { headers: { authorization: `Bearer ${managerToken}` } });
      const { orders } = (await list.json()) as {
        orders: { id: string; orderID: string; status: string; orderedBy: { id: string } }[];
      };
      const waiting = orders.find((o) => o.status === 'ORDERED' && o.orderedBy.id !== DEMO.manager);
      expect(waiting, 'the demo data has a waiting order').toBeDefined();
      const claim = await fetch(`${a.url}/api/client/orders/${waiting!.id}/claim`, {
        method: 'POST',
        headers: { authorization: `Bearer ${managerToken}` },
      });
      expect(claim.status).toBe(200);
      const event = await chef.next(
        (m) => m.t === 'orderUpdated' && (m.data as { order: { orderID: string } }).order.orderID === waiting!.orderID,
        10_000,
      );
      expect(event.data).toMatchObject({
        order: { orderID: waiting!.orderID, status: 'CLAIMED', claimedBy: { id: DEMO.manager } },
      });
    } finally {
      chef.close();
    }
  }, 30_000);
});
