import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../core/shared/permissions.ts';
import { expectMatrixRow, staffCallers } from '../../tests/support/permission-matrix.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { STAFF } from './test-helpers.ts';

type Who = 'anonymous' | 'customer' | 'banned' | 'chef' | 'manager' | 'superAdmin';
const CHEF: Permission[] = [...STAFF];
const MANAGER: Permission[] = [...CHEF, 'MANAGE_TEAMS'];

const PUBLIC = { anonymous: 200, customer: 200, banned: 200, chef: 200, manager: 200, superAdmin: 200 };
const SIGNED_IN = { anonymous: 401, customer: 200, banned: 403, chef: 200, manager: 200, superAdmin: 200 };
const MANAGERS = { anonymous: 401, customer: 403, banned: 403, chef: 403, manager: 200, superAdmin: 200 };
/** teamsEnabled off: 404 for everyone but MANAGE_TEAMS (the banned caller holds the manager's permissions). */
const HIDDEN = { anonymous: 404, customer: 404, banned: 200, chef: 404, manager: 200, superAdmin: 200 };
const HIDDEN_SIGNED_IN = { anonymous: 401, customer: 404, banned: 403, chef: 404, manager: 200, superAdmin: 200 };
/** A customer's own join and leave: every staff caller holds a rank, and staff are placed by the team managers (403). */
const CUSTOMERS = { anonymous: 401, customer: 200, banned: 403, chef: 403, manager: 403, superAdmin: 403 };
const HIDDEN_CUSTOMERS = { anonymous: 401, customer: 404, banned: 403, chef: 404, manager: 403, superAdmin: 403 };

/** Every teams endpoint against every kind of caller, with teamsEnabled on and off. */
describe('teams API permission matrix', () => {
  let app: TestApp;
  let owner: TestUser;
  let n = 0;

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' } });
    owner = await app.createUser({ permissions: ['SUPER_ADMIN'] });
  });
  afterAll(() => app?.close());

  const callers = staffCallers(() => app, { chef: CHEF, manager: MANAGER });

  const setEnabled = async (val: boolean) =>
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/client/settings/teamsEnabled',
          headers: owner.auth,
          payload: { val },
        })
      ).statusCode,
    ).toBe(200);
  async function team(): Promise<string> {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/client/teams',
      headers: owner.auth,
      payload: { name: `Matrix ${++n}`, icon: '🍕' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().team._id;
  }
  const member = () => app.createUser({ rankPermissions: CHEF });

  const rows: {
    name: string;
    request: (who: Who, user: TestUser | undefined) => Promise<InjectOptions>;
    expect: Record<Who, number>;
    off?: Record<Who, number>;
  }[] = [
    {
      name: 'GET /api/client/teams',
      request: async () => ({ method: 'GET', url: '/api/client/teams' }),
      expect: PUBLIC,
      off: HIDDEN,
    },
    {
      name: 'POST /api/client/teams/{teamID}/join',
      request: async () => ({ method: 'POST', url: `/api/client/teams/${await team()}/join` }),
      expect: CUSTOMERS,
      off: HIDDEN_CUSTOMERS,
    },
    {
      name: 'POST /api/client/teams/{teamID}/leave',
      // The caller is in the team first (a manager's move), so that leaving it is what they may or may not do.
      request: async (_who, user) => {
        const id = await team();
        if (user)
          await app.inject({
            method: 'PATCH',
            url: '/api/client/teams/update-user-team',
            headers: owner.auth,
            payload: { userID: user.id, teamID: id },
          });
        return { method: 'POST', url: `/api/client/teams/${id}/leave` };
      },
      expect: CUSTOMERS,
      off: HIDDEN_CUSTOMERS,
    },
    {
      name: 'POST /api/client/teams/{teamID}',
      request: async () => ({ method: 'POST', url: `/api/client/teams/${await team()}` }),
      expect: PUBLIC,
      off: HIDDEN,
    },
    {
      name: 'GET /api/client/users/team',
      request: async () => ({ method: 'GET', url: '/api/client/users/team' }),
      expect: SIGNED_IN,
      off: HIDDEN_SIGNED_IN,
    },
    {
      name: 'POST /api/client/teams',
      request: async () => ({
        method: 'POST',
        url: '/api/client/teams',
        payload: { name: `Created ${++n}`, icon: '🌮' },
      }),
      expect: { ...MANAGERS, manager: 201, superAdmin: 201 },
    },
    {
      name: 'POST /api/client/teams/reset-orders/{id}',
      request: async () => ({ method: 'POST', url: `/api/client/teams/reset-orders/${await team()}` }),
      expect: MANAGERS,
    },
    {
      name: 'POST /api/client/teams/bulk-update-teams',
      request: async () => ({
        method: 'POST',
        url: '/api/client/teams/bulk-update-teams',
        payload: { mode: 'move', moves: [{ userID: (await member()).id, teamID: await team() }] },
      }),
      expect: MANAGERS,
    },
    {
      name: 'PATCH /api/client/teams/{id}',
      request: async () => ({
        method: 'PATCH',
        url: `/api/client/teams/${await team()}`,
        payload: { description: 'Edited.' },
      }),
      expect: MANAGERS,
    },
    {
      name: 'DELETE /api/client/teams/{id}',
      request: async () => ({ method: 'DELETE', url: `/api/client/teams/${await team()}` }),
      expect: MANAGERS,
    },
    {
      name: 'PATCH /api/client/teams/update-user-team',
      request: async () => ({
        method: 'PATCH',
        url: '/api/client/teams/update-user-team',
        payload: { userID: (await member()).id, teamID: await team() },
      }),
      expect: MANAGERS,
    },
  ];

  for (const enabled of [true, false]) {
    for (const row of rows) {
      it(`${row.name} (teamsEnabled ${enabled ? 'on' : 'off'})`, async () => {
        await setEnabled(enabled);
        await expectMatrixRow(app, callers, {
          request: row.request,
          expect: enabled ? row.expect : (row.off ?? row.expect),
        });
      });
    }
  }
});
