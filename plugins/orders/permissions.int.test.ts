import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../core/shared/permissions.ts';
import { type Callers, expectMatrixRow } from '../../tests/support/permission-matrix.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import type { OrdersPlugin } from './index.ts';
import { multipart, PNG } from './test-helpers.ts';

type Who = 'anonymous' | 'user' | 'banned' | 'staff' | 'superAdmin';
const STAFF: Permission[] = ['MANAGE_ORDERS', 'VIEW_FOOD_LOOKUP'];

interface Row {
  name: string;
  /** The request this caller sends (setting up what the call needs first). */
  request: (who: Who, user: TestUser | undefined) => Promise<InjectOptions>;
  expect: Record<Who, number>;
}

const KITCHEN = { anonymous: 401, user: 403, banned: 403, staff: 200, superAdmin: 200 };
const PUBLIC = { anonymous: 200, user: 200, banned: 200, staff: 200, superAdmin: 200 };
const ADMIN = { anonymous: 401, user: 403, banned: 403, staff: 403, superAdmin: 200 };

/** Every orders endpoint against every kind of caller: the guard each route declares, proven. */
describe('orders API permission matrix', () => {
  let app: TestApp;
  let plugin: OrdersPlugin;
  let dataDir: string;
  let foodId: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vd-orders-'));
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0', ORDER_COOKING_TIME_S: '0', DATA_DIR: dataDir } });
    plugin = appServices(app.server.ctx).orders;
    foodId = (
      await plugin.foodLookup.create(
        { id: '1100000000000000005', username: 'owner', displayName: null },
        { name: 'Burger', keywords: ['burger'], images: ['/food/burger.svg'] },
      )
    ).id;
  });
  afterAll(async () => {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const callers: Callers<Who> = {
    anonymous: async () => undefined,
    user: () => app.createUser({ rankPermissions: [] }),
    banned: () => app.createUser({ rankPermissions: STAFF, ban: { reason: 'Troll orders' } }),
    staff: () => app.createUser({ rankPermissions: STAFF }),
    superAdmin: () => app.createUser({ rankPermissions: ['SUPER_ADMIN'] }),
  };

  async function order() {
    return plugin.orders.createOrder({ customerId: (await app.createUser()).id, item: 'Pancakes' });
  }
  let botOnly = 0;
  /** A fresh snowflake no user row has (one active order per customer, so one per call). */
  const botOnlyCustomer = () => `13000000000000${String(++botOnly).padStart(5, '0')}`;
  const acting = (who: Who) => who === 'staff' || who === 'superAdmin';
  async function claimed(who: Who, user: TestUser | undefined) {
    const o = await order();
    if (acting(who))
      await plugin.orders.claim(
        { id: user!.id, permissions: (await app.server.ctx.sessions.validate(user!.token))!.user.permissions },
        o.id,
      );
    return o;
  }
  async function ready(who: Who, user: TestUser | undefined) {
    const o = await claimed(who, user);
    if (acting(who)) {
      const actor = {
        id: user!.id,
        permissions: (await app.server.ctx.sessions.validate(user!.token))!.user.permissions,
      };
      await plugin.orders.prepare(actor, o.id, { images: ['https://example.com/a.png'], chefNote: null });
      await plugin.sweeper.sweep();
    }
    return o;
  }

  const rows: Row[] = [
    {
      name: 'GET /api/client/orders',
      request: async () => ({ method: 'GET', url: '/api/client/orders' }),
      expect: KITCHEN,
    },
    {
      name: 'GET /api/client/orders/{id}',
      request: async () => ({ method: 'GET', url: `/api/client/orders/${(await order()).orderID}` }),
      expect: KITCHEN,
    },
    {
      name: 'GET /api/client/orders/leaderboard',
      request: async () => ({ method: 'GET', url: '/api/client/orders/leaderboard?period=week' }),
      expect: PUBLIC,
    },
    {
      name: 'GET /api/client/orders/user/{id} (someone else)',
      request: async () => ({ method: 'GET', url: `/api/client/orders/user/${(await app.createUser()).id}` }),
      expect: KITCHEN,
    },
    {
      // Orders name customers by snowflake alone: one with orders and no user row still has a history to read.
      name: 'GET /api/client/orders/user/{id} (a customer known only by their orders)',
      request: async () => ({
        method: 'GET',
        url: `/api/client/orders/user/${(await plugin.orders.createOrder({ customerId: botOnlyCustomer(), item: 'Toast' })).orderedBy.id}`,
      }),
      expect: KITCHEN,
    },
    {
      name: 'GET /api/client/orders/user/{id} (themself)',
      request: async (_who, user) => ({
        method: 'GET',
        url: `/api/client/orders/user/${user?.id ?? '1100000000000000001'}`,
      }),
      expect: { anonymous: 401, user: 200, banned: 403, staff: 200, superAdmin: 200 },
    },
    {
      name: 'POST /api/client/orders/images/search',
      request: async () => ({ method: 'POST', url: '/api/client/orders/images/search', payload: { query: 'burger' } }),
      expect: KITCHEN,
    },
    {
      name: 'POST /api/client/orders/images/upload',
      request: async () => ({ method: 'POST', url: '/api/client/orders/images/upload', ...multipart('image', PNG) }),
      expect: { ...KITCHEN, staff: 201, superAdmin: 201 },
    },
    {
      name: 'GET /api/client/orders/food-lookup',
      request: async () => ({ method: 'GET', url: '/api/client/orders/food-lookup?query=burger' }),
      expect: KITCHEN,
    },
    {
      name: 'POST /api/client/orders/food-lookup',
      request: async () => ({ method: 'POST', url: '/api/client/orders/food-lookup', payload: { query: 'burger' } }),
      expect: KITCHEN,
    },
    {
      name: 'POST /api/client/orders/food-lookup/items',
      request: async () => ({
        method: 'POST',
        url: '/api/client/orders/food-lookup/items',
        payload: { name: 'Taco', images: ['https://example.com/taco.png'] },
      }),
      expect: { ...ADMIN, superAdmin: 201 },
    },
    {
      name: 'PATCH /api/client/orders/food-lookup/{id}',
      request: async () => ({
        method: 'PATCH',
        url: `/api/client/orders/food-lookup/${foodId}`,
        payload: { keywords: ['burger', 'beef'] },
      }),
      expect: ADMIN,
    },
    {
      name: 'DELETE /api/client/orders/food-lookup/{id}',
      request: async () => ({
        method: 'DELETE',
        url: `/api/client/orders/food-lookup/${(await plugin.foodLookup.create({ id: '1100000000000000005', username: 'owner', displayName: null }, { name: 'Gone', keywords: [], images: ['/food/fries.svg'] })).id}`,
      }),
      expect: ADMIN,
    },
    {
      name: 'POST /api/client/orders/{id}/claim',
      request: async () => ({ method: 'POST', url: `/api/client/orders/${(await order()).id}/claim` }),
      expect: KITCHEN,
    },
    {
      name: 'POST /api/client/orders/{id}/unclaim',
      request: async (who, user) => ({
        method: 'POST',
        url: `/api/client/orders/${(await claimed(who, user)).id}/unclaim`,
      }),
      expect: KITCHEN,
    },
    {
      name: 'POST /api/client/orders/{id}/prepare',
      request: async (who, user) => ({
        method: 'POST',
        url: `/api/client/orders/${(await claimed(who, user)).id}/prepare`,
        payload: { images: ['/uploads/abcdefghijklmnopqrst.png'], chefNote: 'ok' },
      }),
      expect: KITCHEN,
    },
    {
      name: 'POST /api/client/orders/{id}/deliver',
      request: async (who, user) => ({
        method: 'POST',
        url: `/api/client/orders/${(await ready(who, user)).id}/deliver`,
        payload: { report: false },
      }),
      expect: KITCHEN,
    },
    {
      name: 'DELETE /api/client/orders/{id}/delete',
      request: async () => ({
        method: 'DELETE',
        url: `/api/client/orders/${(await order()).id}/delete`,
        payload: { reason: 'Test' },
      }),
      expect: KITCHEN,
    },
    {
      name: 'GET /api/client/orders/delivery-queue',
      request: async () => ({ method: 'GET', url: '/api/client/orders/delivery-queue' }),
      expect: KITCHEN,
    },
    {
      name: 'POST /api/client/orders/delivery-queue/join',
      request: async () => ({ method: 'POST', url: '/api/client/orders/delivery-queue/join' }),
      expect: KITCHEN,
    },
    {
      name: 'DELETE /api/client/orders/delivery-queue/leave',
      request: async (who, user) => {
        if (acting(who)) await plugin.orders.joinQueue(user!.id);
        return { method: 'DELETE', url: '/api/client/orders/delivery-queue/leave' };
      },
      expect: KITCHEN,
    },
  ];

  for (const row of rows) {
    it(row.name, async () => {
      await expectMatrixRow(app, callers, row);
    });
  }

  it('a banned user is told why', async () => {
    const banned = await app.createUser({ rankPermissions: STAFF, ban: { reason: 'Troll orders' } });
    const answer = await app.inject({ method: 'GET', url: '/api/client/orders', headers: banned.auth });
    expect(answer.json().message).toContain('Troll orders');
  });
});
