import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { SessionSchema, UserSchema } from '../../core/auth/entities.ts';
import { publicAccess } from '../../core/auth/guards.ts';
import { hashToken, SESSION_COOKIE } from '../../core/auth/sessions.ts';
import { CLOSE, OP } from '../../core/gateway/protocol.ts';
import { definePlugin } from '../../core/plugin.ts';
import { PERMISSIONS } from '../../core/shared/permissions.ts';
import { plugins as allPlugins } from '../../plugins/index.ts';
import { GatewayTestClient } from '../support/gateway-client.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

declare module '../../core/events.ts' {
  interface DomainEvents {
    /** Only in these tests: stands in for the orders plugin's events. */
    gatewayTestOrder: { orderID: string; customerId: string };
  }
}

/** Only in these tests: the gateway events the test plugin sends, the way a plugin declares its own. */
declare module '../../core/gateway/protocol.ts' {
  interface GatewayEvents {
    testOrderSent: { order?: { orderID: string }; marker?: string };
    testOrderUpdated: { order?: { orderID: string }; big?: string };
    /** Sent straight through the hub: arriving after an event proves the event was (not) sent before it. */
    testMarker: { marker: boolean | string };
  }
}

/** What the server wrote, in order: its replies to the publishing route, and socket frames naming a test order. */
const written: string[] = [];

/**
 * A plugin under test with gateway filters, the way the orders plugin maps its events, and a route that publishes
 * after its work as a service does after its commit (its reply's end is recorded in `written`).
 */
const kitchen = definePlugin({
  name: 'gateway-test-kitchen',
  gateway: {
    gatewayTestOrder: ({ orderID, customerId }) => [
      { t: 'testOrderSent', data: { order: { orderID } }, to: { permissions: PERMISSIONS.MANAGE_ORDERS } },
      { t: 'testOrderUpdated', data: { order: { orderID } }, to: { userId: customerId } },
    ],
  },
  routes(app, _service, ctx) {
    app.post('/api/gateway-test/publish', { onRequest: publicAccess }, async (request, reply) => {
      const { orderID, customerId } = request.body as { orderID: string; customerId: string };
      const end = reply.raw.end.bind(reply.raw) as (...args: unknown[]) => unknown;
      reply.raw.end = ((...args: unknown[]) => {
        written.push(`reply ${orderID}`);
        return end(...args);
      }) as typeof reply.raw.end;
      ctx.events.publish('gatewayTestOrder', { orderID, customerId });
      return { published: orderID };
    });
  },
});

const HEARTBEAT_MS = 200;

/**
 * Opens /gateway from a child process, sends one text frame of about `megabytes` MB, and returns the close code
 * that client saw.
 */
async function closeCodeAfterFrame(baseUrl: string, megabytes: number): Promise<number> {
  const script = `
    const WebSocket = require('ws');
    const frame = JSON.stringify({ op: 2, data: 'x'.repeat(${megabytes} * 2 ** 20) });
    const socket = new WebSocket(process.argv[1]);
    socket.on('error', () => {});
    socket.on('open', () => socket.send(frame));
    socket.on('close', (code) => console.log(code));`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['-e', script, `${baseUrl.replace(/^http/, 'ws')}/gateway`],
    { timeout: 50_000 },
  );
  return Number(stdout.trim());
}

/**
 * Far larger frames, from a client in another process as a browser would be (in this process the client happened to
 * read the close frame before the reset): it reads 1009, not a reset connection (1006). A server of its own with the
 * usual identify timeout: masking and sending 16 MB may take longer than the 300 ms the suite below allows.
 */
