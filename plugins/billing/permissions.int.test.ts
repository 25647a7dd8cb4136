import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Permission } from '../../core/shared/permissions.ts';
import { type Callers, expectMatrixRow } from '../../tests/support/permission-matrix.ts';
import type { TestUser } from '../../tests/support/test-app.ts';
import { type BillingTestApp, startBillingTestApp } from './testing.ts';

type Who = 'anonymous' | 'customer' | 'banned' | 'chef' | 'superAdmin';
const CHEF: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS'];

const EVERYONE = { anonymous: 200, customer: 200, banned: 200, chef: 200, superAdmin: 200 };
const SIGNED_IN = { anonymous: 401, customer: 200, banned: 403, chef: 200, superAdmin: 200 };

/** Every billing endpoint against every kind of caller. A banned user may read the plans, not subscribe. */
describe('billing API permission matrix', () => {
  let t: BillingTestApp;
  const users = {} as Record<Exclude<Who, 'anonymous'>, TestUser>;

  beforeAll(async () => {
    t = await startBillingTestApp();
    users.customer = await t.app.createUser();
    users.banned = await t.app.createUser({ ban: { reason: 'Troll orders' } });
    users.chef = await t.app.createUser({ rankPermissions: CHEF });
    users.superAdmin = await t.app.createUser({ permissions: ['SUPER_ADMIN'] });
  });
  afterAll(() => t?.close());

  const callers: Callers<Who> = {
    anonymous: async () => undefined,
    customer: async () => users.customer,
    banned: async () => users.banned,
    chef: async () => users.chef,
    superAdmin: async () => users.superAdmin,
  };

  const rows: { name: string; request: InjectOptions; expect: Record<Who, number> }[] = [
    {
      name: 'GET /api/client/stripe/subscriptions',
      request: { method: 'GET', url: '/api/client/stripe/subscriptions' },
      expect: EVERYONE,
    },
    // Each caller's first Subscribe makes their customer, which the portal row below needs.
    {
      name: 'POST /api/client/stripe/subscriptions/create',
      request: {
        method: 'POST',
        url: '/api/client/stripe/subscriptions/create',
        payload: { subscriptionID: 'supporter' },
      },
      expect: SIGNED_IN,
    },
    {
      name: 'GET /api/client/stripe/subscriptions/@me',
      request: { method: 'GET', url: '/api/client/stripe/subscriptions/@me' },
      expect: SIGNED_IN,
    },
    {
      name: 'GET /api/client/stripe/billing-portal-url',
      request: { method: 'GET', url: '/api/client/stripe/billing-portal-url' },
      expect: SIGNED_IN,
    },
    // Public (Stripe calls it); the signature is its guard: without one, 400 for anyone.
    {
      name: 'POST /api/stripe/webhook',
      request: {
        method: 'POST',
        url: '/api/stripe/webhook',
        payload: '{}',
        headers: { 'content-type': 'application/json' },
      },
      expect: { anonymous: 400, customer: 400, banned: 400, chef: 400, superAdmin: 400 },
    },
  ];

  for (const row of rows) {
    it(row.name, async () => {
      await expectMatrixRow(t.app, callers, { expect: row.expect, request: async () => row.request });
    });
  }
});
