import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Permission } from '../../core/shared/permissions.ts';
import { expectMatrixRow, staffCallers } from '../../tests/support/permission-matrix.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { SPONSOR_SIGNATURE_HEADER, signSponsorCallback } from './sponsor.ts';

type Who = 'anonymous' | 'customer' | 'banned' | 'chef' | 'manager' | 'superAdmin';
const CHEF: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS'];
const MANAGER: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_USERS'];
const SECRET = 'sponsor-secret-for-tests-0123456789';

const SIGNED_IN = { anonymous: 401, customer: 200, banned: 403, chef: 200, manager: 200, superAdmin: 200 };
const MANAGERS = { anonymous: 401, customer: 403, banned: 403, chef: 403, manager: 200, superAdmin: 200 };
const ANYONE = { anonymous: 200, customer: 200, banned: 200, chef: 200, manager: 200, superAdmin: 200 };

/** Every coins endpoint (hourly, wallets, adjustments, sponsors) against every kind of caller (the banned one holds the manager's permissions). */
describe('coins API permission matrix', () => {
  let app: TestApp;
  let position = 1;
  let payments = 0;

  beforeAll(async () => {
    app = await createTestApp({
      env: {
        ORDER_SWEEP_INTERVAL_MS: '0',
        AD_SITE_ID: '4242',
        AD_SCRIPT_URL: 'http://127.0.0.1:9/ads.js',
        AD_SPONSOR_SECRET: SECRET,
      },
    });
  });
  afterAll(() => app?.close());

  const callers = staffCallers(() => app, { chef: CHEF, manager: MANAGER });
  /** Each call from its own address: the purchase and hourly rate limits count per address too. */
  let calls = 0;
  const fromOwnAddress = (request: InjectOptions): InjectOptions => ({
    ...request,
    remoteAddress: `10.2.${Math.floor(++calls / 250)}.${calls % 250}`,
  });

  const member = () => app.createUser({ rankPosition: position++, rankPermissions: ['VIEW_STAFF_DASHBOARD'] });
  const store = () => appServices(app.server.ctx).store;

  const rows: {
    name: string;
    request: (user: TestUser | undefined) => Promise<InjectOptions>;
    expect: Record<Who, number>;
  }[] = [
    {
      name: 'POST /api/client/users/hourly',
      request: async () => ({ method: 'POST', url: '/api/client/users/hourly' }),
      expect: SIGNED_IN,
    },
    {
      name: 'GET /api/client/users/{id}/wallet (their own)',
      request: async (user) => ({ method: 'GET', url: `/api/client/users/${user?.id ?? (await member()).id}/wallet` }),
      expect: { ...SIGNED_IN, anonymous: 401 },
    },
    {
      name: 'GET /api/client/users/{id}/wallet (someone else’s)',
      request: async () => ({ method: 'GET', url: `/api/client/users/${(await member()).id}/wallet` }),
      expect: MANAGERS,
    },
    {
      name: 'POST /api/client/admin/users/{id}/coins',
      request: async () => ({
        method: 'POST',
        url: `/api/client/admin/users/${(await member()).id}/coins`,
        payload: { amount: 10, reason: 'Well done' },
      }),
      expect: MANAGERS,
    },
    {
      name: 'POST /api/client/npay/token',
      request: async () => ({ method: 'POST', url: '/api/client/npay/token' }),
      expect: SIGNED_IN,
    },
    {
      // The ad network's callback reads no session: its signature is its guard, whoever sends it.
      name: 'POST /api/npay/callback',
      request: async () => {
        const user = await app.createUser();
        const payload = JSON.stringify({
          token: store().sponsor.issue(user.id).token,
          paymentId: `pay_${++payments}`,
          productId: '29',
        });
        const signature = signSponsorCallback(SECRET, payload, Math.floor(Date.now() / 1000));
        return {
          method: 'POST',
          url: '/api/npay/callback',
          payload,
          headers: { 'content-type': 'application/json', [SPONSOR_SIGNATURE_HEADER]: signature },
        };
      },
      expect: ANYONE,
    },
  ];

  for (const row of rows) {
    it(row.name, async () => {
      await expectMatrixRow(app, callers, {
        ...row,
        request: async (_who, user) => fromOwnAddress(await row.request(user)),
      });
    });
  }
});
