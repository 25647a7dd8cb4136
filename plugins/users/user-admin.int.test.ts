import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../core/shared/permissions.ts';
import { createRank } from '../../tests/support/ranks.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { rankHistoryIn } from '../ranks/index.ts';

const STAFF: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS'];
const MANAGER: Permission[] = [...STAFF, 'MANAGE_USERS'];

describe('user manager API', () => {
  let app: TestApp;
  const u: Record<string, TestUser> = {};
  let events: { event: string; payload: unknown }[];

  beforeAll(async () => {
    app = await createTestApp();
    u.customer = await app.createUser({ username: 'casey_customer' });
    u.chef = await app.createUser({ username: 'charlie_chef', rankPermissions: STAFF, rankPosition: 10 });
    u.staffNoPerm = await app.createUser({ username: 'sandy_staff', rankPermissions: STAFF, rankPosition: 15 });
    u.manager = await app.createUser({ username: 'morgan_manager', rankPermissions: MANAGER, rankPosition: 60 });
    u.director = await app.createUser({
      username: 'dee_director',
      rankPermissions: [...MANAGER, 'MANAGE_RANKS'],
      rankPosition: 80,
    });
    u.admin = await app.createUser({ username: 'sam_admin', permissions: ['SUPER_ADMIN'] });
    u.banned = await app.createUser({
      username: 'blake_banned',
      rankPermissions: MANAGER,
      rankPosition: 55,
      ban: { reason: 'Abuse', expires: null },
    });
    events = [];
    for (const event of ['userBanned', 'userUnbanned', 'userRanksChanged', 'notice'] as const) {
      app.server.ctx.events.on(event, (payload) => void events.push({ event, payload }));
    }
  });
  afterAll(() => app.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user?: TestUser, payload?: object) =>
    app.inject({ method, url, headers: user?.auth, payload });

  describe('who may call it', () => {
    const endpoints = [
      ['POST', '/api/client/admin/users', { filter: {} }],
      ['GET', '/api/client/admin/users/{chef}/ban', undefined],
      ['POST', '/api/client/admin/users/{chef}/remove-staff', { reason: 'x' }],
      ['PATCH', '/api/client/admin/users/{chef}/update-rank', { ranks: [] }],
    ] as const;
    it.each([
      ['anonymous', undefined, 401],
      ['a customer', 'customer', 403],
      ['staff without MANAGE_USERS', 'staffNoPerm', 403],
      ['a banned manager', 'banned', 403],
    ] as const)('%s (%s) gets %i everywhere', async (_who, user, status) => {
      for (const [method, url, body] of endpoints) {
        const res = await call(method, url.replace('{chef}', u.chef!.id), user ? u[user] : undefined, body);
        expect(res.statusCode, `${method} ${url}`).toBe(status);
      }
    });

    it('a manager and a super admin may search', async () => {
      for (const who of ['manager', 'admin']) {
        expect((await call('POST', '/api/client/admin/users', u[who], { filter: {} })).statusCode).toBe(200);
      }
    });
  });

  describe('search', () => {
    it('finds by part of a username, by exact ID, and counts all matches across pages', async () => {
      const byName = await call('POST', '/api/client/admin/users', u.manager, { filter: { search: 'CHEF' } });
      expect(byName.json().users.map((x: { username: string }) => x.username)).toEqual(['charlie_chef']);
      const byId = await call('POST', '/api/client/admin/users', u.manager, { filter: { search: u.director!.id } });
      expect(byId.json().users.map((x: { id: string }) => x.id)).toEqual([u.director!.id]);
      const page = await call('POST', '/api/client/admin/users', u.manager, {
        filter: { pageSize: 2, page: 2, sort: 'username', order: 'asc' },
      });
      expect(page.json().totalUsers).toBe(7);
      expect(page.json().users.map((x: { username: string }) => x.username)).toEqual(['charlie_chef', 'dee_director']);
    });

    it('treats % and _ in the search as text', async () => {
      const res = await call('POST', '/api/client/admin/users', u.manager, { filter: { search: '%' } });
      expect(res.json().totalUsers).toBe(0);
    });

    it('filters staff, banned and by rank', async () => {
      const names = async (filter: object) =>
        (
          await call('POST', '/api/client/admin/users', u.manager, {
            filter: { ...filter, sort: 'username', order: 'asc' },
          })
        )
          .json()
          .users.map((x: { username: string }) => x.username);
      expect(await names({ staff: false })).toEqual(['casey_customer', 'sam_admin']);
      expect(await names({ banned: true })).toEqual(['blake_banned']);
      expect(await names({ banned: false, staff: true })).toEqual([
        'charlie_chef',
        'dee_director',
        'morgan_manager',
        'sandy_staff',
      ]);
      const chefRank = (await call('GET', `/api/v3/users/${u.chef!.id}`)).json().user.rank;
      expect(await names({ rank: chefRank })).toEqual(['charlie_chef']);
    });

    it('refuses a bad filter with 400', async () => {
      for (const filter of [{ pageSize: 1000 }, { sort: 'password' }, { staff: 'yes' }, { unknown: 1 }]) {
        expect((await call('POST', '/api/client/admin/users', u.manager, { filter })).statusCode).toBe(400);
      }
    });
  });

  describe('bans', () => {
    it('bans, shows, changes and lifts a ban; the user is locked out meanwhile; events follow each write', async () => {
      const target = await app.createUser({ username: 'troll' });
      const url = `/api/client/admin/users/${target.id}/ban`;
      expect((await call('GET', url, u.manager)).json()).toEqual({ ban: null });
      // Signed in and active first, so the session is in the server's memory when the ban lands.
      expect((await call('GET', '/api/v3/users/@me', target)).statusCode).toBe(200);
      const expires = new Date(Date.now() + 7 * 86_400_000).toISOString();
      const created = await call('POST', url, u.manager, { reason: 'Troll orders', expires });
      expect(created.statusCode).toBe(200);
      expect(created.json().ban).toMatchObject({
        active: true,
        reason: 'Troll orders',
        expires,
        createdBy: u.manager!.id,
      });
      expect((await call('GET', '/api/v3/users/@me', target)).statusCode).toBe(403);
      expect(events.at(-1)).toEqual({
        event: 'userBanned',
        payload: { userId: target.id, reason: 'Troll orders', expires },
      });

      const changed = await call('PATCH', url, u.manager, { expires: null });
      expect(changed.json().ban).toMatchObject({ reason: 'Troll orders', expires: null });
      expect((await call('GET', url, u.manager)).json().ban.expires).toBeNull();

      expect((await call('DELETE', url, u.manager, { silent: true })).statusCode).toBe(204);
      // Silent: nobody tells the user.
      expect(events.at(-1)).toEqual({ event: 'userUnbanned', payload: { userId: target.id, silent: true } });
      expect((await call('GET', '/api/v3/users/@me', target)).statusCode).toBe(200);
      expect((await call('DELETE', url, u.manager)).statusCode).toBe(404);
    });

    it('an unban that is not silent tells the user by a notice', async () => {
      const target = await app.createUser({ ban: { reason: 'Spam' } });
      expect(
        (await call('DELETE', `/api/client/admin/users/${target.id}/ban`, u.manager, { silent: false })).statusCode,
      ).toBe(204);
      expect(events.slice(-2)).toEqual([
        { event: 'userUnbanned', payload: { userId: target.id, silent: false } },
        {
          event: 'notice',
          payload: {
            userId: target.id,
            ref: expect.stringMatching(/^unban:\d{16,}$/),
            kind: 'ban.lifted',
            text: 'Your ban has been lifted.',
            texts: expect.objectContaining({ fr: 'Votre bannissement a été levé.' }),
            link: '/',
          },
        },
      ]);
    });

    it('refuses an expiry in the past, a missing reason, and nothing to change', async () => {
      const target = await app.createUser();
      const url = `/api/client/admin/users/${target.id}/ban`;
      expect((await call('POST', url, u.manager, { reason: 'x', expires: '2000-01-01T00:00:00Z' })).statusCode).toBe(
        400,
      );
      expect((await call('POST', url, u.manager, { reason: '  ' })).statusCode).toBe(400);
      await call('POST', url, u.manager, { reason: 'x' });
      expect((await call('PATCH', url, u.manager, {})).json().message).toBe('Nothing to change');
    });

    it('never lets a manager ban themself or someone ranked at or above them; a super admin may', async () => {
      expect(
        (await call('POST', `/api/client/admin/users/${u.manager!.id}/ban`, u.manager, { reason: 'x' })).statusCode,
      ).toBe(403);
      expect(
        (await call('POST', `/api/client/admin/users/${u.director!.id}/ban`, u.manager, { reason: 'x' })).statusCode,
      ).toBe(403);
      expect((await call('GET', '/api/v3/users/@me', u.director)).statusCode).toBe(200);
      expect(
        (await call('POST', `/api/client/admin/users/${u.director!.id}/ban`, u.admin, { reason: 'x' })).statusCode,
      ).toBe(200);
      expect((await call('DELETE', `/api/client/admin/users/${u.director!.id}/ban`, u.admin)).statusCode).toBe(204);
    });

    it('404 for an unknown user, 400 for a malformed ID', async () => {
      expect(
        (await call('POST', '/api/client/admin/users/1234567890123456789/ban', u.manager, { reason: 'x' })).statusCode,
      ).toBe(404);
      const bad = await call('GET', '/api/client/admin/users/abc/ban', u.manager);
      expect(bad.json()).toMatchObject({ statusCode: 400, message: 'User ID is not a snowflake' });
    });
  });

  describe('ranks', () => {
    const rank = (name: string, position: number, permissions = 0) => createRank(app, { name, position, permissions });

    it('replaces the ranks, writes the history, announces; the user sees it in their rank history', async () => {
      const trainee = await rank('Trainee', 5, 1);
      const target = await app.createUser();
      const res = await call('PATCH', `/api/client/admin/users/${target.id}/update-rank`, u.manager, {
        ranks: [trainee],
        announce: true,
      });
      expect(res.json()).toEqual({ ranks: [trainee] });
      // Announced: with an id of its own (the Discord channel post claims it), and the member is told, in words.
      const announcementId = (events.at(-2)?.payload as { announcementId?: string } | undefined)?.announcementId;
      expect(announcementId).toMatch(/^\d{16,}$/);
      expect(events.at(-2)).toEqual({
        event: 'userRanksChanged',
        payload: { userId: target.id, ranks: [trainee], announce: true, announcementId },
      });
      expect(events.at(-1)).toEqual({
        event: 'notice',
        payload: {
          userId: target.id,
          ref: `ranks:${announcementId}`,
          kind: 'ranks.changed',
          text: 'Your ranks are now Trainee.',
          texts: expect.objectContaining({ de: 'Deine Ränge sind jetzt: Trainee.' }),
          link: '/users/@me',
        },
      });
      const history = await call('GET', `/api/client/users/${target.id}/rank-history`, target);
      expect(history.json().history).toEqual([
        expect.objectContaining({
          userID: target.id,
          action: 'rank_update',
          ranksBefore: [],
          ranksAfter: [trainee],
          by: u.manager!.id,
        }),
      ]);
      const silent = await call('PATCH', `/api/client/admin/users/${target.id}/update-rank`, u.manager, {
        ranks: [],
        logToRankHistory: false,
      });
      expect(silent.statusCode).toBe(200);
      // Not announced: no notice.
      expect(events.at(-1)).toEqual({
        event: 'userRanksChanged',
        payload: { userId: target.id, ranks: [], announce: false },
      });
      expect(await rankHistoryIn(app.db.orm.em.fork(), target.id, 1000)).toHaveLength(1);
    });

    it('never grants a rank at or above the actor, nor permissions the actor lacks', async () => {
      const high = await rank('Too high', 70, 0);
      const rich = await rank('Rich', 8, 1 << 14);
      const target = await app.createUser();
      const tooHigh = await call('PATCH', `/api/client/admin/users/${target.id}/update-rank`, u.manager, {
        ranks: [high],
      });
      expect(tooHigh.statusCode).toBe(403);
      const tooRich = await call('PATCH', `/api/client/admin/users/${target.id}/update-rank`, u.manager, {
        ranks: [rich],
      });
      expect(tooRich.json().message).toBe('You cannot grant permissions you do not have.');
      expect(
        (await call('PATCH', `/api/client/admin/users/${target.id}/update-rank`, u.admin, { ranks: [high, rich] }))
          .statusCode,
      ).toBe(200);
      // Now ranked above the manager: out of the manager's reach.
      expect(
        (await call('PATCH', `/api/client/admin/users/${target.id}/update-rank`, u.manager, { ranks: [] })).statusCode,
      ).toBe(403);
      expect(
        (
          await call('PATCH', `/api/client/admin/users/${target.id}/update-rank`, u.admin, {
            ranks: ['1234567890123456789'],
          })
        ).statusCode,
      ).toBe(400);
    });

    it('remove-staff empties the ranks with a history entry; 409 when not staff', async () => {
      const trainee = await rank('Trainee B', 6, 1);
      const target = await app.createUser();
      await call('PATCH', `/api/client/admin/users/${target.id}/update-rank`, u.manager, {
        ranks: [trainee],
        logToRankHistory: false,
      });
      const res = await call('POST', `/api/client/admin/users/${target.id}/remove-staff`, u.manager, {
        reason: 'Inactive for a month',
      });
      expect(res.statusCode).toBe(204);
      expect((await call('GET', `/api/v3/users/${target.id}`)).json().user.ranks).toEqual([]);
      const history = (await call('GET', `/api/client/users/${target.id}/rank-history`, u.manager)).json().history;
      expect(history[0]).toMatchObject({
        action: 'remove_staff',
        ranksBefore: [trainee],
        ranksAfter: [],
        reason: 'Inactive for a month',
      });
      expect(
        (await call('POST', `/api/client/admin/users/${target.id}/remove-staff`, u.manager, { reason: 'again' }))
          .statusCode,
      ).toBe(409);
    });

    it('rank history: the user themself or MANAGE_USERS only', async () => {
      const url = `/api/client/users/${u.chef!.id}/rank-history`;
      expect((await call('GET', url)).statusCode).toBe(401);
      expect((await call('GET', url, u.customer)).statusCode).toBe(403);
      expect((await call('GET', url, u.chef)).statusCode).toBe(200);
      expect((await call('GET', url, u.manager)).statusCode).toBe(200);
    });
  });
});
