import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSchema } from '../../core/auth/entities.ts';
import type { Permission } from '../../core/shared/permissions.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { AppealSchema, AppealVoteSchema } from './entities.ts';

/**
 * Deciding votes at once. PGlite runs one transaction at a time; on PostgreSQL (TEST_DATABASE_URL) these race for
 * real, and only the appeal's row lock around tally and decision gives exactly one decision and one unban.
 */
const MANAGER: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_APPEALS'];
const answers = {
  whyBanned: 'I placed a few joke orders in the kitchen.',
  whyLift: 'I will only order real food from now on.',
};

describe('appeal votes under concurrency', () => {
  let app: TestApp;
  const managers: TestUser[] = [];
  let events: { event: string; payload: unknown }[];

  beforeAll(async () => {
    app = await createTestApp();
    for (let i = 0; i < 12; i++) managers.push(await app.createUser({ rankPermissions: MANAGER }));
    events = [];
    for (const event of ['notice', 'userUnbanned'] as const)
      app.server.ctx.events.on(event, (payload) => void events.push({ event, payload }));
  });
  afterAll(() => app?.close());

  const vote = (id: string, user: TestUser, vote: 'accept' | 'deny') =>
    app.inject({
      method: 'POST',
      url: `/api/client/appeal/${id}/vote`,
      headers: user.auth,
      payload: { vote, reason: 'Deserves it' },
    });

  it('10 managers casting the deciding vote at once: one decision, one unban, one notice', async () => {
    for (let trial = 0; trial < 3; trial++) {
      const blake = await app.createUser({ ban: { reason: 'Troll orders' } });
      const { id } = (
        await app.inject({ method: 'POST', url: '/api/client/appeal', headers: blake.auth, payload: answers })
      ).json().appeal;
      // Two accepts already: any third accept decides.
      for (const m of managers.slice(0, 2)) expect((await vote(id, m, 'accept')).json().completed).toBe(false);
      events.length = 0;
      const answersAtOnce = await Promise.all(managers.slice(2).map((m) => vote(id, m, 'accept')));
      const statuses = answersAtOnce.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([200, ...Array(9).fill(409)]);
      expect(answersAtOnce.find((a) => a.statusCode === 200)!.json()).toEqual({ completed: true });
      const em = app.db.orm.em.fork();
      expect(await em.count(AppealVoteSchema, { appeal: id })).toBe(3);
      expect((await em.findOneOrFail(AppealSchema, { id })).status).toBe('accepted');
      expect((await em.findOneOrFail(UserSchema, { id: blake.id })).ban.active).toBe(false);
      expect(events.filter((e) => e.event === 'userUnbanned')).toHaveLength(1);
      expect(events.filter((e) => e.event === 'notice')).toHaveLength(1);
      const removals = await em
        .getConnection()
        .execute<{ n: string }[]>(
          `select count(*) as n from audit_log where action = 'user.ban.remove' and target_id = ?`,
          [blake.id],
        );
      expect(Number(removals[0]!.n)).toBe(1);
    }
  });

  it('a split 10-way race (accepts and denies at once) ends in one consistent decision', async () => {
    const blake = await app.createUser({ ban: { reason: 'Troll orders' } });
    const { id } = (
      await app.inject({ method: 'POST', url: '/api/client/appeal', headers: blake.auth, payload: answers })
    ).json().appeal;
    events.length = 0;
    const results = await Promise.all(managers.slice(0, 10).map((m, i) => vote(id, m, i % 2 ? 'accept' : 'deny')));
    expect(results.filter((r) => r.statusCode === 200 && r.json().completed)).toHaveLength(1);
    const em = app.db.orm.em.fork();
    const appeal = await em.findOneOrFail(AppealSchema, { id });
    const votes = await em.find(AppealVoteSchema, { appeal: id });
    const winning = appeal.status === 'accepted' ? 'accept' : 'deny';
    // The decision is the side that reached 3 first; no vote was counted after it.
    expect(votes.filter((v) => v.vote === winning)).toHaveLength(3);
    expect(votes.filter((v) => v.vote !== winning).length).toBeLessThan(3);
    expect(events.filter((e) => e.event === 'notice')).toHaveLength(1);
    expect(events.filter((e) => e.event === 'userUnbanned')).toHaveLength(appeal.status === 'accepted' ? 1 : 0);
  });

  it('the same banned user filing 10 times at once gets one appeal', async () => {
    const blake = await app.createUser({ ban: { reason: 'Troll orders' } });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.inject({ method: 'POST', url: '/api/client/appeal', headers: blake.auth, payload: answers }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(await app.db.orm.em.fork().count(AppealSchema, { user: blake.id })).toBe(1);
  });
});
