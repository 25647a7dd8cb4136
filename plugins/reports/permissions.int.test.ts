import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../core/shared/permissions.ts';
import { type Callers, expectMatrixRow } from '../../tests/support/permission-matrix.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { deliveredOrder } from './test-support.ts';

/**
 * Every reports endpoint against every kind of caller. The feedback menu needs the perk FEEDBACK_BETA; the Report
 * Manager VIEW_BACKLOG and FEEDBACK_BETA, both (docs/reports.md): a customer with the perk alone (it is sold in the
 * store) and a manager without it get 403. The banned caller holds both.
 */
type Who = 'anonymous' | 'customer' | 'perkCustomer' | 'banned' | 'backlogOnly' | 'manager' | 'superAdmin';
const STAFF: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS'];
const MANAGER: Permission[] = [...STAFF, 'VIEW_BACKLOG'];
const NOW = Date.parse('2026-11-25T12:00:00Z');

const FEEDBACK = {
  anonymous: 401,
  customer: 403,
  perkCustomer: 200,
  banned: 403,
  backlogOnly: 403,
  manager: 200,
  superAdmin: 200,
};
const MANAGERS = {
  anonymous: 401,
  customer: 403,
  perkCustomer: 403,
  banned: 403,
  backlogOnly: 403,
  manager: 200,
  superAdmin: 200,
};

describe('reports API permission matrix', () => {
  let app: TestApp;
  let chef: TestUser;
  let position = 1;

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' }, now: () => NOW });
    chef = await app.createUser({ rankPermissions: STAFF, rankPosition: position++ });
  });
  afterAll(() => app?.close());

  const caller = (rankPermissions: Permission[], perks: string[], banned = false) =>
    app.createUser({
      rankPermissions,
      rankPosition: 5000 + position++,
      perks,
      ban: banned ? { reason: 'Troll orders' } : undefined,
    });
  const callers: Callers<Who> = {
    anonymous: async () => undefined,
    customer: () => app.createUser(),
    perkCustomer: () => app.createUser({ perks: ['FEEDBACK_BETA'] }),
    banned: () => caller(MANAGER, ['FEEDBACK_BETA'], true),
    backlogOnly: () => caller(MANAGER, []),
    manager: () => caller(MANAGER, ['FEEDBACK_BETA']),
    superAdmin: () => caller(['SUPER_ADMIN'], ['FEEDBACK_BETA']),
  };

  /** An open report on a fresh delivered order of a fresh customer (chef ranked below every caller). */
  async function report(): Promise<string> {
    const customer = await app.createUser({ perks: ['FEEDBACK_BETA'] });
    const { orderID } = await deliveredOrder(app, { customer: customer.id, chef: chef.id, driver: chef.id, now: NOW });
    const answer = await app.inject({
      method: 'POST',
      url: '/api/client/report/order',
      headers: customer.auth,
      payload: { orderID, category: 'OTHER', details: 'Something went wrong.' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().report._id;
  }

  const rows: {
    name: string;
    request: (user: TestUser | undefined) => Promise<InjectOptions>;
    expect: Record<Who, number>;
  }[] = [
    {
      name: 'POST /api/client/report/order/eligible',
      request: async () => ({
        method: 'POST',
        url: '/api/client/report/order/eligible',
        payload: { orderID: 'ZZZZZZ' },
      }),
      expect: FEEDBACK,
    },
    {
      name: 'POST /api/client/report/order (their own order)',
      request: async (user) => {
        const { orderID } = await deliveredOrder(app, {
          customer: user?.id ?? chef.id,
          chef: chef.id,
          driver: chef.id,
          now: NOW,
        });
        return {
          method: 'POST',
          url: '/api/client/report/order',
          payload: { orderID, category: 'WRONG_ITEM', details: 'Not what I ordered.' },
        };
      },
      expect: { ...FEEDBACK, perkCustomer: 201, manager: 201, superAdmin: 201 },
    },
    {
      name: 'POST /api/client/report/orders',
      request: async () => ({
        method: 'POST',
        url: '/api/client/report/orders',
        payload: { filter: { status: 'OPEN' } },
      }),
      expect: MANAGERS,
    },
    {
      name: 'GET /api/client/report/orders/{id}',
      request: async () => ({ method: 'GET', url: `/api/client/report/orders/${await report()}` }),
      expect: MANAGERS,
    },
    {
      name: 'POST /api/client/report/orders/{id}/warn',
      request: async () => ({
        method: 'POST',
        url: `/api/client/report/orders/${await report()}/warn`,
        payload: { target: 'chef', reason: 'Be careful.' },
      }),
      expect: MANAGERS,
    },
    {
      name: 'POST /api/client/report/orders/{id}/completed',
      request: async () => ({
        method: 'POST',
        url: `/api/client/report/orders/${await report()}/completed`,
        payload: { outcome: 'Sorted out.' },
      }),
      expect: MANAGERS,
    },
  ];

  for (const row of rows) {
    it(row.name, async () => {
      await expectMatrixRow(app, callers, { ...row, request: (_who, user) => row.request(user) });
    });
  }
});