describe('oversized frames', () => {
  let app: TestApp;
  let url: string;
  beforeAll(async () => {
    app = await createTestApp({ gateway: { identifyTimeoutMs: 30_000 } });
    url = await app.server.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app?.close());

  it('closes 1009 for a 1.5 MB and a 16 MB frame', { timeout: 60_000 }, async () => {
    for (const megabytes of [1.5, 16]) expect(await closeCodeAfterFrame(url, megabytes), `${megabytes} MB`).toBe(1009);
  });
});

describe('live gateway', () => {
  let app: TestApp;
  let url: string;
  let chef: TestUser;
  let customer: TestUser;
  let owner: TestUser;
  let manager: TestUser;
  const clients: GatewayTestClient[] = [];
  const track = <T extends GatewayTestClient>(client: T): T => {
    clients.push(client);
    return client;
  };
  const identified = async (
    token: string | null,
    headers?: Record<string, string>,
    options?: { heartbeat?: boolean },
  ) => track(await GatewayTestClient.identified(url, token, headers, options));
  const opened = async (headers?: Record<string, string>) => track(await GatewayTestClient.open(url, headers));
  const publishOrder = (orderID: string, customerId = customer.id) =>
    app.server.ctx.events.publish('gatewayTestOrder', { orderID, customerId });

  beforeAll(async () => {
    app = await createTestApp({
      plugins: [...allPlugins, kitchen],
      // Fan-out in chunks of two sockets, so that an event to a few sockets already spans several turns of the loop.
      gateway: {
        heartbeatIntervalMs: HEARTBEAT_MS,
        identifyTimeoutMs: 300,
        onlineUsersIntervalMs: 50,
        maxBufferedBytes: 256 * 1024,
        fanoutChunk: 2,
      },
    });
    url = await app.server.app.listen({ host: '127.0.0.1', port: 0 });
    chef = await app.createUser({ username: 'chef', rankPermissions: ['MANAGE_ORDERS'] });
    customer = await app.createUser({ username: 'customer' });
    owner = await app.createUser({ username: 'owner', permissions: ['SUPER_ADMIN'] });
    manager = await app.createUser({ username: 'manager', rankPermissions: ['MANAGE_USERS'], rankPosition: 5000 });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => app.close());

  it('answers a plain GET /gateway (no upgrade) with a 400 in the error shape', async () => {
    const res = await fetch(`${url}/gateway`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The live gateway is a WebSocket: connect with an Upgrade request.',
    });
  });

  it('refuses a WebSocket upgrade to any other path with a 404 in the error shape, and closes the connection', async () => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/client/settings?x=1`);
    const response = await new Promise<{ status: number; body: string; closed: Promise<unknown> }>(
      (resolve, reject) => {
        socket.on('unexpected-response', (_request, res) => {
          const closed = new Promise((closes) => res.socket.once('close', closes));
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, closed }));
        });
        socket.on('open', () => reject(new Error('the upgrade was accepted')));
      },
    );
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET /api/client/settings not found',
    });
    await response.closed;
    // And plain HTTP on the same path is untouched.
    expect((await fetch(`${url}/api/client/settings`)).status).toBe(200);
  });

  describe('identify', () => {
    it('answers op 1 with the user and the heartbeat interval', async () => {
      const client = await identified(customer.token);
      expect(client.messages[0]).toEqual({
        op: OP.IDENTIFIED,
        data: { user: { id: customer.id }, heartbeatInterval: HEARTBEAT_MS },
      });
    });

    it('closes INVALID_TOKEN for an unknown or malformed token', async () => {
      for (const token of ['x'.repeat(43), 'not a token', '']) {
        const client = await opened();
        client.send({ op: OP.IDENTIFY, data: { token } });
        expect((await client.closed).code).toBe(CLOSE.INVALID_TOKEN);
      }
    });

    it('takes the session cookie (token null) only when the upgrade comes from the site itself', async () => {
      const cookie = `${SESSION_COOKIE}=${customer.token}`;
      const same = await identified(null, { cookie, origin: app.config.publicUrl });
      expect(same.messages[0]?.data).toMatchObject({ user: { id: customer.id } });

      const refused: Record<string, string>[] = [
        { cookie, origin: 'https://evil.example' },
        { cookie },
        { cookie, origin: app.config.publicUrl, 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of refused) {
        const client = await opened(headers);
        client.send({ op: OP.IDENTIFY, data: { token: null } });
        expect((await client.closed).code).toBe(CLOSE.INVALID_TOKEN);
      }
      // No token and no cookie.
      const bare = await opened({ origin: app.config.publicUrl });
      bare.send({ op: OP.IDENTIFY, data: {} });
      expect((await bare.closed).code).toBe(CLOSE.INVALID_TOKEN);
    });

    it('refuses a banned user with a close the client never retries (1005)', async () => {
      const banned = await app.createUser({ ban: { reason: 'Trolling', expires: null } });
      const client = await opened();
      client.send({ op: OP.IDENTIFY, data: { token: banned.token } });
      expect((await client.closed).code).toBe(CLOSE.SESSION_ENDED);
      expect(client.messages).toEqual([]);
    });

    it('closes IDENTIFY_TIMEOUT when nobody identifies in time', async () => {
      const client = await opened();
      const closed = await client.closed;
      expect(closed.code).toBe(CLOSE.IDENTIFY_TIMEOUT);
      expect(closed.at).toBeGreaterThanOrEqual(250);
    });

    it('closes INVALID_MESSAGE for what is not the protocol', async () => {
      for (const message of [
        'not json',
        '[1]',
        '{"op":4}',
        '{"op":"0"}',
        '{"op":0,"data":{"token":5}}',
        Buffer.from([1, 2, 3]),
      ]) {
        const client = await opened();
        if (Buffer.isBuffer(message)) client.socket.send(message, { binary: true });
        else client.send(message);
        expect((await client.closed).code, String(message)).toBe(CLOSE.INVALID_MESSAGE);
      }
      const oversized = await opened();
      oversized.send({ op: OP.HEARTBEAT, data: 'x'.repeat(5000) });
      expect((await oversized.closed).code).toBe(1009);
      const twice = await identified(customer.token);
      twice.send({ op: OP.IDENTIFY, data: { token: customer.token } });
      expect((await twice.closed).code).toBe(CLOSE.INVALID_MESSAGE);
    });
  });

  describe('heartbeats', () => {
    it('acknowledges each heartbeat and keeps the socket open while they come', async () => {
      const client = await identified(customer.token, {}, { heartbeat: false });
      for (let i = 0; i < 4; i++) {
        const ack = client.next((m) => m.op === OP.HEARTBEAT_ACK);
        client.send({ op: OP.HEARTBEAT });
        expect(await ack).toEqual({ op: OP.HEARTBEAT_ACK });
        await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS));
      }
      expect(client.socket.readyState).toBe(client.socket.OPEN);
    });

    it('closes HEARTBEAT_TIMEOUT after two missed heartbeats', async () => {
      const client = await identified(customer.token, {}, { heartbeat: false });
      const closed = await client.closed;
      expect(closed.code).toBe(CLOSE.HEARTBEAT_TIMEOUT);
      expect(closed.at).toBeGreaterThanOrEqual(2 * HEARTBEAT_MS);
      expect(closed.at).toBeLessThan(3 * HEARTBEAT_MS + 1500);
    });
  });

  describe('audiences', () => {
    it('sends permission events to users with the bits (SUPER_ADMIN too) and user events to that user only', async () => {
      const [chefSocket, chefSecondTab, customerSocket, ownerSocket] = await Promise.all([
        identified(chef.token),
        identified(chef.token),
        identified(customer.token),
        identified(owner.token),
      ]);
      publishOrder('A1B2');
      for (const client of [chefSocket, chefSecondTab, ownerSocket]) {
        expect(await client.event('testOrderSent')).toEqual({
          op: OP.EVENT,
          t: 'testOrderSent',
          data: { order: { orderID: 'A1B2' } },
        });
      }
      expect(await customerSocket.event('testOrderUpdated')).toMatchObject({ data: { order: { orderID: 'A1B2' } } });
      // Per-socket order is preserved: a later marker arriving proves the earlier event was not sent.
      app.server.gateway.dispatch({ t: 'testMarker', data: { marker: true }, to: { userId: customer.id } });
      await customerSocket.next((m) => (m.data as { marker?: boolean } | undefined)?.marker === true);
      expect(customerSocket.events('testOrderSent')).toEqual([]);
      expect(chefSocket.events('testOrderUpdated')).toEqual([]);
    });

    it('answers the publishing request before it writes a single socket of the fan-out', async () => {
      const sockets = await Promise.all([
        identified(chef.token),
        identified(chef.token),
        identified(owner.token),
        identified(customer.token),
      ]);
      // Socket frames naming this test's order are the server's (the test clients' own frames never name one).
      const original = WebSocket.prototype.send;
      const spy = vi.spyOn(WebSocket.prototype, 'send').mockImplementation(function (
        this: WebSocket,
        ...args: Parameters<WebSocket['send']>
      ) {
        if (String(args[0]).includes('REPLYFIRST')) written.push('socket');
        return original.apply(this, args);
      });
      try {
        written.length = 0;
        const res = await fetch(`${url}/api/gateway-test/publish`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ orderID: 'REPLYFIRST', customerId: customer.id }),
        });
        expect(res.status).toBe(200);
        for (const client of sockets)
          await client.next(
            (m) => (m.data as { order?: { orderID: string } } | undefined)?.order?.orderID === 'REPLYFIRST',
          );
        // Three MANAGE_ORDERS sockets (two tabs and the super admin) get orderSent, the customer orderUpdated.
        expect(written).toEqual(['reply REPLYFIRST', 'socket', 'socket', 'socket', 'socket']);
      } finally {
        spy.mockRestore();
      }
    });

    it("keeps each socket's events in the order they were published, across fan-out chunks", async () => {
      const [tab1, tab2, admin, buyer] = await Promise.all([
        identified(chef.token),
        identified(chef.token),
        identified(owner.token),
        identified(customer.token),
      ]);
      const ids = Array.from({ length: 30 }, (_, i) => `SEQ${i}`);
      // Published back to back in one turn: 30 events × 3 kitchen sockets and 30 to the customer, two sockets a chunk.
      for (const id of ids) publishOrder(id);
      app.server.ctx.events.publish('sessionRevoked', { userId: customer.id, sessionId: hashToken(customer.token) });
      const orderIds = (client: GatewayTestClient, t: string) =>
        client
          .events(t)
          .map((m) => (m.data as { order: { orderID: string } }).order.orderID)
          .filter((id) => id.startsWith('SEQ'));
      for (const client of [tab1, tab2, admin]) {
        await client.next(
          (m) => m.t === 'testOrderSent' && (m.data as { order: { orderID: string } }).order.orderID === 'SEQ29',
        );
        expect(orderIds(client, 'testOrderSent')).toEqual(ids);
      }
      // The session's end comes after the events dispatched to it before: all 30 arrive, then the close.
      expect((await buyer.closed).code).toBe(CLOSE.SESSION_ENDED);
      expect(orderIds(buyer, 'testOrderUpdated')).toEqual(ids);
    });

    it('stops order events to a user demoted while connected', async () => {
      const demoted = await app.createUser({
        username: 'demoted',
        rankPermissions: ['MANAGE_ORDERS'],
        rankPosition: 10,
      });
      const client = await identified(demoted.token);
      publishOrder('BEFORE');
      await client.event('testOrderSent');

      const res = await app.inject({
        method: 'POST',
        url: `/api/client/admin/users/${demoted.id}/remove-staff`,
        headers: manager.auth,
        payload: { reason: 'Inactive' },
      });
      expect(res.statusCode).toBe(204);
      // Each round: an order event the chef receives, then a marker to the demoted user; the marker arriving
      // without that round's order event before it proves they no longer get it.
      let round = 0;
      await waitFor(async () => {
        const probe = await identified(chef.token);
        const orderID = `PROBE${++round}`;
        publishOrder(orderID);
        await probe.next(
          (m) => m.t === 'testOrderSent' && (m.data as { order: { orderID: string } }).order.orderID === orderID,
        );
        app.server.gateway.dispatch({ t: 'testMarker', data: { marker: orderID }, to: { userId: demoted.id } });
        await client.next((m) => (m.data as { marker?: string } | undefined)?.marker === orderID);
        return !client
          .events('testOrderSent')
          .some((m) => (m.data as { order: { orderID: string } }).order.orderID === orderID);
      });
      expect(client.socket.readyState).toBe(client.socket.OPEN);
    });
  });

  it('cuts off a socket that stops reading once its backlog passes the limit, and goes on serving the others', async () => {
    const [stuck, reader] = await Promise.all([identified(chef.token), identified(owner.token)]);
    // The client stops reading: the kernel's buffers fill first, then the server's.
    (stuck.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
    const big = 'x'.repeat(64 * 1024);
    for (let i = 0; i < 400 && app.server.gateway.stats.sockets > 1; i++) {
      app.server.gateway.dispatch({
        t: 'testOrderUpdated',
        data: { big },
        to: { permissions: PERMISSIONS.MANAGE_ORDERS },
      });
      await new Promise((resolve) => setImmediate(resolve));
    }
    (stuck.socket as unknown as { _socket: { resume(): void } })._socket.resume();
    expect((await stuck.closed).code).toBe(1006);
    app.server.gateway.dispatch({
      t: 'testOrderSent',
      data: { marker: 'after' },
      to: { permissions: PERMISSIONS.MANAGE_ORDERS },
    });
    await reader.next((m) => (m.data as { marker?: string } | undefined)?.marker === 'after');
  });

  describe('onlineUsers', () => {
    it('goes to SUPER_ADMIN sockets only: the list on identify, then each change', async () => {
      const admin = await identified(owner.token);
      const first = await admin.event('onlineUsers');
      expect(first.data).toMatchObject({
        users: expect.arrayContaining([expect.objectContaining({ id: owner.id, username: 'owner', connections: 1 })]),
      });

      const plain = await identified(customer.token);
      const update = await admin.next(
        (m) => m.t === 'onlineUsers' && (m.data as { users: { id: string }[] }).users.some((u) => u.id === customer.id),
      );
      const entry = (
        update.data as {
          users: { id: string; since: string; connections: number; displayName: unknown; avatar: unknown }[];
        }
      ).users.find((u) => u.id === customer.id)!;
      expect(entry).toEqual({
        id: customer.id,
        username: 'customer',
        displayName: null,
        avatar: null,
        connections: 1,
        since: expect.any(String),
      });
      expect(new Date(entry.since).getTime()).toBeGreaterThan(Date.now() - 5000);

      plain.close();
      await admin.next(
        (m) =>
          m.t === 'onlineUsers' && !(m.data as { users: { id: string }[] }).users.some((u) => u.id === customer.id),
      );
      expect(plain.events('onlineUsers')).toEqual([]);
    });
  });

  describe('onlineUsers across processes', () => {
    it('lists the users other processes announce, answers a newcomer with its own, and forgets a process that stops', async () => {
      const announced: { node: string; users: { id: string }[]; hello?: boolean }[] = [];
      const unsubscribe = app.server.ctx.events.on('gatewayPresence', (presence) => void announced.push(presence));
      try {
        const admin = await identified(owner.token);
        await admin.event('onlineUsers');
        const since = new Date(Date.now() - 60_000).toISOString();
        const remoteUser = {
          id: '1100000000000000777',
          username: 'far.away',
          displayName: 'Far Away',
          avatar: null,
          connections: 2,
          since,
        };
        const ownerElsewhere = {
          id: owner.id,
          username: 'owner',
          displayName: null,
          avatar: null,
          connections: 1,
          since,
        };
        app.server.ctx.events.deliver('gatewayPresence', {
          node: 'other-process',
          users: [remoteUser, ownerElsewhere],
          hello: true,
        });

        const merged = await admin.next(
          (m) =>
            m.t === 'onlineUsers' && (m.data as { users: { id: string }[] }).users.some((u) => u.id === remoteUser.id),
        );
        const users = (merged.data as { users: { id: string; connections: number; since: string }[] }).users;
        expect(users.find((u) => u.id === remoteUser.id)).toEqual(remoteUser);
        // The same user on both processes: connections add up, the oldest since stays.
        expect(users.find((u) => u.id === owner.id)).toMatchObject({ connections: 2, since });
        // The newcomer said hello: this process answered with its own users.
        await waitFor(async () =>
          announced.some((p) => p.node !== 'other-process' && p.users.some((u) => u.id === owner.id)),
        );

        app.server.ctx.events.deliver('gatewayPresence', { node: 'other-process', users: [] });
        await admin.next(
          (m) =>
            m.t === 'onlineUsers' && !(m.data as { users: { id: string }[] }).users.some((u) => u.id === remoteUser.id),
        );
      } finally {
        unsubscribe();
      }
    });
  });

  describe('session end', () => {
    it("a logout closes that session's sockets within 1 s, with a close the client does not retry; other sessions stay", async () => {
      const other = await app.createUser({ username: 'two-devices' });
      const secondSession = await app.server.ctx.sessions.create(other.id);
      const [a, b, elsewhere] = await Promise.all([
        identified(other.token),
        identified(other.token),
        identified(secondSession.token),
      ]);
      const started = Date.now();
      const res = await app.inject({ method: 'DELETE', url: '/api/client/sessions', headers: other.auth });
      expect(res.statusCode).toBe(204);
      for (const client of [a, b]) expect((await client.closed).code).toBe(CLOSE.SESSION_ENDED);
      expect(Date.now() - started).toBeLessThan(1000);
      const ack = elsewhere.next((m) => m.op === OP.HEARTBEAT_ACK);
      elsewhere.send({ op: OP.HEARTBEAT });
      await ack;
    });

    it('a ban sends userBanned to every socket of the user, then closes them within 1 s', async () => {
      const target = await app.createUser({ username: 'to-ban' });
      const [one, two] = await Promise.all([identified(target.token), identified(target.token)]);
      const started = Date.now();
      const res = await app.inject({
        method: 'POST',
        url: `/api/client/admin/users/${target.id}/ban`,
        headers: manager.auth,
        payload: { reason: 'Trolling', expires: null },
      });
      expect(res.statusCode).toBe(200);
      for (const client of [one, two]) {
        expect((await client.closed).code).toBe(CLOSE.SESSION_ENDED);
        expect(client.events('userBanned')).toEqual([
          { op: OP.EVENT, t: 'userBanned', data: { userID: target.id, reason: 'Trolling', expires: null } },
        ]);
        expect(client.messages.at(-1)?.t).toBe('userBanned');
      }
      expect(Date.now() - started).toBeLessThan(1000);
    });

    it('a full re-read (identityChanged for everyone) closes sockets whose session is gone, as after a missed revocation', async () => {
      const user = await app.createUser({ username: 'missed-revocation' });
      const kept = await app.server.ctx.sessions.create(user.id);
      const [gone, stays] = await Promise.all([identified(user.token), identified(kept.token)]);
      await app.db.orm.em.fork().nativeDelete(SessionSchema, { id: hashToken(user.token) });
      app.server.ctx.events.publish('identityChanged', {});
      expect((await gone.closed).code).toBe(CLOSE.SESSION_ENDED);
      app.server.gateway.dispatch({ t: 'testMarker', data: { marker: 'kept' }, to: { userId: user.id } });
      await stays.next((m) => (m.data as { marker?: string } | undefined)?.marker === 'kept');
    });

    it('a ban found by a re-read (identityChanged alone) also sends userBanned and closes', async () => {
      const target = await app.createUser({ username: 'banned-elsewhere' });
      const client = await identified(target.token);
      await app.db.orm.em
        .fork()
        .nativeUpdate(UserSchema, { id: target.id }, { ban: { active: true, reason: 'Elsewhere', expires: null } });
      app.server.ctx.events.publish('identityChanged', { userId: target.id });
      expect((await client.closed).code).toBe(CLOSE.SESSION_ENDED);
      expect(client.events('userBanned')).toMatchObject([{ data: { userID: target.id, reason: 'Elsewhere' } }]);
    });
  });
});

/**
 * Polls an async condition (each try is a full round trip) until it holds or 10 s pass: on a loaded 2-core machine
 * (CI beside other work) a few rounds of identify, publish and read took more than 3 s.
 */
async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('condition not met within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('live gateway shutdown', () => {
  it('tells every socket, identified or not, to come back later (1001: the client reconnects)', async () => {
    const app = await createTestApp();
    const url = await app.server.app.listen({ host: '127.0.0.1', port: 0 });
    const user = await app.createUser();
    const identified = await GatewayTestClient.identified(url, user.token);
    const waiting = await GatewayTestClient.open(url);
    await app.close();
    for (const client of [identified, waiting]) expect((await client.closed).code).toBe(CLOSE.GOING_AWAY);
  });
});
