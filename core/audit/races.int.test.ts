import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import type { AuditEntryView } from './schemas.ts';

/**
 * The audit log under concurrency. PGlite runs one transaction at a time; on PostgreSQL (TEST_DATABASE_URL) these
 * writes race for real, and each entry's before must still be the after of the write that came first.
 */
describe('two admin writes at once: each entry starts where the previous one ended', () => {
  let app: TestApp;
  let owner: TestUser;
  let manager: TestUser;
  let settingsManager: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    [owner, manager, settingsManager] = await Promise.all([
      app.createUser({ permissions: ['SUPER_ADMIN'] }),
      app.createUser({ rankPermissions: ['VIEW_STAFF_DASHBOARD', 'MANAGE_USERS', 'MANAGE_ORDERS'], rankPosition: 500 }),
      app.createUser({ rankPermissions: ['VIEW_STAFF_DASHBOARD', 'MANAGE_SETTINGS'], rankPosition: 400 }),
    ]);
  });
  afterAll(() => app?.close());

  const send = (options: InjectOptions, user: TestUser) =>
    app.inject({ ...options, headers: { ...user.auth, ...options.headers } });
  /** The entries about `target`, oldest first. */
  async function chain(query: { target: string }): Promise<AuditEntryView[]> {
    const res = await send(
      { method: 'GET', url: `/api/client/admin/audit-log?${new URLSearchParams({ ...query, pageSize: '100' })}` },
      owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().entries as AuditEntryView[]).reverse();
  }

  it('settings: ten changes of one setting at once', async () => {
    const set = (label: string) =>
      send(
        {
          method: 'POST',
          url: '/api/client/settings/festiveMode',
          payload: { val: { enabled: true, countdownTo: null, countdownLabel: label } },
        },
        settingsManager,
      );
    expect((await set('start')).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => set(`label ${i}`)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const entries = (await chain({ target: 'festiveMode' })).slice(-10);
    let previous = 'start';
    for (const entry of entries) {
      expect(entry.before).toEqual({ countdownLabel: previous });
      previous = entry.after!.countdownLabel as string;
    }
    const held = (await app.inject({ method: 'GET', url: '/api/client/settings/festiveMode' })).json().setting
      .countdownLabel;
    expect(previous).toBe(held);
  });

  it("a user's flags: ten manager edits at once", async () => {
    const target = await app.createUser();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send({ method: 'PATCH', url: `/api/client/users/${target.id}`, payload: { flags: i + 1 } }, manager),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const entries = await chain({ target: target.id });
    expect(entries).toHaveLength(10);
    let previous = 0;
    for (const entry of entries) {
      expect(entry.before).toEqual({ flags: previous });
      previous = entry.after!.flags as number;
    }
    const [row] = await app.db.orm.em
      .fork()
      .getConnection()
      .execute<{ flags: number }[]>('select flags from users where id = ?', [target.id]);
    expect(row!.flags).toBe(previous);
  });
});
