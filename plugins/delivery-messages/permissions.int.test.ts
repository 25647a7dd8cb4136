import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../core/shared/permissions.ts';
import { type Callers, expectMatrixRow, staffCallers } from '../../tests/support/permission-matrix.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';

type Who = 'anonymous' | 'customer' | 'perkOnly' | 'banned' | 'chef' | 'manager' | 'superAdmin';
const CHEF: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS'];
const MANAGER: Permission[] = [...CHEF, 'MANAGE_USERS'];

/** The sidebar's rule: MANAGE_ORDERS, or the perk DELIVERY_MESSAGE_BETA alone (§6: ALL permissions OR ALL perks). */
const DIRECTORY = {
  anonymous: 401,
  customer: 403,
  perkOnly: 200,
  banned: 403,
  chef: 200,
  manager: 200,
  superAdmin: 200,
};

/** Every delivery-messages endpoint against every kind of caller (the banned caller holds the manager's permissions). */
describe('delivery-messages API permission matrix', () => {
  let app: TestApp;
  let author: TestUser;
  let n = 0;

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' } });
    author = await app.createUser({ rankPermissions: CHEF });
  });
  afterAll(() => app?.close());

  const callers: Callers<Who> = {
    ...staffCallers(() => app, { chef: CHEF, manager: MANAGER }),
    perkOnly: () => app.createUser({ perks: ['DELIVERY_MESSAGE_BETA'] }),
  };

  /** A fresh message by `owner`: its slug. */
  async function message(owner: TestUser): Promise<string> {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/client/delivery-messages',
      headers: owner.auth,
      payload: { title: `Matrix message ${n++}`, message: 'Here you go, {customer}!' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().deliveryMessage.slug;
  }
  const own = (who: Who, user: TestUser | undefined) =>
    user && (who === 'chef' || who === 'perkOnly') ? user : author;

  const rows: {
    name: string;
    request: (who: Who, user: TestUser | undefined) => Promise<InjectOptions>;
    expect: Record<Who, number>;
  }[] = [
    {
      name: 'GET /api/client/delivery-messages',
      request: async () => ({ method: 'GET', url: '/api/client/delivery-messages?query=go' }),
      expect: DIRECTORY,
    },
    {
      name: 'POST /api/client/delivery-messages',
      request: async () => ({
        method: 'POST',
        url: '/api/client/delivery-messages',
        payload: { title: 'A new one', message: 'Hi {customer}' },
      }),
      expect: { ...DIRECTORY, perkOnly: 201, chef: 201, manager: 201, superAdmin: 201 },
    },
    {
      name: 'GET /api/client/delivery-messages/{slug}',
      request: async () => ({ method: 'GET', url: `/api/client/delivery-messages/${await message(author)}` }),
      expect: DIRECTORY,
    },
    {
      name: 'PATCH /api/client/delivery-messages/{slug} (their own)',
      request: async (who, user) => ({
        method: 'PATCH',
        url: `/api/client/delivery-messages/${await message(own(who, user))}`,
        payload: { title: 'Renamed' },
      }),
      expect: DIRECTORY,
    },
    {
      name: 'PATCH /api/client/delivery-messages/{slug} (someone else’s)',
      request: async () => ({
        method: 'PATCH',
        url: `/api/client/delivery-messages/${await message(author)}`,
        payload: { title: 'Renamed' },
      }),
      expect: { ...DIRECTORY, perkOnly: 403, chef: 403 },
    },
    {
      name: 'DELETE /api/client/delivery-messages/{slug} (their own)',
      request: async (who, user) => ({
        method: 'DELETE',
        url: `/api/client/delivery-messages/${await message(own(who, user))}`,
      }),
      expect: { ...DIRECTORY, perkOnly: 204, chef: 204, manager: 204, superAdmin: 204 },
    },
    {
      name: 'DELETE /api/client/delivery-messages/{slug} (someone else’s)',
      request: async () => ({ method: 'DELETE', url: `/api/client/delivery-messages/${await message(author)}` }),
      expect: { ...DIRECTORY, perkOnly: 403, chef: 403, manager: 204, superAdmin: 204 },
    },
    {
      name: 'PATCH /api/client/users/{own id}/premade-messages {slug}',
      request: async (_who, user) => ({
        method: 'PATCH',
        url: `/api/client/users/${user?.id ?? author.id}/premade-messages`,
        payload: { deliveryMessage: await message(author) },
      }),
      // The route's guard is the user themself (or a user manager); taking a message from the directory needs its rule.
      expect: { ...DIRECTORY, anonymous: 401 },
    },
  ];

  for (const row of rows) {
    it(row.name, async () => {
      await expectMatrixRow(app, callers, row);
    });
  }
});
