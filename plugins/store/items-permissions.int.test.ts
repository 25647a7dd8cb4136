import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../core/ids.ts';
import { type Callers, expectMatrixRow } from '../../tests/support/permission-matrix.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import type { StorePlugin } from './index.ts';

type Who = 'anonymous' | 'customer' | 'banned' | 'chef' | 'settings' | 'superAdmin';

const PUBLIC = { anonymous: 200, customer: 200, banned: 200, chef: 200, settings: 200, superAdmin: 200 };
const SIGNED_IN = { anonymous: 401, customer: 200, banned: 403, chef: 200, settings: 200, superAdmin: 200 };
const MANAGERS = { anonymous: 401, customer: 403, banned: 403, chef: 403, settings: 200, superAdmin: 200 };

/** Every store items endpoint against every kind of caller (the banned caller holds MANAGE_SETTINGS). */
describe('store items API permission matrix', () => {
  let app: TestApp;
  let store: StorePlugin;
  let friend: TestUser;

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0', STORE_SWEEP_INTERVAL_MS: '0' } });
    store = appServices(app.server.ctx).store;
    friend = await app.createUser({ username: 'matrix.friend' });
  });
  afterAll(() => app?.close());

  const callers: Callers<Who> = {
    anonymous: async () => undefined,
    customer: () => app.createUser({ permissions: [] }),
    banned: () => app.createUser({ permissions: ['MANAGE_SETTINGS'], ban: { reason: 'Troll orders' } }),
    chef: () => app.createUser({ permissions: ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS'] }),
    settings: () => app.createUser({ permissions: ['MANAGE_SETTINGS'] }),
    superAdmin: () => app.createUser({ permissions: ['SUPER_ADMIN'] }),
  };

  const actor = { id: '1', username: 'setup', displayName: null };
  const item = async (grant: { kind: 'custom' } = { kind: 'custom' }) =>
    (
      await store.items.create(actor, {
        name: 'Thing',
        description: '',
        picture: null,
        price: 10,
        grant,
        stock: 100,
        perUserLimit: null,
        onSale: true,
      })
    ).id;
  const awaiting = async () => {
    const buyer = await app.createUser();
    await store.coins.credit({ userId: buyer.id, amount: 10, kind: 'ADMIN', reference: `t:${newId()}` });
    return (await store.purchases.purchase({ id: buyer.id, username: 'buyer' }, { id: await item() })).purchased.id;
  };

  const rows: {
    name: string;
    request: (user: TestUser | undefined) => Promise<InjectOptions>;
    expect: Record<Who, number>;
  }[] = [
    {
      name: 'GET /api/client/store/items',
      request: async () => ({ method: 'GET', url: '/api/client/store/items' }),
      expect: PUBLIC,
    },
    {
      name: 'POST /api/client/store/items/purchase',
      request: async (user) => {
        if (user) await store.coins.credit({ userId: user.id, amount: 10, kind: 'ADMIN', reference: `t:${newId()}` });
        return { method: 'POST', url: '/api/client/store/items/purchase', payload: { id: await item() } };
      },
      expect: SIGNED_IN,
    },
    {
      name: 'GET /api/client/store/recipient',
      request: async () => ({ method: 'GET', url: '/api/client/store/recipient?query=matrix.friend' }),
      expect: SIGNED_IN,
    },
    {
      name: 'GET /api/client/store/items/all',
      request: async () => ({ method: 'GET', url: '/api/client/store/items/all' }),
      expect: MANAGERS,
    },
    {
      name: 'POST /api/client/store/items',
      request: async () => ({
        method: 'POST',
        url: '/api/client/store/items',
        payload: { name: 'New', price: 5, grant: { kind: 'custom' } },
      }),
      expect: { ...MANAGERS, settings: 201, superAdmin: 201 },
    },
    {
      name: 'PATCH /api/client/store/items/{id}',
      request: async () => ({
        method: 'PATCH',
        url: `/api/client/store/items/${await item()}`,
        payload: { price: 20 },
      }),
      expect: MANAGERS,
    },
    {
      name: 'POST /api/client/store/items/{id}/restock',
      request: async () => ({
        method: 'POST',
        url: `/api/client/store/items/${await item()}/restock`,
        payload: { add: 5 },
      }),
      expect: MANAGERS,
    },
    {
      name: 'DELETE /api/client/store/items/{id}',
      request: async () => ({ method: 'DELETE', url: `/api/client/store/items/${await item()}` }),
      expect: { ...MANAGERS, settings: 204, superAdmin: 204 },
    },
    {
      name: 'GET /api/client/store/items/purchases',
      request: async () => ({ method: 'GET', url: '/api/client/store/items/purchases?status=awaiting' }),
      expect: MANAGERS,
    },
    {
      name: 'POST /api/client/store/items/purchases/{id}/fulfil',
      request: async () => ({ method: 'POST', url: `/api/client/store/items/purchases/${await awaiting()}/fulfil` }),
      expect: MANAGERS,
    },
  ];

  for (const row of rows) {
    it(row.name, async () => {
      expect(friend.id).toBeTruthy();
      await expectMatrixRow(app, callers, { ...row, request: (_who, user) => row.request(user) });
    });
  }
});
