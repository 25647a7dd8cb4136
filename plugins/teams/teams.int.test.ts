import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuditEntrySchema } from '../../core/audit/entities.ts';
import { UserSchema } from '../../core/auth/entities.ts';
import type { DomainEvents } from '../../core/events.ts';
import { newId } from '../../core/ids.ts';
import type { Permission } from '../../core/shared/permissions.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { recordPastOrdersIn } from '../orders/index.ts';
import type { Leaderboard } from '../orders/schemas.ts';
import { rankHolderIdsIn } from '../ranks/index.ts';
import { TeamMemberSchema, TeamOrderCreditSchema, TeamSchema } from './entities.ts';
import type { TeamView } from './schemas.ts';
import { deliver, readyOrders, STAFF, teamsOf, untilCredited } from './test-helpers.ts';

const MANAGER: Permission[] = [...STAFF, 'MANAGE_TEAMS'];

describe('teams', () => {
  let app: TestApp;
  let manager: TestUser;
  let notices: DomainEvents['notice'][];
  let n = 0;

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' } });
    manager = await app.createUser({ rankPermissions: MANAGER, username: 'manager' });
    await setEnabled(true);
    notices = [];
    app.server.ctx.events.on('notice', (notice) => void notices.push(notice));
  });
  afterAll(() => app?.close());
  beforeEach(() => {
    notices = [];
  });

  async function setEnabled(on: boolean) {
    const owner = await app.createUser({ permissions: ['SUPER_ADMIN'] });
    const answer = await app.inject({
      method: 'POST',
      url: '/api/client/settings/teamsEnabled',
      headers: owner.auth,
      payload: { val: on },
    });
    expect(answer.statusCode, answer.body).toBe(200);
  }
  const staff = () => app.createUser({ rankPermissions: [...STAFF] });
  const create = (payload: Record<string, unknown>, user = manager) =>
    app.inject({ method: 'POST', url: '/api/client/teams', headers: user.auth, payload });
  async function team(name = `Team ${++n}`, extra: Record<string, unknown> = {}): Promise<TeamView> {
    const answer = await create({ name, icon: '🍔', ...extra });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().team;
  }
  const move = (userID: string, teamID: string | null) =>
    app.inject({
      method: 'PATCH',
      url: '/api/client/teams/update-user-team',
      headers: manager.auth,
      payload: { userID, teamID },
    });
  const teamCount = () => app.db.orm.em.fork().count(TeamSchema, {});
  const ordersOfTeam = async (id: string) => (await app.db.orm.em.fork().findOneOrFail(TeamSchema, { id })).orders;

  it('creates a team: 201, orders 0, the text colour by the rank rule, audited; the name is unique whatever its case', async () => {
    const answer = await create({ name: '  Grill Squad ', colour: '#FFD43B', icon: '🔥', description: 'Hot stuff.' });
    expect(answer.statusCode, answer.body).toBe(201);
    const created = answer.json().team as TeamView;
    expect(created).toMatchObject({
      name: 'Grill Squad',
      colour: '#ffd43b',
      textColour: '#000000',
      icon: '🔥',
      description: 'Hot stuff.',
      orders: 0,
      memberCount: 0,
      createdBy: manager.id,
    });
    expect((await team('Deep Blue', { colour: '#1a237e' })).textColour).toBe('#ffffff');
    expect((await team('Default colour')).colour).toBe('#1f6fd1');
    expect(await app.db.orm.em.fork().count(AuditEntrySchema, { action: 'team.create', targetId: created._id })).toBe(
      1,
    );
    const before = await teamCount();
    const again = await create({ name: 'grill SQUAD', icon: '🔥' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A team with this name already exists.');
    expect(await teamCount()).toBe(before);
  });

  it('refuses bad input with a 400 naming the field, writing nothing', async () => {
    const before = await teamCount();
    for (const payload of [
      { name: 'A', icon: '🍔' },
      { name: 'x'.repeat(33), icon: '🍔' },
      { name: 'Fine name', icon: '🍔', colour: 'red' },
      { name: 'Fine name', icon: '' },
      { name: 'Fine name', icon: '🍔', description: 'd'.repeat(301) },
      { name: 'Fine\u0000name', icon: '🍔' },
      { name: 'Fine name', icon: '🍔', orders: 99 },
      { icon: '🍔' },
    ]) {
      const answer = await create(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json()).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.any(String),
        issues: expect.any(Array),
      });
    }
    expect(await teamCount()).toBe(before);
    const target = await team();
    for (const [url, payload] of [
      [`/api/client/teams/${target._id}`, {}],
      [`/api/client/teams/${target._id}`, { colour: '#12345' }],
      ['/api/client/teams/not-an-id', { name: 'Okay name' }],
    ] as const) {
      expect((await app.inject({ method: 'PATCH', url, headers: manager.auth, payload })).statusCode).toBe(400);
    }
    const bad = await move('123', target._id);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('User ID is not a snowflake');
    for (const payload of [
      { mode: 'move', moves: [] },
      { mode: 'move' },
      { mode: 'shuffle' },
      { mode: 'balance', extra: 1 },
      { mode: 'balance', moves: [] },
      { moves: [] },
    ]) {
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/client/teams/bulk-update-teams',
            headers: manager.auth,
            payload,
          })
        ).statusCode,
      ).toBe(400);
    }
    expect(
      (await app.inject({ method: 'POST', url: '/api/client/teams/reset-orders/abc', headers: manager.auth }))
        .statusCode,
    ).toBe(400);
  });

  it('lists teams, fetches one with its members, edits (audited) and answers 404 for an unknown team', async () => {
    const t = await team('Fry Cooks');
    const a = await staff();
    expect((await move(a.id, t._id)).statusCode).toBe(200);
    const list = await app.inject({ method: 'GET', url: '/api/client/teams' });
    expect(list.statusCode).toBe(200);
    expect((list.json().teams as TeamView[]).find((x) => x._id === t._id)).toMatchObject({
      name: 'Fry Cooks',
      memberCount: 1,
    });
    const one = await app.inject({ method: 'POST', url: `/api/client/teams/${t._id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().team.members.map((m: { id: string }) => m.id)).toEqual([a.id]);
    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/client/teams/${t._id}`,
      headers: manager.auth,
      payload: { name: 'Fryers', colour: '#000000' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().team).toMatchObject({ name: 'Fryers', colour: '#000000', textColour: '#ffffff' });
    const audit = await app.db.orm.em
      .fork()
      .findOneOrFail(AuditEntrySchema, { action: 'team.update', targetId: t._id });
    expect(audit.before).toEqual({ name: 'Fry Cooks', colour: '#1f6fd1' });
    expect(audit.after).toEqual({ name: 'Fryers', colour: '#000000' });
    await team('Taken Name');
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/client/teams/${t._id}`,
          headers: manager.auth,
          payload: { name: 'TAKEN name' },
        })
      ).statusCode,
    ).toBe(409);
    const missing = '1234567890123456789';
    expect((await app.inject({ method: 'POST', url: `/api/client/teams/${missing}` })).statusCode).toBe(404);
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/client/teams/${missing}`,
          headers: manager.auth,
          payload: { name: 'Nope nope' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/client/teams/${missing}`, headers: manager.auth })).statusCode,
    ).toBe(404);
  });

  it('a team’s members come by name in any case, the display name before the username, then by ID', async () => {
    const t = await team();
    const [zed, alpha, bravo, same1, same2] = await Promise.all([staff(), staff(), staff(), staff(), staff()]);
    const em = app.db.orm.em.fork();
    const named = [
      [zed, 'aaron', 'Zed'],
      [alpha, 'alpha', null],
      [bravo, 'zz', 'Bravo'],
      [same1, 'same.one', 'Same'],
      [same2, 'same.two', 'same'],
    ] as const;
    for (const [user, username, displayName] of named) {
      await em.nativeUpdate(UserSchema, { id: user.id }, { username, displayName });
      expect((await move(user.id, t._id)).statusCode).toBe(200);
    }
    const one = await app.inject({ method: 'POST', url: `/api/client/teams/${t._id}` });
    expect(one.statusCode).toBe(200);
    const members = one.json().team.members as { id: string; displayName: string | null; joinedAt: string }[];
    const sames = [same1.id, same2.id].sort();
    expect(members.map((m) => m.id)).toEqual([alpha.id, bravo.id, ...sames, zed.id]);
    expect(members[0]).toMatchObject({ displayName: null, joinedAt: new Date(members[0]!.joinedAt).toISOString() });
  });

  it('moves a staff member between teams (one team at most), tells them, and refuses unknown users or teams', async () => {
    const [t1, t2] = [await team(), await team()];
    const a = await staff();
    const first = await move(a.id, t1._id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ userID: a.id, updatedTeam: { _id: t1._id, memberCount: 1 } });
    expect((await move(a.id, t2._id)).json().updatedTeam).toMatchObject({ _id: t2._id });
    expect(await app.db.orm.em.fork().count(TeamMemberSchema, { user: a.id })).toBe(1);
    const mine = await app.inject({ method: 'GET', url: '/api/client/users/team', headers: a.auth });
    expect(mine.json().team).toMatchObject({ _id: t2._id });
    expect(notices.map((x) => [x.userId, x.kind])).toEqual([
      [a.id, 'team.joined'],
      [a.id, 'team.joined'],
    ]);
    const audits = await app.db.orm.em
      .fork()
      .find(AuditEntrySchema, { action: 'user.team.update', targetId: a.id }, { orderBy: { at: 'asc', id: 'asc' } });
    expect(audits.map((x) => [x.before, x.after])).toEqual([
      [{ team: null }, { team: t1.name }],
      [{ team: t1.name }, { team: t2.name }],
    ]);
    expect((await move(a.id, null)).json()).toEqual({ userID: a.id, updatedTeam: null });
    expect((await app.inject({ method: 'GET', url: '/api/client/users/team', headers: a.auth })).json()).toEqual({
      team: null,
    });
    expect((await move('1234567890123456789', t1._id)).statusCode).toBe(404);
    expect((await move(a.id, '1234567890123456789')).statusCode).toBe(404);
  });

  it('a customer joins a team and leaves it themselves; a manager moves a customer too; staff are placed by managers', async () => {
    const [t1, t2] = [await team(), await team()];
    const customer = await app.createUser();
    const join = (user: TestUser, id: string) =>
      app.inject({ method: 'POST', url: `/api/client/teams/${id}/join`, headers: user.auth });
    const leave = (user: TestUser, id: string) =>
      app.inject({ method: 'POST', url: `/api/client/teams/${id}/leave`, headers: user.auth });
    const joined = await join(customer, t1._id);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ userID: customer.id, updatedTeam: { _id: t1._id, memberCount: 1 } });
    expect(
      (await app.inject({ method: 'GET', url: '/api/client/users/team', headers: customer.auth })).json().team,
    ).toMatchObject({ _id: t1._id });
    // Again: already there, nothing changes.
    expect((await join(customer, t1._id)).json()).toMatchObject({ updatedTeam: { _id: t1._id, memberCount: 1 } });
    // Another team: leave this one first (a switch is two deliberate steps, and two joins at once have one winner).
    const other = await join(customer, t2._id);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(`You are in ${t1.name}: leave it before joining another team.`);
    const wrongLeave = await leave(customer, t2._id);
    expect(wrongLeave.statusCode).toBe(409);
    expect(wrongLeave.json().message).toBe(`You are not in ${t2.name}.`);
    const left = await leave(customer, t1._id);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toEqual({ userID: customer.id, updatedTeam: null });
    expect(await app.db.orm.em.fork().count(TeamMemberSchema, { user: customer.id })).toBe(0);
    // Their own choice: no notice, no audit entry (a manager's move has both).
    expect(notices).toEqual([]);
    expect(
      await app.db.orm.em.fork().count(AuditEntrySchema, { action: 'user.team.update', targetId: customer.id }),
    ).toBe(0);
    expect((await join(customer, '1234567890123456789')).statusCode).toBe(404);

    // A team manager moves anyone, a customer included.
    const moved = await move(customer.id, t2._id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(notices.map((x) => [x.userId, x.kind])).toEqual([[customer.id, 'team.joined']]);

    // Staff do not pick their own team: the team managers place them (and balance them).
    const chef = await staff();
    const refused = await join(chef, t1._id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Staff are placed in teams by the team managers.');
    await move(chef.id, t1._id);
    expect((await leave(chef, t1._id)).statusCode).toBe(403);
    expect(await app.db.orm.em.fork().count(TeamMemberSchema, { user: chef.id, team: t1._id })).toBe(1);
  });

  it('bulk moves are all or nothing; balance puts teamless staff into the smallest team (ties: fewest orders)', async () => {
    const em = app.db.orm.em.fork();
    // Start from no team at all, so balance sees only this test's teams.
    await em.nativeDelete(TeamSchema, {});
    const [small, busy, big] = [await team('Small'), await team('Busy'), await team('Big')];
    await em.nativeUpdate(TeamSchema, { id: busy._id }, { orders: 10 });
    const members = await Promise.all([staff(), staff()]);
    const bulk = (payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/client/teams/bulk-update-teams', headers: manager.auth, payload });
    const refused = await bulk({
      mode: 'move',
      moves: [
        { userID: members[0]!.id, teamID: big._id },
        { userID: '1234567890123456789', teamID: big._id },
      ],
    });
    expect(refused.statusCode).toBe(404);
    expect(await em.count(TeamMemberSchema, { team: big._id })).toBe(0);
    const moved = await bulk({ mode: 'move', moves: members.map((m) => ({ userID: m.id, teamID: big._id })) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().moved).toHaveLength(2);
    expect((moved.json().teams as TeamView[]).find((t) => t._id === big._id)!.memberCount).toBe(2);

    // Everyone else with a rank in this database is teamless: balance places them all.
    const inTeams = new Set((await em.find(TeamMemberSchema, {})).map((m) => m.user.id));
    const teamless = (await rankHolderIdsIn(em)).filter((id) => !inTeams.has(id));
    expect(await teamsOf(app).teams.teamlessStaffCount()).toBe(teamless.length);
    const balanced = await bulk({ mode: 'balance' });
    expect(balanced.statusCode, balanced.body).toBe(200);
    const placed = balanced.json().moved as { userID: string; teamID: string }[];
    expect(placed.map((m) => m.userID).sort()).toEqual(teamless.sort());
    // Small (0 members, 0 orders) before Busy (0 members, 10 orders); Big (2) only once the others have 2.
    expect(placed[0]!.teamID).toBe(small._id);
    expect(placed[1]!.teamID).toBe(busy._id);
    const sizes = (balanced.json().teams as TeamView[]).map((t) => t.memberCount);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    expect((await bulk({ mode: 'balance' })).json().moved).toEqual([]);
    expect(await teamsOf(app).teams.teamlessStaffCount()).toBe(0);
    await em.nativeDelete(TeamSchema, {});
    expect((await bulk({ mode: 'balance' })).statusCode).toBe(409);
  });

  it('deleting a team leaves its members teamless, audited', async () => {
    const t = await team();
    const a = await staff();
    await move(a.id, t._id);
    const answer = await app.inject({ method: 'DELETE', url: `/api/client/teams/${t._id}`, headers: manager.auth });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().team).toMatchObject({ _id: t._id, memberCount: 1 });
    expect(await app.db.orm.em.fork().count(TeamMemberSchema, { user: a.id })).toBe(0);
    expect(await app.db.orm.em.fork().count(AuditEntrySchema, { action: 'team.delete', targetId: t._id })).toBe(1);
  });

  it('a delivered order counts once for the chef’s team and once for the driver’s; reported orders and repeats change nothing', async () => {
    const [kitchen, road] = [await team(), await team()];
    const [chef, driver, sameTeamDriver, teamless] = [await staff(), await staff(), await staff(), await staff()];
    await move(chef.id, kitchen._id);
    await move(driver.id, road._id);
    await move(sameTeamDriver.id, kitchen._id);
    const counted = Number(
      (await app.db.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from team_order_credits'))[0]!.n,
    );

    const [one] = await readyOrders(app, chef, driver);
    const delivered = await deliver(app, driver, one!);
    await untilCredited(app, counted + 1);
    expect([await ordersOfTeam(kitchen._id), await ordersOfTeam(road._id)]).toEqual([1, 1]);

    const [two] = await readyOrders(app, chef, sameTeamDriver);
    await deliver(app, sameTeamDriver, two!);
    await untilCredited(app, counted + 2);
    expect([await ordersOfTeam(kitchen._id), await ordersOfTeam(road._id)]).toEqual([2, 1]);

    const [three] = await readyOrders(app, chef, teamless);
    await deliver(app, teamless, three!);
    await untilCredited(app, counted + 3);
    expect(await ordersOfTeam(kitchen._id)).toBe(3);

    // The same event again (another process, a redelivery): counted already.
    expect(await teamsOf(app).counter.credit(delivered)).toBe(0);
    const [reported] = await readyOrders(app, chef, driver);
    const troll = await deliver(app, driver, reported!, true);
    expect(await teamsOf(app).counter.credit(troll)).toBe(0);
    expect([await ordersOfTeam(kitchen._id), await ordersOfTeam(road._id)]).toEqual([3, 1]);

    const reset = await app.inject({
      method: 'POST',
      url: `/api/client/teams/reset-orders/${kitchen._id}`,
      headers: manager.auth,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().team).toMatchObject({ orders: 0, ordersResetAt: expect.any(String) });
    const audit = await app.db.orm.em
      .fork()
      .findOneOrFail(AuditEntrySchema, { action: 'team.reset', targetId: kitchen._id });
    expect([audit.before, audit.after]).toEqual([{ orders: 3 }, { orders: 0 }]);
  });

  it("a customer's delivered order counts for their team too, once per team among customer, chef and driver", async () => {
    const [fans, kitchen] = [await team(), await team()];
    const customer = await app.createUser();
    const [chef, driver] = [await staff(), await staff()];
    expect(
      (await app.inject({ method: 'POST', url: `/api/client/teams/${fans._id}/join`, headers: customer.auth }))
        .statusCode,
    ).toBe(200);
    await move(chef.id, kitchen._id);
    await move(driver.id, fans._id);
    const counted = Number(
      (await app.db.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from team_order_credits'))[0]!.n,
    );
    const [one] = await readyOrders(app, chef, driver, 1, customer.id);
    await deliver(app, driver, one!);
    await untilCredited(app, counted + 1);
    // The customer and the driver share a team: once for it; once for the chef's.
    expect([await ordersOfTeam(fans._id), await ordersOfTeam(kitchen._id)]).toEqual([1, 1]);
    const board = (await app.inject({ method: 'GET', url: '/api/client/orders/leaderboard?period=day' })).json()
      .leaderboard as Leaderboard;
    expect(board.teams.filter((t) => [fans.name, kitchen.name].includes(t.team.name)).map((t) => t.orders)).toEqual([
      1, 1,
    ]);
  });

  it('Top teams: a period counts delivered orders by the people’s current teams, all time is the counter; cached boards update', async () => {
    const em = app.db.orm.em.fork();
    await em.nativeDelete(TeamSchema, {});
    const [grill, wheels] = [await team('Grill'), await team('Wheels')];
    const [chef, driver] = [await staff(), await staff()];
    await move(chef.id, grill._id);
    await move(driver.id, wheels._id);
    const board = async (period: string) =>
      (await app.inject({ method: 'GET', url: `/api/client/orders/leaderboard?period=${period}` })).json()
        .leaderboard as Leaderboard;
    expect((await board('all')).teams).toEqual([]);
    const counted = Number((await em.execute<{ n: string }[]>('select count(*) as n from team_order_credits'))[0]!.n);
    const ids = await readyOrders(app, chef, driver, 2);
    for (const id of ids) await deliver(app, driver, id);
    await untilCredited(app, counted + 2);
    await em.nativeUpdate(TeamSchema, { id: wheels._id }, { orders: 5 });
    teamsOf(app).teams.boardChanged();
    expect((await board('all')).teams.map((t) => [t.team.name, t.orders])).toEqual([
      ['Wheels', 5],
      ['Grill', 2],
    ]);
    for (const period of ['day', 'week', 'month']) {
      expect((await board(period)).teams.map((t) => [t.team.name, t.orders])).toEqual([
        ['Grill', 2],
        ['Wheels', 2],
      ]);
    }
    // An order delivered long ago counts for all time (the counter) and not for the week.
    await em.nativeUpdate(
      TeamOrderCreditSchema,
      { orderId: ids[0]! },
      { deliveredAt: new Date(Date.now() - 8 * 86_400_000) },
    );
    teamsOf(app).teams.boardChanged();
    expect((await board('week')).teams.map((t) => t.orders)).toEqual([1, 1]);
    expect((await board('month')).teams.map((t) => t.orders)).toEqual([2, 2]);
    await setEnabled(false);
    expect((await board('all')).teams).toEqual([]);
    await setEnabled(true);
    expect((await board('all')).teams).toHaveLength(2);
  });

  it('catch-up at start: counted orders nobody heard, and credits from before they kept their people, reach the period boards; the counters stay', async () => {
    const em = app.db.orm.em.fork();
    await em.nativeDelete(TeamSchema, {});
    const grill = await team('Grill');
    const chef = await staff();
    await move(chef.id, grill._id);
    const at = new Date(Date.now() - 2 * 86_400_000);
    const past = { item: 'Fries', mentions: [], status: 'DELIVERED' as const, preparedBy: chef.id, deliveredAt: at };
    const [, heardBefore] = await recordPastOrdersIn(em, [
      { ...past, customer: newId(), orderedAt: at, updatedAt: at },
      { ...past, customer: newId(), orderedAt: at, updatedAt: at },
    ]);
    em.create(TeamOrderCreditSchema, { orderId: heardBefore!.id, creditedAt: at });
    await em.flush();
    const board = async (period: string) =>
      (
        (await app.inject({ method: 'GET', url: `/api/client/orders/leaderboard?period=${period}` })).json()
          .leaderboard as Leaderboard
      ).teams.map((t) => [t.team.name, t.orders]);
    expect(await board('week')).toEqual([]);
    expect(await teamsOf(app).counter.catchUp()).toBe(2);
    expect(await board('week')).toEqual([['Grill', 2]]);
    expect(await board('all')).toEqual([]);
    expect(await teamsOf(app).counter.catchUp()).toBe(0);
  });

  it('teamsEnabled off: team routes answer 404 except to MANAGE_TEAMS, who can still prepare teams', async () => {
    await setEnabled(false);
    try {
      const customer = await app.createUser();
      const t = await team();
      for (const user of [undefined, customer]) {
        const headers = user?.auth;
        expect((await app.inject({ method: 'GET', url: '/api/client/teams', headers })).statusCode).toBe(404);
        expect((await app.inject({ method: 'POST', url: `/api/client/teams/${t._id}`, headers })).statusCode).toBe(404);
      }
      expect(
        (await app.inject({ method: 'GET', url: '/api/client/users/team', headers: customer.auth })).statusCode,
      ).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/client/teams', headers: manager.auth })).statusCode).toBe(
        200,
      );
      expect(
        (await app.inject({ method: 'GET', url: '/api/client/users/team', headers: manager.auth })).statusCode,
      ).toBe(200);
    } finally {
      await setEnabled(true);
    }
  });
});
