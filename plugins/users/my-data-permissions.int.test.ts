import { afterAll, beforeAll, describe, it } from 'vitest';
import { UserSchema } from '../../core/auth/entities.ts';
import type { Permission } from '../../core/shared/permissions.ts';
import { expectMatrixRow, type MatrixRow, staffCallers } from '../../tests/support/permission-matrix.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';

type Who = 'anonymous' | 'customer' | 'banned' | 'chef' | 'manager' | 'superAdmin';
const CHEF: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS'];
const MANAGER: Permission[] = [...CHEF, 'MANAGE_USERS'];

/**
 * Users own their data: any signed-in user, for themself only (the routes take no id), a banned one included (a ban
 * takes the diner away, not the right to see or delete what it holds); nobody anonymous.
 */
const ANYONE_SIGNED_IN = { anonymous: 401, banned: 200, customer: 200, chef: 200, manager: 200, superAdmin: 200 };

describe('my data API permission matrix', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  const callers = staffCallers(() => app, { chef: CHEF, manager: MANAGER });
  const usernameOf = async (id: string) =>
    (await app.db.orm.em.fork().findOneOrFail(UserSchema, { id }, { fields: ['username'] })).username;

  const rows: MatrixRow<Who>[] = [
    {
      name: 'GET /api/client/users/@me/export',
      request: async () => ({ method: 'GET', url: '/api/client/users/@me/export' }),
      expect: ANYONE_SIGNED_IN,
    },
    {
      name: 'DELETE /api/client/users/@me',
      request: async (_who, user) => ({
        method: 'DELETE',
        url: '/api/client/users/@me',
        payload: { username: user ? await usernameOf(user.id) : 'nobody' },
      }),
      expect: { ...ANYONE_SIGNED_IN, banned: 204, customer: 204, chef: 204, manager: 204, superAdmin: 204 },
    },
  ];

  for (const row of rows) {
    it(row.name, async () => {
      await expectMatrixRow(app, callers, row);
    });
  }
});
