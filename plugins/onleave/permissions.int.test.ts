import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../core/shared/permissions.ts';
import { expectMatrixRow, staffCallers } from '../../tests/support/permission-matrix.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { addDays } from './schemas.ts';

type Who = 'anonymous' | 'customer' | 'banned' | 'chef' | 'manager' | 'superAdmin';
const CHEF: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS', 'SUBMIT_ON_LEAVE_REQUEST'];
const MANAGER: Permission[] = [...CHEF, 'MANAGE_ON_LEAVE_REQUESTS'];
const TODAY = '2026-11-25';

const OWN = { anonymous: 401, customer: 403, banned: 403, chef: 200, manager: 200, superAdmin: 200 };
const MANAGERS = { anonymous: 401, customer: 403, banned: 403, chef: 403, manager: 200, superAdmin: 200 };

/** Every onleave endpoint against every kind of caller (the banned caller holds the manager's permissions). */
describe('onleave API permission matrix', () => {
  let app: TestApp;
  let position = 1;
  let days = 0;

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' }, now: () => Date.parse(`${TODAY}T12:00:00Z`) });
  });
  afterAll(() => app?.close());

  const callers = staffCallers(() => app, { chef: CHEF, manager: MANAGER });

  const member = () => app.createUser({ rankPermissions: CHEF, rankPosition: position++ });
  /** A fresh pending request of `user`, on days no other request of theirs uses. */
  async function pending(user: TestUser): Promise<string> {
    const from = addDays(TODAY, (days++ % 80) + 1);
    const answer = await app.inject({
      method: 'POST',
      url: '/api/client/onleave/requests',
      headers: user.auth,
      payload: { request: { from, until: from, reason: 'A day off.' } },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().request._id;
  }
  const body = () => ({ request: { from: addDays(TODAY, 85), until: addDays(TODAY, 86), reason: 'A day off.' } });

  const rows: {
    name: string;
    request: (who: Who, user: TestUser | undefined) => Promise<InjectOptions>;
    expect: Record<Who, number>;
  }[] = [
    {
      name: 'POST /api/client/onleave/requests',
      request: async () => ({ method: 'POST', url: '/api/client/onleave/requests', payload: body() }),
      expect: OWN,
    },
    {
      name: 'POST /api/client/onleave/requests/{userId}',
      request: async () => ({
        method: 'POST',
        url: `/api/client/onleave/requests/${(await member()).id}`,
        payload: body(),
      }),
      expect: MANAGERS,
    },
    {
      name: 'DELETE /api/client/onleave/requests/{id} (their own)',
      request: async (who, user) => {
        const owner = who === 'chef' || who === 'manager' || who === 'superAdmin' ? user! : await member();
        return { method: 'DELETE', url: `/api/client/onleave/requests/${await pending(owner)}` };
      },
      expect: OWN,
    },
    {
      name: 'DELETE /api/client/onleave/requests/{id} (someone else’s)',
      request: async () => ({ method: 'DELETE', url: `/api/client/onleave/requests/${await pending(await member())}` }),
      expect: { ...MANAGERS, chef: 404 },
    },
    {
      name: 'GET /api/client/onleave/requests',
      request: async () => ({ method: 'GET', url: '/api/client/onleave/requests?status=PENDING' }),
      expect: OWN,
    },
    {
      name: 'GET /api/client/onleave/requests?user= (someone else)',
      request: async () => ({ method: 'GET', url: `/api/client/onleave/requests?user=${(await member()).id}` }),
      expect: MANAGERS,
    },
    {
      name: 'POST /api/client/onleave/requests/{id}/update-status',
      request: async () => ({
        method: 'POST',
        url: `/api/client/onleave/requests/${await pending(await member())}/update-status`,
        payload: { status: 'DENIED', note: 'Not now.' },
      }),
      expect: MANAGERS,
    },
  ];

  for (const row of rows) {
    it(row.name, async () => {
      await expectMatrixRow(app, callers, row);
    });
  }
});
