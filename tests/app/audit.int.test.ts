import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditAction, AuditEntryView } from '../../core/audit/schemas.ts';
import { LOCALES } from '../../core/i18n/locales.ts';
import { appServices, plugins } from '../../plugins/index.ts';
import { adminUsersCatalogue } from '../../site/i18n/admin-users/index.ts';
import { auditWords } from '../../site/lib/audit.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

/**
 * The audit log: every admin write leaves one entry written in its own transaction (and writes nothing when the
 * entry cannot be written), and GET /api/client/admin/audit-log shows each reader what they may read.
 */
describe('audit log', () => {
  let app: TestApp;
  let owner: TestUser;
  let manager: TestUser;
  let settingsManager: TestUser;
  let chef: TestUser;
  let customer: TestUser;
  let bannedOwner: TestUser;
  let bannedSettings: TestUser;

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' } });
    owner = await app.createUser({ username: 'olive_owner', permissions: ['SUPER_ADMIN'] });
    manager = await app.createUser({
      username: 'mia_manager',
      rankPermissions: ['VIEW_STAFF_DASHBOARD', 'MANAGE_USERS', 'MANAGE_ORDERS'],
      rankPosition: 500,
    });
    settingsManager = await app.createUser({
      username: 'sid_settings',
      rankPermissions: ['VIEW_STAFF_DASHBOARD', 'MANAGE_SETTINGS'],
      rankPosition: 400,
    });
    chef = await app.createUser({ username: 'chad_chef', rankPermissions: ['MANAGE_ORDERS'], rankPosition: 100 });
    customer = await app.createUser({ username: 'cara_customer' });
    bannedOwner = await app.createUser({ permissions: ['SUPER_ADMIN'], ban: { reason: 'Abuse' } });
    bannedSettings = await app.createUser({
      rankPermissions: ['MANAGE_SETTINGS'],
      rankPosition: 401,
      ban: { reason: 'Abuse' },
    });
  });
  afterAll(() => app?.close());

  const send = (options: InjectOptions, user: TestUser) =>
    app.inject({ ...options, headers: { ...user.auth, ...options.headers } });
  const sql = <T>(text: string, params: unknown[] = []) =>
    app.db.orm.em.fork().getConnection().execute<T[]>(text, params);
  const log = async (user: TestUser, query: Record<string, string> = {}) => {
    const res = await send({ method: 'GET', url: `/api/client/admin/audit-log?${new URLSearchParams(query)}` }, user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { entries: AuditEntryView[]; total: number; page: number; pageSize: number };
  };
  const latestAbout = async (target: string) => (await log(owner, { target, pageSize: '1' })).entries[0];

  /** Free positions for the ranks the cases make (each case runs twice). */
  let positions = 20;
  async function newRank(name: string): Promise<string> {
    const res = await send(
      {
        method: 'POST',
        url: '/api/client/ranks',
        payload: { name, position: positions++, permissions: ['MANAGE_ORDERS'] },
      },
      owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().rank.id;
  }
  async function staffer(username: string): Promise<TestUser> {
    return app.createUser({ username, rankPermissions: ['MANAGE_ORDERS'], rankPosition: positions++ });
  }
  async function foodItem(name: string): Promise<string> {
    const res = await send(
      {
        method: 'POST',
        url: '/api/client/orders/food-lookup/items',
        payload: { name, images: ['https://example.com/food.png'] },
      },
      owner,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().lookup.id;
  }

  interface Case {
    action: AuditAction;
    by: () => TestUser;
    /** Makes what the write needs; answers the request, the target's id, and what the write changes. */
    arrange(): Promise<{ request: InjectOptions; target: string; state: () => Promise<unknown> }>;
    /** What the entry says changed. */
    expect?: Partial<Pick<AuditEntryView, 'before' | 'after' | 'reason'>>;
  }

  const userRow = (id: string) => async () => (await sql('select * from users where id = ?', [id]))[0];
  const cases: Case[] = [
    {
      action: 'user.ban',
      by: () => manager,
      async arrange() {
        const target = await app.createUser({ username: 'to_ban' });
        return {
          request: { method: 'POST', url: `/api/client/admin/users/${target.id}/ban`, payload: { reason: 'Spam' } },
          target: target.id,
          state: userRow(target.id),
        };
      },
      expect: { before: null, after: { reason: 'Spam', expires: null }, reason: null },
    },
    {
      action: 'user.ban.update',
      by: () => manager,
      async arrange() {
        const target = await app.createUser({ ban: { reason: 'Spam' } });
        return {
          request: {
            method: 'PATCH',
            url: `/api/client/admin/users/${target.id}/ban`,
            payload: { reason: 'Spam, twice' },
          },
          target: target.id,
          state: userRow(target.id),
        };
      },
      expect: { before: { reason: 'Spam' }, after: { reason: 'Spam, twice' } },
    },
    {
      action: 'user.ban.remove',
      by: () => manager,
      async arrange() {
        const target = await app.createUser({ ban: { reason: 'Spam' } });
        return {
          request: { method: 'DELETE', url: `/api/client/admin/users/${target.id}/ban` },
          target: target.id,
          state: userRow(target.id),
        };
      },
      expect: { before: { reason: 'Spam', expires: null }, after: { userTold: true } },
    },
    {
      action: 'user.ranks.update',
      by: () => owner,
      async arrange() {
        const target = await app.createUser();
        const rank = await newRank('Trainee');
        const state = async () => [
          await sql('select * from user_ranks where user_id = ?', [target.id]),
          await sql('select * from rank_history where user_id = ?', [target.id]),
        ];
        return {
          request: {
            method: 'PATCH',
            url: `/api/client/admin/users/${target.id}/update-rank`,
            payload: { ranks: [rank] },
          },
          target: target.id,
          state,
        };
      },
      expect: { before: { ranks: [] }, after: { ranks: ['Trainee'] } },
    },
    {
      action: 'user.staff.remove',
      by: () => manager,
      async arrange() {
        const target = await staffer('leaving_lee');
        const state = async () => [
          await sql('select * from user_ranks where user_id = ?', [target.id]),
          await sql('select * from rank_history where user_id = ?', [target.id]),
        ];
        return {
          request: {
            method: 'POST',
            url: `/api/client/admin/users/${target.id}/remove-staff`,
            payload: { reason: 'Inactive' },
          },
          target: target.id,
          state,
        };
      },
      expect: { after: { ranks: [] }, reason: 'Inactive' },
    },
    {
      action: 'user.warn',
      by: () => manager,
      async arrange() {
        const target = await app.createUser();
        return {
          request: {
            method: 'POST',
            url: `/api/client/admin/users/${target.id}/warnings`,
            payload: { reason: 'Rude' },
          },
          target: target.id,
          state: () => sql('select * from warnings where user_id = ?', [target.id]),
        };
      },
      expect: { before: null, after: { warning: 'Rude' } },
    },
    {
      action: 'user.blacklist',
      by: () => manager,
      async arrange() {
        const target = await app.createUser();
        return {
          request: {
            method: 'POST',
            url: `/api/client/admin/blacklist/${target.id}`,
            payload: { data: { active: true, reason: 'Troll orders' } },
          },
          target: target.id,
          state: () => sql('select * from blacklist where user_id = ?', [target.id]),
        };
      },
      expect: { before: null, after: { active: true, reason: 'Troll orders' }, reason: null },
    },
    {
      action: 'user.update',
      by: () => manager,
      async arrange() {
        const target = await app.createUser();
        return {
          request: {
            method: 'PATCH',
            url: `/api/client/users/${target.id}`,
            payload: { perks: ['FEEDBACK_BETA'], flags: 3 },
          },
          target: target.id,
          state: userRow(target.id),
        };
      },
      expect: { before: { perks: [], flags: 0 }, after: { perks: ['FEEDBACK_BETA'], flags: 3 } },
    },
    {
      action: 'user.update',
      by: () => manager,
      async arrange() {
        const target = await app.createUser();
        const payload = { deliveryMessage: 'Here you go, {customer}!' };
        return {
          request: { method: 'PATCH', url: `/api/client/users/${target.id}/premade-messages`, payload },
          target: target.id,
          state: userRow(target.id),
        };
      },
      expect: { before: { deliveryMessage: null }, after: { deliveryMessage: 'Here you go, {customer}!' } },
    },
    {
      action: 'rank.create',
      by: () => owner,
      async arrange() {
        // The target is the rank the write creates: found by name afterwards.
        const name = `Brand new ${positions}`;
        const payload = { name, position: positions++, colour: '#ff0000' };
        return {
          request: { method: 'POST', url: '/api/client/ranks', payload },
          target: '',
          state: () => sql('select * from ranks where name = ?', [name]),
        };
      },
      expect: { before: null },
    },
    {
      action: 'rank.update',
      by: () => owner,
      async arrange() {
        const rank = await newRank('Old name');
        return {
          request: {
            method: 'PATCH',
            url: `/api/client/ranks/${rank}`,
            payload: { name: 'New name', permissions: ['MANAGE_ORDERS', 'VIEW_FOOD_LOOKUP'] },
          },
          target: rank,
          state: () => sql('select * from ranks where id = ?', [rank]),
        };
      },
      expect: {
        before: { name: 'Old name', permissions: ['MANAGE_ORDERS'] },
        after: { name: 'New name', permissions: ['MANAGE_ORDERS', 'VIEW_FOOD_LOOKUP'] },
      },
    },
    {
      action: 'rank.reorder',
      by: () => owner,
      async arrange() {
        const ranks = (await app.inject({ method: 'GET', url: '/api/client/ranks' })).json().ranks as { id: string }[];
        const ids = ranks.map((r) => r.id);
        [ids[ids.length - 1], ids[ids.length - 2]] = [ids[ids.length - 2]!, ids[ids.length - 1]!];
        return {
          request: { method: 'PUT', url: '/api/client/ranks/positions', payload: { ranks: ids } },
          target: 'positions',
          state: () => sql('select id, position from ranks order by id'),
        };
      },
    },
    {
      action: 'rank.delete',
      by: () => owner,
      async arrange() {
        const rank = await newRank('Doomed rank');
        return {
          request: { method: 'DELETE', url: `/api/client/ranks/${rank}` },
          target: rank,
          state: () => sql('select * from ranks where id = ?', [rank]),
        };
      },
      expect: { after: null },
    },
    {
      action: 'settings.update',
      by: () => settingsManager,
      async arrange() {
        return {
          request: { method: 'POST', url: '/api/client/settings/teamsEnabled', payload: { val: true } },
          target: 'teamsEnabled',
          state: () => sql(`select * from settings where key = 'teamsEnabled'`),
        };
      },
      expect: { before: null, after: { value: true } },
    },
    {
      action: 'settings.update',
      by: () => settingsManager,
      async arrange() {
        const val = { enabled: true, type: 'is-warning', content: 'Closed at noon' };
        return {
          request: { method: 'POST', url: '/api/client/settings/currentAnnouncement', payload: { val } },
          target: 'currentAnnouncement',
          state: () => sql(`select * from settings where key = 'currentAnnouncement'`),
        };
      },
      expect: { after: { enabled: true, type: 'is-warning', content: 'Closed at noon' } },
    },
    {
      action: 'order.delete',
      by: () => chef,
      async arrange() {
        const { orders } = appServices(app.server.ctx).orders;
        const order = await orders.createOrder({
          customerId: (await app.createUser()).id,
          guildId: '900000000000000001',
          channelId: '900000000000000002',
          item: 'Burger',
        });
        return {
          request: {
            method: 'DELETE',
            url: `/api/client/orders/${order.id}/delete`,
            payload: { reason: 'Duplicate order' },
          },
          target: order.id,
          state: () => sql('select * from orders where id = ?', [order.id]),
        };
      },
      expect: { before: { status: 'ORDERED' }, after: { status: 'DELETED' }, reason: 'Duplicate order' },
    },
    {
      action: 'foodLookup.create',
      by: () => owner,
      async arrange() {
        const payload = { name: 'Fresh fries', keywords: ['fries'], images: ['https://example.com/fries.png'] };
        return {
          request: { method: 'POST', url: '/api/client/orders/food-lookup/items', payload },
          target: '',
          state: () => sql(`select * from food_lookup_items where name = 'Fresh fries'`),
        };
      },
      expect: {
        before: null,
        after: { name: 'Fresh fries', keywords: ['fries'], images: ['https://example.com/fries.png'] },
      },
    },
    {
      action: 'foodLookup.update',
      by: () => owner,
      async arrange() {
        const id = await foodItem('Old soup');
        return {
          request: { method: 'PATCH', url: `/api/client/orders/food-lookup/${id}`, payload: { name: 'New soup' } },
          target: id,
          state: () => sql('select * from food_lookup_items where id = ?', [id]),
        };
      },
      expect: { before: { name: 'Old soup' }, after: { name: 'New soup' } },
    },
    {
      action: 'foodLookup.delete',
      by: () => owner,
      async arrange() {
        const id = await foodItem('Gone soup');
        return {
          request: { method: 'DELETE', url: `/api/client/orders/food-lookup/${id}` },
          target: id,
          state: () => sql('select * from food_lookup_items where id = ?', [id]),
        };
      },
      expect: { after: null },
    },
  ];

  describe.each(cases.map((c, i) => [`${c.action} #${i}`, c] as const))('%s', (_name, c) => {
    it('writes one entry, inside the write: actor and target named, the change and the reason', async () => {
      const { request, target } = await c.arrange();
      const before = (await log(owner)).total;
      const res = await send(request, c.by());
      expect(res.statusCode, res.body).toBeLessThan(300);
      const { entries, total } = await log(owner, { pageSize: '1' });
      expect(total).toBe(before + 1);
      const entry = entries[0]!;
      const actor = c.by();
      const actorName = (await sql<{ username: string }>('select username from users where id = ?', [actor.id]))[0]!
        .username;
      expect(entry).toMatchObject({ action: c.action, actor: { id: actor.id, name: actorName } });
      if (target) expect(entry.target.id).toBe(target);
      expect(entry.target.name.length).toBeGreaterThan(0);
      if (c.expect) expect(entry).toMatchObject(c.expect);
    });

    it('writes nothing when its audit entry cannot be written', async () => {
      const { request, state } = await c.arrange();
      const was = await state();
      const total = (await log(owner)).total;
      await sql(
        `create or replace function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused (test)'; end $$`,
      );
      await sql('create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()');
      try {
        const res = await send(request, c.by());
        expect(res.statusCode, res.body).toBe(500);
      } finally {
        await sql('drop trigger refuse_audit on audit_log');
      }
      expect(await state()).toEqual(was);
      expect((await log(owner)).total).toBe(total);
    });
  });

  it("a user's own profile edit is not an admin write: no entry", async () => {
    const before = (await log(owner)).total;
    const res = await send(
      { method: 'PATCH', url: `/api/client/users/${customer.id}`, payload: { displayName: 'Cara' } },
      customer,
    );
    expect(res.statusCode).toBe(200);
    expect((await log(owner)).total).toBe(before);
  });

  describe('GET /api/client/admin/audit-log', () => {
    const url = '/api/client/admin/audit-log';

    it('who may call it: anonymous 401; customers, chefs, user managers and banned readers 403; MANAGE_SETTINGS and SUPER_ADMIN 200', async () => {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      for (const user of [customer, chef, manager, bannedOwner, bannedSettings])
        expect((await send({ method: 'GET', url }, user)).statusCode).toBe(403);
      for (const user of [settingsManager, owner])
        expect((await send({ method: 'GET', url }, user)).statusCode).toBe(200);
    });

    it('MANAGE_SETTINGS reads the settings entries only, whatever it asks for', async () => {
      const all = await log(owner, { pageSize: '100' });
      expect(all.entries.some((e) => !e.action.startsWith('settings.'))).toBe(true);
      const theirs = await log(settingsManager, { pageSize: '100' });
      expect(theirs.total).toBeGreaterThan(0);
      expect(theirs.entries.every((e) => e.action === 'settings.update')).toBe(true);
      expect(theirs.total).toBe(all.entries.filter((e) => e.action.startsWith('settings.')).length);
      expect((await log(settingsManager, { action: 'user' })).total).toBe(0);
    });

    it('filters by actor, target, kind (an action or its prefix) and date; pages with a total', async () => {
      const byManager = await log(owner, { actor: manager.id, pageSize: '100' });
      expect(byManager.total).toBeGreaterThan(0);
      expect(byManager.entries.every((e) => e.actor.id === manager.id)).toBe(true);

      const bans = await log(owner, { action: 'user.ban', pageSize: '100' });
      expect(new Set(bans.entries.map((e) => e.action))).toEqual(
        new Set(['user.ban', 'user.ban.update', 'user.ban.remove']),
      );
      const users = await log(owner, { action: 'user', pageSize: '100' });
      expect(users.entries.every((e) => e.target.type === 'user')).toBe(true);
      expect(users.total).toBeGreaterThan(bans.total);

      const one = bans.entries[0]!;
      expect((await log(owner, { target: one.target.id })).entries.map((e) => e.id)).toContain(one.id);

      const today = new Date().toISOString().slice(0, 10);
      expect((await log(owner, { from: today, until: today })).total).toBe((await log(owner)).total);
      expect((await log(owner, { until: '2000-01-01' })).total).toBe(0);
      expect((await log(owner, { from: new Date(Date.now() + 3_600_000).toISOString() })).total).toBe(0);

      const total = (await log(owner)).total;
      const page1 = await log(owner, { pageSize: '3', page: '1' });
      const page2 = await log(owner, { pageSize: '3', page: '2' });
      expect(page1).toMatchObject({ total, page: 1, pageSize: 3 });
      expect(page1.entries).toHaveLength(3);
      expect(page2.entries.map((e) => e.id)).not.toContain(page1.entries[0]!.id);
      // Newest first.
      expect(page1.entries[0]!.at >= page1.entries[2]!.at).toBe(true);
    });

    it('refuses unknown filters and malformed values with 400', async () => {
      for (const query of ['action=user.nothing', 'actor=abc', 'from=yesterday', 'pageSize=1000', 'colour=red']) {
        expect((await send({ method: 'GET', url: `${url}?${query}` }, owner)).statusCode, query).toBe(400);
      }
    });
  });

  it("every declared action and filter kind has words in every language, from its declarer's catalogue", () => {
    const { catalogue } = app.server.ctx.audit;
    const { actions, kinds, labels, kindLabels, owners } = catalogue;
    expect(actions.length).toBeGreaterThan(0);
    // A plugin's English is what it declares: the key in its catalogue says the same words.
    const english = (name: string, key: string) =>
      (owners[name] === 'core' ? adminUsersCatalogue : plugins.find((p) => p.name === owners[name])?.i18n)?.messages.en[
        key
      ];
    const unworded = [
      ...actions.filter((action) => english(action, `audit.${action}`) !== labels[action]),
      ...kinds.filter((kind) => !(kind in labels) && english(kind, `auditKind.${kind}`) !== kindLabels[kind]),
    ];
    expect(unworded).toEqual([]);
    for (const locale of LOCALES) {
      const words = auditWords({ locale, plugins, audit: { catalogue } });
      for (const kind of kinds) expect(words.kind(kind), `${locale} ${kind}`).not.toBe(kind);
    }
  });

  it('names are snapshots: a renamed actor still reads as they were when they acted', async () => {
    const target = await app.createUser();
    await send(
      { method: 'POST', url: `/api/client/admin/users/${target.id}/warnings`, payload: { reason: 'Late' } },
      manager,
    );
    await sql('update users set username = ? where id = ?', ['renamed_mia', manager.id]);
    try {
      expect((await latestAbout(target.id))!.actor.name).toBe('mia_manager');
    } finally {
      await sql('update users set username = ? where id = ?', ['mia_manager', manager.id]);
    }
  });
});
