import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSchema } from '../../core/auth/entities.ts';
import type { Permission } from '../../core/shared/permissions.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';

/**
 * A deletion under concurrency (docs/my-data.md): it takes the user's row lock, as every write about a user does
 * (manageableTarget), so it is serialised with a second deletion and with a manager's ban. PGlite runs one transaction
 * at a time; on PostgreSQL (TEST_DATABASE_URL) these race for real.
 */
const MANAGER: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS', 'MANAGE_USERS'];

describe('account deletion under concurrency', () => {
  let app: TestApp;
  let manager: TestUser;
  beforeAll(async () => {
    app = await createTestApp();
    manager = await app.createUser({ rankPermissions: MANAGER, rankPosition: 500 });
  });
  afterAll(() => app?.close());

  const usernameOf = async (id: string) =>
    (await app.db.orm.em.fork().findOneOrFail(UserSchema, { id }, { fields: ['username'] })).username;
  const remove = (user: TestUser, username: string) =>
    app.inject({ method: 'DELETE', url: '/api/client/users/@me', headers: user.auth, payload: { username } });
  const auditOf = (action: string) =>
    app.inject({
      method: 'GET',
      url: `/api/client/admin/audit-log?action=${action}&pageSize=100`,
      headers: admin.auth,
    });
  let admin: TestUser;

  it('two deletions at once from two sessions: one deletes (204), the other finds nobody (404), one audit entry', async () => {
    admin ??= await app.createUser({ permissions: ['SUPER_ADMIN'] });
    const before = (await auditOf('user.account.delete')).json().total as number;
    const user = await app.createUser();
    const second = {
      ...user,
      auth: { authorization: `Bearer ${(await app.server.ctx.sessions.create(user.id)).token}` },
    };
    const username = await usernameOf(user.id);
    const answers = await Promise.all([remove(user, username), remove(second, username)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 404]);
    expect(await app.db.orm.em.fork().count(UserSchema, { id: user.id })).toBe(0);
    expect((await auditOf('user.account.delete')).json().total).toBe(before + 1);
  });

  it('a ban and a deletion at once: either the ban lands first and survives the deletion, or it finds nobody', async () => {
    for (let i = 0; i < 5; i++) {
      const user = await app.createUser();
      const username = await usernameOf(user.id);
      const [ban, deletion] = await Promise.all([
        app.inject({
          method: 'POST',
          url: `/api/client/admin/users/${user.id}/ban`,
          headers: manager.auth,
          payload: { reason: 'Troll orders' },
        }),
        remove(user, username),
      ]);
      expect(deletion.statusCode).toBe(204);
      const row = await app.db.orm.em.fork().findOne(UserSchema, { id: user.id });
      if (ban.statusCode === 200) expect(row?.ban).toMatchObject({ active: true, reason: 'Troll orders' });
      else {
        expect(ban.statusCode).toBe(404);
        expect(row).toBeNull();
      }
    }
  });
});
