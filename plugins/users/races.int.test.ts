import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../core/shared/permissions.ts';
import { createRank } from '../../tests/support/ranks.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { rankHistoryIn } from '../ranks/index.ts';
import { BlacklistSchema } from './entities.ts';
import type { RankHistoryView } from './schemas.ts';

/**
 * Read, decide, write under concurrency: every case fires its calls at once (Promise.all of inject calls). PGlite
 * runs one transaction at a time and passes these even without locks; on PostgreSQL (TEST_DATABASE_URL) they race
 * for real, and only a row lock or a conditional write gives one winner and a consistent history.
 */
const MANAGER: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS', 'MANAGE_USERS'];

describe('user manager writes under concurrency', () => {
  let app: TestApp;
  let manager: TestUser;
  let admin: TestUser;
  const ranks: string[] = [];
  let events: { event: string; payload: unknown }[];

  beforeAll(async () => {
    app = await createTestApp();
    manager = await app.createUser({ rankPermissions: MANAGER, rankPosition: 500 });
    admin = await app.createUser({ permissions: ['SUPER_ADMIN'] });
    for (let i = 0; i < 6; i++)
      ranks.push(await createRank(app, { name: `Race ${i}`, position: 10 + i, permissions: 1 }));
    events = [];
    for (const event of [
      'userBanned',
      'userUnbanned',
      'userRanksChanged',
      'userBlacklisted',
      'sessionRevoked',
    ] as const) {
      app.server.ctx.events.on(event, (payload) => void events.push({ event, payload }));
    }
  });
  afterAll(() => app?.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser, payload?: object) =>
    app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
  const held = async (id: string): Promise<string[]> =>
    (await app.inject({ method: 'GET', url: `/api/v3/users/${id}` })).json().user.ranks;
  /** Oldest first. */
  const history = async (id: string): Promise<RankHistoryView[]> =>
    (
      (await call('GET', `/api/client/users/${id}/rank-history`, manager)).json().history as RankHistoryView[]
    ).reverse();

  function expectChained(entries: RankHistoryView[], start: string[], end: string[]): void {
    const sorted = (list: string[]) => [...list].sort();
    let previous = start;
    for (const entry of entries) {
      expect(sorted(entry.ranksBefore), 'each entry starts where the previous one ended').toEqual(sorted(previous));
      previous = entry.ranksAfter;
    }
    expect(sorted(previous), 'the last entry ends with the ranks held').toEqual(sorted(end));
  }

  it('update-rank: two different changes at once serialize; the user holds the last one, not the union', async () => {
    for (let trial = 0; trial < 10; trial++) {
      const target = await app.createUser();
      const url = `/api/client/admin/users/${target.id}/update-rank`;
      const answers = await Promise.all([
        call('PATCH', url, manager, { ranks: [ranks[0]] }),
        call('PATCH', url, manager, { ranks: [ranks[1]] }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const now = await held(target.id);
      expect(answers.map((a) => a.json().ranks)).toContainEqual(now);
      expect(now).toHaveLength(1);
      expectChained(await history(target.id), [], now);
    }
  });

  it('update-rank: three identical changes at once all succeed, with no duplicate key', async () => {
    const target = await app.createUser();
    const url = `/api/client/admin/users/${target.id}/update-rank`;
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => call('PATCH', url, manager, { ranks: [ranks[2], ranks[3]] })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect((await held(target.id)).sort()).toEqual([ranks[2], ranks[3]].sort());
  });

  it('update-rank: in a 20-way race the rank history chains and ends with the ranks held', async () => {
    const target = await app.createUser();
    const url = `/api/client/admin/users/${target.id}/update-rank`;
    const lists = Array.from({ length: 20 }, (_, i) => ranks.filter((_, r) => (i >> r) % 2 === 1 || r === i % 6));
    const answers = await Promise.all(lists.map((list) => call('PATCH', url, manager, { ranks: list })));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const entries = await history(target.id);
    expect(entries).toHaveLength(20);
    expectChained(entries, [], await held(target.id));
  });

  it('remove-staff: of ten at once one removes (one history entry, one event), the others find no staff left', async () => {
    const target = await app.createUser();
    await call('PATCH', `/api/client/admin/users/${target.id}/update-rank`, manager, {
      ranks: [ranks[4]],
      logToRankHistory: false,
    });
    events.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', `/api/client/admin/users/${target.id}/remove-staff`, manager, { reason: 'Inactive' }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, ...Array(9).fill(409)]);
    expect(await rankHistoryIn(app.db.orm.em.fork(), target.id, 1000)).toHaveLength(1);
    expect(events.filter((e) => e.event === 'userRanksChanged')).toHaveLength(1);
  });

  it('unban: of ten at once one lifts the ban (one event), the others are told the user is not banned', async () => {
    const target = await app.createUser({ ban: { reason: 'Spam' } });
    events.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('DELETE', `/api/client/admin/users/${target.id}/ban`, manager)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, ...Array(9).fill(404)]);
    expect(events.filter((e) => e.event === 'userUnbanned')).toHaveLength(1);
  });

  it('update-ban racing unban: a change answered 200 is a change to a ban that still holds', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const target = await app.createUser({ ban: { reason: 'Spam' } });
      const url = `/api/client/admin/users/${target.id}/ban`;
      const [update, unban] = await Promise.all([
        call('PATCH', url, manager, { reason: 'Changed' }),
        call('DELETE', url, manager),
      ]);
      expect(unban.statusCode).toBe(204);
      const after = (await call('GET', url, manager)).json().ban;
      // Either the change came first (then the unban lifted it) or it found no ban: never a 200 about a lifted ban.
      expect(after).toBeNull();
      if (update.statusCode === 200) expect(update.json().ban).toMatchObject({ active: true, reason: 'Changed' });
      else expect(update.statusCode).toBe(404);
      const row = await app.db.orm.em
        .fork()
        .getConnection()
        .execute<{ ban_reason: string | null }[]>('select ban_reason from users where id = ?', [target.id]);
      expect(row[0]!.ban_reason, 'a lifted ban keeps no reason').toBeNull();
    }
  });

  it('blacklist: the first listing, sent ten times at once, is one row and ten answers of 200', async () => {
    const target = await app.createUser();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('POST', `/api/client/admin/blacklist/${target.id}`, manager, {
          data: { active: true, reason: `Troll ${i}` },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await app.db.orm.em.fork().count(BlacklistSchema, { user: target.id })).toBe(1);
  });

  it('resign: of five at once one resigns (one history entry), the others hold no rank', async () => {
    const resignable = await createRank(app, { name: 'Resignable', position: 30, permissions: 1, canResign: true });
    const target = await app.createUser();
    await call('PATCH', `/api/client/admin/users/${target.id}/update-rank`, admin, {
      ranks: [resignable],
      logToRankHistory: false,
    });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        app.inject({ method: 'POST', url: '/api/client/recruitment/resign', headers: target.auth }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 409, 409, 409, 409]);
    expect(await rankHistoryIn(app.db.orm.em.fork(), target.id, 1000)).toHaveLength(1);
  });

  it('sign-out: one session ended five times at once is revoked once', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const target = await app.createUser();
      events.length = 0;
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          app.inject({ method: 'DELETE', url: '/api/client/sessions', headers: target.auth }),
        ),
      );
      // 401 for a call that came after the session was gone; 204 for those that found it signed in.
      expect(answers.every((a) => a.statusCode === 204 || a.statusCode === 401)).toBe(true);
      expect(events.filter((e) => e.event === 'sessionRevoked')).toHaveLength(1);
    }
  });

  it('first sign-in: the same new Discord user written five times at once is one user, no error', async () => {
    const users = appServices(app.server.ctx).users.users;
    const id = '1234567890123456781';
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        users.upsertFromDiscord({ id, username: `newcomer${i}`, global_name: null, avatar: null }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(5).fill('fulfilled'));
    expect((await app.inject({ method: 'GET', url: `/api/v3/users/${id}` })).statusCode).toBe(200);
  });
});
