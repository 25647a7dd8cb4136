import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Callers, expectMatrixRow } from '../../tests/support/permission-matrix.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { ADMIN, deliveredOrders, objectiveBody, STAFF } from './test-helpers.ts';

type Who = 'anonymous' | 'customer' | 'banned' | 'staff' | 'admin' | 'superAdmin';

const STAFF_OK = { anonymous: 401, customer: 403, banned: 403, staff: 200, admin: 200, superAdmin: 200 };
const ADMINS = { anonymous: 401, customer: 403, banned: 403, staff: 403, admin: 200, superAdmin: 200 };

/** Every objectives endpoint against every kind of caller (the banned caller holds the admin's permissions). */
describe('objectives API permission matrix', () => {
  let app: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' } });
    owner = await app.createUser({ permissions: ['SUPER_ADMIN'] });
  });
  afterAll(() => app?.close());

  const callers: Callers<Who> = {
    anonymous: async () => undefined,
    customer: () => app.createUser(),
    banned: () => app.createUser({ rankPermissions: ADMIN, ban: { reason: 'Troll orders' } }),
    staff: () => app.createUser({ rankPermissions: STAFF }),
    admin: () => app.createUser({ rankPermissions: ADMIN }),
    superAdmin: () => app.createUser({ rankPermissions: ['SUPER_ADMIN'] }),
  };

  async function objective(body: Record<string, unknown> = {}): Promise<string> {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/client/objectives/',
      headers: owner.auth,
      payload: objectiveBody(body),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().objective._id;
  }
  /** A claimed CUSTOM objective of a fresh member: its claim's id. */
  async function customClaim(): Promise<string> {
    const member = await app.createUser({ rankPermissions: STAFF });
    await deliveredOrders(app, 1, { driver: member.id });
    const id = await objective({
      scope: 'user',
      userId: member.id,
      target: 1,
      reward: { type: 'CUSTOM', text: 'A diner apron' },
    });
    const answer = await app.inject({
      method: 'POST',
      url: `/api/client/objectives/claim/${id}`,
      headers: member.auth,
    });
    return answer.json().claim._id;
  }

  const rows: {
    name: string;
    request: (who: Who, user: TestUser | undefined) => Promise<InjectOptions>;
    expect: Record<Who, number>;
  }[] = [
    {
      name: 'GET /api/client/objectives?global=true',
      request: async () => ({ method: 'GET', url: '/api/client/objectives?global=true' }),
      expect: STAFF_OK,
    },
    {
      name: 'GET /api/client/objectives (every objective)',
      request: async () => ({ method: 'GET', url: '/api/client/objectives' }),
      expect: ADMINS,
    },
    {
      name: 'POST /api/client/objectives/',
      request: async () => ({ method: 'POST', url: '/api/client/objectives/', payload: objectiveBody() }),
      expect: ADMINS,
    },
    {
      name: 'GET /api/client/objectives/audience',
      request: async () => ({ method: 'GET', url: '/api/client/objectives/audience?scope=global' }),
      expect: ADMINS,
    },
    {
      name: 'GET /api/client/objectives/claims',
      request: async () => ({ method: 'GET', url: '/api/client/objectives/claims?pending=true' }),
      expect: ADMINS,
    },
    {
      name: 'POST /api/client/objectives/claims/{id}/fulfil',
      request: async () => ({ method: 'POST', url: `/api/client/objectives/claims/${await customClaim()}/fulfil` }),
      expect: ADMINS,
    },
    {
      name: 'GET /api/client/objectives/user/{userId} (their own)',
      request: async (_who, user) => ({ method: 'GET', url: `/api/client/objectives/user/${user?.id ?? owner.id}` }),
      expect: STAFF_OK,
    },
    {
      name: 'GET /api/client/objectives/user/{userId} (someone else’s)',
      request: async () => ({ method: 'GET', url: `/api/client/objectives/user/${owner.id}` }),
      expect: ADMINS,
    },
    {
      name: 'GET /api/client/objectives/claimed/{id} (their own)',
      request: async (_who, user) => ({ method: 'GET', url: `/api/client/objectives/claimed/${user?.id ?? owner.id}` }),
      expect: { ...STAFF_OK, customer: 200 },
    },
    {
      name: 'GET /api/client/objectives/claimed/{id} (someone else’s)',
      request: async () => ({ method: 'GET', url: `/api/client/objectives/claimed/${owner.id}` }),
      expect: ADMINS,
    },
    {
      name: 'POST /api/client/objectives/claim/{id} (complete, theirs)',
      request: async (_who, user) => {
        if (user) await deliveredOrders(app, 1, { driver: user.id });
        return {
          method: 'POST',
          url: `/api/client/objectives/claim/${await objective({ scope: 'user', userId: user?.id ?? owner.id, target: 1 })}`,
        };
      },
      expect: STAFF_OK,
    },
    {
      name: 'GET /api/client/objectives/{id} (a global one)',
      request: async () => ({ method: 'GET', url: `/api/client/objectives/${await objective()}` }),
      expect: STAFF_OK,
    },
    {
      name: 'DELETE /api/client/objectives/{id}',
      request: async () => ({ method: 'DELETE', url: `/api/client/objectives/${await objective()}` }),
      expect: ADMINS,
    },
  ];

  for (const row of rows) {
    it(row.name, async () => {
      await expectMatrixRow(app, callers, row);
    });
  }
});
