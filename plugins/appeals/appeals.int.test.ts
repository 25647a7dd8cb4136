import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UserSchema } from '../../core/auth/entities.ts';
import type { Permission } from '../../core/shared/permissions.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { AppealSchema, AppealVoteSchema } from './entities.ts';

const STAFF: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS'];
const MANAGER: Permission[] = [...STAFF, 'MANAGE_APPEALS'];
const DAY = 24 * 60 * 60 * 1000;

const answers = {
  whyBanned: 'I placed a few joke orders in the kitchen.',
  whyLift: 'I will only order real food from now on, promise.',
};

describe('appeals', () => {
  let app: TestApp;
  let clock = Date.UTC(2026, 10, 25, 12);
  const u: Record<string, TestUser> = {};
  let events: { event: string; payload: Record<string, unknown> }[];

  beforeAll(async () => {
    app = await createTestApp({ now: () => clock });
    u.customer = await app.createUser({ username: 'casey' });
    u.chef = await app.createUser({ username: 'charlie', rankPermissions: STAFF, rankPosition: 10 });
    u.manager = await app.createUser({ username: 'morgan', rankPermissions: MANAGER, rankPosition: 60 });
    u.manager2 = await app.createUser({ username: 'mia', rankPermissions: MANAGER, rankPosition: 61 });
    u.manager3 = await app.createUser({ username: 'max', rankPermissions: MANAGER, rankPosition: 62 });
    u.admin = await app.createUser({ username: 'sam', permissions: ['SUPER_ADMIN'] });
    u.bannedManager = await app.createUser({
      username: 'bea',
      rankPermissions: MANAGER,
      rankPosition: 63,
      ban: { reason: 'Abuse' },
    });
    events = [];
    for (const event of ['notice', 'userUnbanned', 'identityChanged', 'userBlacklisted'] as const) {
      app.server.ctx.events.on(
        event,
        (payload) => void events.push({ event, payload: payload as Record<string, unknown> }),
      );
    }
  });
  afterAll(() => app?.close());
  beforeEach(() => {
    events.length = 0;
  });

  const call = (method: 'GET' | 'POST', url: string, user?: TestUser, payload?: object) =>
    app.inject({ method, url, headers: user?.auth, ...(payload ? { payload } : {}) });
  const banned = (username: string) =>
    app.createUser({ username, ban: { reason: 'Troll orders', expires: new Date(clock + 30 * DAY) } });
  const file = async (user: TestUser, body: object = answers) => call('POST', '/api/client/appeal', user, body);
  const vote = (id: string, user: TestUser, vote: 'accept' | 'deny', extra: object = {}) =>
    call('POST', `/api/client/appeal/${id}/vote`, user, { vote, reason: `${vote} because`, ...extra });
  const isBanned = async (id: string) => (await app.db.orm.em.fork().findOneOrFail(UserSchema, { id })).ban.active;

  describe('filing', () => {
    it('a banned user files; the appeal snapshots the ban and is pending', async () => {
      const blake = await banned('blake1');
      const res = await file(blake, { ...answers, anythingElse: '' });
      expect(res.statusCode).toBe(201);
      const { appeal } = res.json();
      expect(appeal).toMatchObject({
        userID: blake.id,
        status: 'pending',
        ...answers,
        anythingElse: '',
        decisionReason: null,
        decidedAt: null,
      });
      expect(appeal.ban.reason).toBe('Troll orders');
      expect(appeal.ban.expires).toBe(new Date(clock + 30 * DAY).toISOString());
      const row = await app.db.orm.em.fork().findOneOrFail(AppealSchema, { id: appeal.id });
      expect(row.banReason).toBe('Troll orders');
    });

    it('someone neither banned nor blacklisted is refused with 403', async () => {
      const res = await file(u.customer!);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only a user who is banned, or blacklisted from ordering, can file an appeal.');
    });

    it('a second appeal while one is open is a 409 naming the open one', async () => {
      const blake = await banned('blake2');
      const first = (await file(blake)).json().appeal;
      const res = await file(blake);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: 'You already have an open appeal.', appealId: first.id });
      expect(await app.db.orm.em.fork().count(AppealSchema, { user: blake.id })).toBe(1);
    });

    it('after a denial, a new appeal only once the cooldown (appealCooldownDays) has passed', async () => {
      const blake = await banned('blake3');
      const first = (await file(blake)).json().appeal;
      expect((await vote(first.id, u.admin!, 'deny', { force: true })).json()).toEqual({ completed: true });
      const refused = await file(blake);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().until).toBe(new Date(clock + 30 * DAY).toISOString());
      clock += 30 * DAY - 1000;
      expect((await file(blake)).statusCode).toBe(409);
      // The ban outlived the wait in this test: it was made to expire in 30 days, so extend it first.
      const em = app.db.orm.em.fork();
      const user = await em.findOneOrFail(UserSchema, { id: blake.id });
      user.ban.expires = new Date(clock + 30 * DAY);
      await em.flush();
      clock += 2000;
      expect((await file(blake)).statusCode).toBe(201);
    });

    it('the cooldown holds when the settings were just changed (their cache empty): a 409, not a request waiting on itself', async () => {
      const blake = await banned('blake3b');
      const first = (await file(blake)).json().appeal;
      expect((await vote(first.id, u.admin!, 'deny', { force: true })).statusCode).toBe(200);
      expect((await call('POST', '/api/client/settings/hourlyReward', u.admin, { val: 50 })).statusCode).toBe(200);
      const refused = await file(blake);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/^Your last appeal was denied\. You may appeal again after /);
      expect((await call('GET', '/api/health')).statusCode).toBe(200);
    });

    it.each([
      ['whyBanned too short', { ...answers, whyBanned: 'too short' }],
      ['whyLift too long', { ...answers, whyLift: 'x'.repeat(2001) }],
      ['anythingElse under 20 but not empty', { ...answers, anythingElse: 'short' }],
      ['whyLift missing', { whyBanned: answers.whyBanned }],
      ['an unknown field', { ...answers, extra: 'no' }],
    ])('%s: 400, nothing written', async (_name, body) => {
      const blake = await banned(`blake_${_name.length}_${Math.random().toString(36).slice(2, 6)}`);
      const res = await file(blake, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(await app.db.orm.em.fork().count(AppealSchema, { user: blake.id })).toBe(0);
    });

    it('answers of exactly 20 and 2,000 characters are accepted; markdown is kept as written', async () => {
      const blake = await banned('blake4');
      const res = await file(blake, {
        whyBanned: '<b>x</b>'.padEnd(20, '.'),
        whyLift: 'y'.repeat(2000),
        anythingElse: 'z'.repeat(20),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().appeal.whyBanned).toBe('<b>x</b>............');
    });
  });

  describe('against the order blacklist', () => {
    const blacklist = (user: TestUser, active: boolean, reason = 'Spam orders') =>
      call('POST', `/api/client/admin/blacklist/${user.id}`, u.admin, { data: { active, reason } });
    const blacklistOf = async (user: TestUser) =>
      (await call('GET', `/api/client/admin/users/${user.id}/blacklist`, u.admin)).json().blacklist;

    it('a blacklisted customer (not banned) files against the blacklist; accepting lifts it, and the bot hears it', async () => {
      const bo = await app.createUser({ username: 'bo' });
      expect((await blacklist(bo, true)).statusCode).toBe(200);
      const filed = await file(bo);
      expect(filed.statusCode).toBe(201);
      const { appeal } = filed.json();
      expect(appeal).toMatchObject({
        kind: 'blacklist',
        status: 'pending',
        ban: { reason: 'Spam orders', expires: null },
      });
      events.length = 0;
      expect((await vote(appeal.id, u.admin!, 'accept', { force: true })).json()).toEqual({ completed: true });
      expect(await blacklistOf(bo)).toMatchObject({ active: false, reason: 'Appeal accepted' });
      expect(events).toContainEqual({ event: 'userBlacklisted', payload: { userId: bo.id, active: false } });
      expect(events).toContainEqual({
        event: 'notice',
        payload: expect.objectContaining({
          userId: bo.id,
          kind: 'appeal.accepted',
          text: 'Your appeal was accepted and you may order again. Reason: accept because',
        }),
      });
      // Nothing left to appeal.
      expect((await file(bo)).statusCode).toBe(403);
    });

    it('a denial keeps the blacklist; the cooldown is per kind, so a ban that follows may be appealed at once', async () => {
      const bea = await app.createUser({ username: 'bea2' });
      await blacklist(bea, true);
      const { appeal } = (await file(bea)).json();
      expect((await vote(appeal.id, u.admin!, 'deny', { force: true })).json()).toEqual({ completed: true });
      expect(await blacklistOf(bea)).toMatchObject({ active: true });
      expect((await file(bea)).statusCode).toBe(409);
      const em = app.db.orm.em.fork();
      const user = await em.findOneOrFail(UserSchema, { id: bea.id });
      user.ban = { active: true, reason: 'Abuse', expires: null, createdAt: new Date(clock), createdBy: null };
      await em.flush();
      // Banned and blacklisted: the appeal is against the ban, which closes the whole site.
      const banAppeal = await file(bea);
      expect(banAppeal.statusCode).toBe(201);
      expect(banAppeal.json().appeal).toMatchObject({ kind: 'ban', ban: { reason: 'Abuse' } });
    });
  });

  describe('voting', () => {
    it('a second vote by the same manager replaces the first; the third distinct vote decides', async () => {
      const blake = await banned('blake5');
      const { id } = (await file(blake)).json().appeal;
      expect((await vote(id, u.manager!, 'deny')).json()).toEqual({ completed: false });
      expect((await vote(id, u.manager!, 'accept')).json()).toEqual({ completed: false });
      expect(await app.db.orm.em.fork().count(AppealVoteSchema, { appeal: id })).toBe(1);
      expect((await vote(id, u.manager2!, 'accept')).json()).toEqual({ completed: false });
      expect(await isBanned(blake.id)).toBe(true);
      expect(events.filter((e) => e.event === 'notice')).toEqual([]);
      expect((await vote(id, u.manager3!, 'accept')).json()).toEqual({ completed: true });
      expect(await isBanned(blake.id)).toBe(false);
      // Silent as an unban: the appeal's decision notice is the one that tells blake, once.
      expect(events.filter((e) => e.event === 'userUnbanned').map((e) => e.payload)).toEqual([
        { userId: blake.id, silent: true },
      ]);
      expect(events.filter((e) => e.event === 'identityChanged').map((e) => e.payload)).toContainEqual({
        userId: blake.id,
      });
      expect(events.filter((e) => e.event === 'notice').map((e) => e.payload)).toEqual([
        {
          userId: blake.id,
          ref: `appeal:${id}:decided`,
          kind: 'appeal.accepted',
          text: expect.stringContaining('accepted'),
          // Worded in every language: the notifications plugin keeps the one its user reads.
          texts: expect.objectContaining({
            fr: 'Votre recours a été accepté et votre bannissement a été levé. Raison : accept because',
          }),
          link: `/appeal/${id}`,
        },
      ]);
      const seen = (await call('GET', `/api/client/appeal/${id}`, blake)).json().appeal;
      expect(seen).toMatchObject({ status: 'accepted', decisionReason: 'accept because' });
    });

    it('a decided appeal refuses further votes (409)', async () => {
      const blake = await banned('blake6');
      const { id } = (await file(blake)).json().appeal;
      await vote(id, u.admin!, 'deny', { force: true });
      const res = await vote(id, u.manager!, 'accept');
      expect(res.statusCode).toBe(409);
      expect(await app.db.orm.em.fork().count(AppealVoteSchema, { appeal: id })).toBe(1);
    });

    it('force needs SUPER_ADMIN: a manager gets 403 and nothing is written', async () => {
      const blake = await banned('blake7');
      const { id } = (await file(blake)).json().appeal;
      expect((await vote(id, u.manager!, 'accept', { force: true })).statusCode).toBe(403);
      expect(await app.db.orm.em.fork().count(AppealVoteSchema, { appeal: id })).toBe(0);
      expect((await vote(id, u.admin!, 'accept', { force: true })).json()).toEqual({ completed: true });
      expect(await isBanned(blake.id)).toBe(false);
    });

    it('a deny decision keeps the ban and tells the user', async () => {
      const blake = await banned('blake8');
      const { id } = (await file(blake)).json().appeal;
      for (const m of [u.manager!, u.manager2!]) expect((await vote(id, m, 'deny')).json().completed).toBe(false);
      expect((await vote(id, u.manager3!, 'deny')).json().completed).toBe(true);
      expect(await isBanned(blake.id)).toBe(true);
      expect(events.filter((e) => e.event === 'userUnbanned')).toEqual([]);
      expect(events.filter((e) => e.event === 'notice').map((e) => e.payload.kind)).toEqual(['appeal.denied']);
    });

    it('appealVotesToDecide is read from the settings', async () => {
      const settings = appServices(app.server.ctx).settings;
      await settings.set('appealVotesToDecide', 1, null);
      try {
        const blake = await banned('blake9');
        const { id } = (await file(blake)).json().appeal;
        expect((await vote(id, u.manager!, 'deny')).json().completed).toBe(true);
      } finally {
        await settings.set('appealVotesToDecide', 3, null);
      }
    });

    it('bad votes are 400 (reason required, unknown vote); an unknown appeal 404', async () => {
      const blake = await banned('blake10');
      const { id } = (await file(blake)).json().appeal;
      expect(
        (await call('POST', `/api/client/appeal/${id}/vote`, u.manager, { vote: 'accept', reason: '  ' })).statusCode,
      ).toBe(400);
      expect(
        (await call('POST', `/api/client/appeal/${id}/vote`, u.manager, { vote: 'maybe', reason: 'x' })).statusCode,
      ).toBe(400);
      expect((await call('POST', `/api/client/appeal/${id}/vote`, u.manager, { vote: 'accept' })).statusCode).toBe(400);
      expect((await vote('1234567890123456789', u.manager!, 'accept')).statusCode).toBe(404);
      expect(await app.db.orm.em.fork().count(AppealVoteSchema, { appeal: id })).toBe(0);
    });

    it('votes and decisions are in the audit log', async () => {
      const blake = await banned('blake11');
      const { id } = (await file(blake)).json().appeal;
      await vote(id, u.admin!, 'accept', { force: true });
      const rows = await app.db.orm.em
        .fork()
        .getConnection()
        .execute<{ action: string; reason: string | null }[]>(
          'select action, reason from audit_log where target_id = ? or (action = ? and target_id = ?)',
          [id, 'user.ban.remove', blake.id],
        );
      expect(rows.map((r) => r.action).sort()).toEqual(['appeal.decide', 'appeal.vote', 'user.ban.remove']);
    });
  });

  describe('what each side sees', () => {
    it('the appellant never sees voters or the tally; a manager sees both', async () => {
      const blake = await banned('blake12');
      const { id } = (await file(blake)).json().appeal;
      await vote(id, u.manager!, 'deny');
      const mine = (await call('GET', `/api/client/appeal/${id}`, blake)).json().appeal;
      expect(mine).not.toHaveProperty('votes');
      expect(mine).not.toHaveProperty('tally');
      expect(JSON.stringify(mine)).not.toContain(u.manager!.id);
      const staff = (await call('GET', `/api/client/appeal/${id}`, u.manager)).json().appeal;
      expect(staff.votes).toEqual([
        expect.objectContaining({ voter: { id: u.manager!.id, name: 'morgan' }, vote: 'deny', reason: 'deny because' }),
      ]);
      expect(staff.tally).toEqual({ accept: 0, deny: 1 });
    });

    it('the admin list: filters, pending first, search by user, mine to vote, paged', async () => {
      const list = async (query: string, user = u.manager!) =>
        (await call('GET', `/api/client/appeal/admin/appeals?${query}`, user)).json();
      const all = await list('filter=all&pageSize=100');
      const statuses = all.appeals.map((a: { status: string }) => a.status);
      expect(statuses.indexOf('pending')).toBe(0);
      expect(statuses.lastIndexOf('pending')).toBeLessThan(statuses.findIndex((s: string) => s !== 'pending'));
      expect(all.totalAppeals).toBe(all.appeals.length);
      for (const status of ['pending', 'accepted', 'denied']) {
        const filtered = await list(`filter=${status}&pageSize=100`);
        expect(filtered.appeals.length).toBeGreaterThan(0);
        expect(filtered.appeals.every((a: { status: string }) => a.status === status)).toBe(true);
      }
      const mine = await list('filter=mine&pageSize=100', u.manager2!);
      const votedByManager2 = await app.db.orm.em.fork().find(AppealVoteSchema, { voter: u.manager2!.id });
      expect(
        mine.appeals.every(
          (a: { id: string; status: string }) =>
            a.status === 'pending' && !votedByManager2.some((v) => v.appeal.id === a.id),
        ),
      ).toBe(true);
      expect(mine.appeals.length).toBeGreaterThan(0);
      const found = await list('search=blake12');
      expect(found.appeals.map((a: { userName: string }) => a.userName)).toEqual(['blake12']);
      const page = await list('filter=all&pageSize=2&page=2');
      expect(page.appeals).toHaveLength(2);
      expect(page.appeals.map((a: { id: string }) => a.id)).toEqual(
        all.appeals.slice(2, 4).map((a: { id: string }) => a.id),
      );
      expect((await call('GET', '/api/client/appeal/admin/appeals?filter=nope', u.manager)).statusCode).toBe(400);
    });

    it('§4: a completed vote removes the appeal from the list: the default list is the open appeals, decided ones are behind a filter', async () => {
      const list = async (query: string) =>
        (await call('GET', `/api/client/appeal/admin/appeals?${query}`, u.manager)).json();
      const blake = await banned('blake_decided');
      const { id } = (await file(blake)).json().appeal;
      expect((await list('pageSize=100')).appeals.map((a: { id: string }) => a.id)).toContain(id);
      expect((await vote(id, u.admin!, 'deny', { force: true })).json()).toEqual({ completed: true });
      const open = await list('pageSize=100');
      expect(open.appeals.map((a: { id: string }) => a.id)).not.toContain(id);
      expect(open.appeals.every((a: { status: string }) => a.status === 'pending')).toBe(true);
      expect(open.totalAppeals).toBe(open.appeals.length);
      expect((await list('filter=denied&pageSize=100')).appeals.map((a: { id: string }) => a.id)).toContain(id);
      expect((await list('filter=all&pageSize=100')).appeals.map((a: { id: string }) => a.id)).toContain(id);
    });
  });

  describe('who may call what', () => {
    let appealId: string;
    let blake: TestUser;
    beforeAll(async () => {
      blake = await banned('blake_matrix');
      appealId = (await file(blake)).json().appeal.id;
    });
    const who = ['anonymous', 'customer', 'banned', 'chef', 'manager', 'admin'] as const;
    const as = (name: (typeof who)[number]) => (name === 'anonymous' ? undefined : name === 'banned' ? blake : u[name]);

    it('POST /api/client/appeal: only a banned user (the others are not banned: 403)', async () => {
      const expected = { anonymous: 401, customer: 403, banned: 409, chef: 403, manager: 403, admin: 403 };
      for (const name of who) expect((await file(as(name)!)).statusCode, name).toBe(expected[name]);
    });

    it('GET /api/client/appeal/{id}: the appellant and appeal managers; anyone else 404', async () => {
      const expected = { anonymous: 401, customer: 404, banned: 200, chef: 404, manager: 200, admin: 200 };
      for (const name of who)
        expect((await call('GET', `/api/client/appeal/${appealId}`, as(name))).statusCode, name).toBe(expected[name]);
      expect(
        (await call('GET', `/api/client/appeal/${appealId}`, u.bannedManager)).statusCode,
        'a banned manager',
      ).toBe(404);
    });

    it('GET /api/client/appeal/{userId}/appeals: the user themself and appeal managers', async () => {
      const expected = { anonymous: 401, customer: 403, banned: 200, chef: 403, manager: 200, admin: 200 };
      for (const name of who)
        expect((await call('GET', `/api/client/appeal/${blake.id}/appeals`, as(name))).statusCode, name).toBe(
          expected[name],
        );
      expect(
        (await call('GET', `/api/client/appeal/${blake.id}/appeals`, blake))
          .json()
          .appeals.map((a: { id: string }) => a.id),
      ).toEqual([appealId]);
    });

    it('GET /api/client/appeal/admin/appeals: MANAGE_APPEALS, not banned', async () => {
      const expected = { anonymous: 401, customer: 403, banned: 403, chef: 403, manager: 200, admin: 200 };
      for (const name of who)
        expect((await call('GET', '/api/client/appeal/admin/appeals', as(name))).statusCode, name).toBe(expected[name]);
      expect(
        (await call('GET', '/api/client/appeal/admin/appeals', u.bannedManager)).statusCode,
        'a banned manager',
      ).toBe(403);
    });

    it('POST /api/client/appeal/{id}/vote: MANAGE_APPEALS, not banned, not on their own appeal', async () => {
      const expected = { anonymous: 401, customer: 403, banned: 403, chef: 403, manager: 200, admin: 200 };
      for (const name of who) expect((await vote(appealId, as(name)!, 'deny')).statusCode, name).toBe(expected[name]);
      expect((await vote(appealId, u.bannedManager!, 'deny')).statusCode, 'a banned manager').toBe(403);
      const own = (await call('POST', '/api/client/appeal', u.bannedManager, answers)).json().appeal;
      await app.db.orm.em
        .fork()
        .getConnection()
        .execute('update users set ban_active = false where id = ?', [u.bannedManager!.id]);
      app.server.ctx.events.publish('identityChanged', { userId: u.bannedManager!.id });
      expect((await vote(own.id, u.bannedManager!, 'accept')).statusCode, 'on their own appeal').toBe(403);
    });
  });

  describe("a refusal in the request's language", () => {
    const fileIn = (language: string, user: TestUser) =>
      app.inject({
        method: 'POST',
        url: '/api/client/appeal',
        headers: { ...user.auth, 'accept-language': language },
        payload: answers,
      });

    it('is worded from the catalogue; English without a language', async () => {
      expect((await fileIn('es', u.customer!)).json()).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: 'Solo un usuario bloqueado, o en la lista negra de pedidos, puede presentar una apelación.',
      });
      expect((await file(u.customer!)).json().message).toBe(
        'Only a user who is banned, or blacklisted from ordering, can file an appeal.',
      );
    });

    it('says when the cooldown ends as the language writes a date and time, in UTC', async () => {
      // Last in the file: the clock moves on to a day this test names.
      clock = Date.UTC(2027, 0, 4, 12);
      const blake = await banned('blake_fr');
      const first = (await file(blake)).json().appeal;
      expect((await vote(first.id, u.admin!, 'deny', { force: true })).statusCode).toBe(200);
      expect((await fileIn('fr', blake)).json()).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message:
          'Votre dernier recours a été refusé. Vous pourrez en déposer un nouveau après le mercredi 3 février 2027 à 12:00:00 UTC.',
        until: '2027-02-03T12:00:00.000Z',
      });
      expect((await fileIn('de', blake)).json().message).toBe(
        'Dein letzter Einspruch wurde abgelehnt. Du kannst ab Mittwoch, 3. Februar 2027 um 12:00:00 UTC wieder Einspruch einlegen.',
      );
      expect((await file(blake)).json().message).toBe(
        'Your last appeal was denied. You may appeal again after Wed, 03 Feb 2027 12:00:00 GMT.',
      );
    });
  });
});
