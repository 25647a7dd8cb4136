import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../core/shared/permissions.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { rankHolderIdsIn } from '../ranks/index.ts';
import { TeamMemberSchema, TeamSchema } from './entities.ts';
import type { TeamView } from './schemas.ts';
import { deliver, readyOrders, STAFF, untilCredited } from './test-helpers.ts';

/**
 * Counters and membership under concurrency. PGlite runs one transaction at a time; on PostgreSQL
 * (TEST_DATABASE_URL) these race for real: only the increment in the database and the membership lock keep the
 * counts exact.
 */
const MANAGER: Permission[] = [...STAFF, 'MANAGE_TEAMS'];

describe('teams under concurrency', () => {
  let app: TestApp;
  let manager: TestUser;
  let n = 0;

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' } });
    manager = await app.createUser({ rankPermissions: MANAGER });
    const owner = await app.createUser({ permissions: ['SUPER_ADMIN'] });
    await app.inject({
      method: 'POST',
      url: '/api/client/settings/teamsEnabled',
      headers: owner.auth,
      payload: { val: true },
    });
  });
  afterAll(() => app?.close());

  async function team(name = `Race ${++n}`): Promise<TeamView> {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/client/teams',
      headers: manager.auth,
      payload: { name, icon: '🏁' },
    });
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
  const balance = () =>
    app.inject({
      method: 'POST',
      url: '/api/client/teams/bulk-update-teams',
      headers: manager.auth,
      payload: { mode: 'balance' },
    });
  const staff = (count: number) =>
    Promise.all(Array.from({ length: count }, () => app.createUser({ rankPermissions: [...STAFF] })));
  const orders = async (id: string) => (await app.db.orm.em.fork().findOneOrFail(TeamSchema, { id })).orders;

  it('500 deliveries spread over 10 drivers delivering at once count exactly 500 (and 250 for the other team)', {
    timeout: 120_000,
  }, async () => {
    const [kitchen, road] = [await team('Kitchen'), await team('Road')];
    const [chef] = await staff(1);
    const drivers = await staff(10);
    expect((await move(chef!.id, kitchen._id)).statusCode).toBe(200);
    // Half the drivers share the chef's team: their deliveries count once for it, not twice.
    for (const [i, driver] of drivers.entries())
      expect((await move(driver.id, i < 5 ? kitchen._id : road._id)).statusCode).toBe(200);
    const work = await Promise.all(drivers.map((driver) => readyOrders(app, chef!, driver, 50)));
    await Promise.all(
      drivers.map(async (driver, i) => {
        for (const id of work[i]!) expect((await deliver(app, driver, id)).status).toBe('DELIVERED');
      }),
    );
    await untilCredited(app, 500);
    expect(await orders(kitchen._id)).toBe(500);
    expect(await orders(road._id)).toBe(250);
  });

  it('20 balances at once place each teamless staff member once, evenly', async () => {
    await app.db.orm.em.fork().nativeDelete(TeamSchema, {});
    await Promise.all([team(), team(), team()]);
    await staff(30);
    const em = app.db.orm.em.fork();
    const members = new Set((await em.find(TeamMemberSchema, {})).map((m) => m.user.id));
    const teamless = (await rankHolderIdsIn(em)).filter((id) => !members.has(id)).length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => balance()));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.reduce((sum, a) => sum + a.json().moved.length, 0)).toBe(teamless);
    const sizes = (await app.inject({ method: 'GET', url: '/api/client/teams' }))
      .json()
      .teams.map((t: TeamView) => t.memberCount) as number[];
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(teamless);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });

  it('a balance and single moves of the same users at once: each user ends where the later write put them', async () => {
    for (let trial = 0; trial < 5; trial++) {
      await app.db.orm.em.fork().nativeDelete(TeamSchema, {});
      const [target] = await Promise.all([team(), team(), team()]);
      const users = await staff(8);
      const [balanced, ...singles] = await Promise.all([balance(), ...users.map((u) => move(u.id, target!._id))]);
      expect([balanced!.statusCode, ...singles.map((s) => s.statusCode)]).toEqual(Array(9).fill(200));
      // A user balance placed was teamless when it ran, so their single move came after it: every one of them
      // ends in the target team, whatever the order. Without the lock a balance would overwrite a move it did not see.
      const rows = await app.db.orm.em.fork().find(TeamMemberSchema, { user: { $in: users.map((u) => u.id) } });
      expect(rows).toHaveLength(8);
      expect(rows.every((row) => row.team.id === target!._id)).toBe(true);
    }
  });

  const join = (user: TestUser, teamID: string) =>
    app.inject({ method: 'POST', url: `/api/client/teams/${teamID}/join`, headers: user.auth });
  const memberships = (userId: string) => app.db.orm.em.fork().find(TeamMemberSchema, { user: userId });

  it('a customer joining five teams at once: one 200, four 409, and they are in the team that said 200', async () => {
    const teams = await Promise.all(Array.from({ length: 5 }, () => team()));
    for (let trial = 0; trial < 5; trial++) {
      const customer = await app.createUser();
      const answers = await Promise.all(teams.map((t) => join(customer, t._id)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
      const winner = teams[answers.findIndex((a) => a.statusCode === 200)]!;
      const rows = await memberships(customer.id);
      expect(rows.map((row) => row.team.id)).toEqual([winner._id]);
    }
  });

  it("a customer's join and a manager's move of them at once: they end in the manager's team; the join is a 200 before it or a 409 after", async () => {
    const [theirs, managers] = await Promise.all([team(), team()]);
    for (let trial = 0; trial < 5; trial++) {
      const customer = await app.createUser();
      const [joined, moved] = await Promise.all([join(customer, theirs._id), move(customer.id, managers._id)]);
      expect(moved.statusCode).toBe(200);
      expect([200, 409]).toContain(joined.statusCode);
      expect((await memberships(customer.id)).map((row) => row.team.id)).toEqual([managers._id]);
    }
  });

  it('customers joining a team while it is deleted: each join is a 200 before the delete or a 404 after; nobody is left in it', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const doomed = await team();
      const customers = await Promise.all(Array.from({ length: 5 }, () => app.createUser()));
      const [removed, ...joins] = await Promise.all([
        app.inject({ method: 'DELETE', url: `/api/client/teams/${doomed._id}`, headers: manager.auth }),
        ...customers.map((c) => join(c, doomed._id)),
      ]);
      expect(removed!.statusCode).toBe(200);
      for (const answer of joins) expect([200, 404]).toContain(answer.statusCode);
      expect(await app.db.orm.em.fork().count(TeamMemberSchema, { team: doomed._id })).toBe(0);
    }
  });

  it('the same team name created ten times at once: one 201, nine 409', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/client/teams',
          headers: manager.auth,
          payload: { name: i % 2 ? 'Twins' : 'TWINS', icon: '👯' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
  });

  it('moves into a team while it is deleted: each move is a 200 before the delete or a 404 after; nobody is left in it', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const doomed = await team();
      const users = await staff(5);
      const [removed, ...moves] = await Promise.all([
        app.inject({ method: 'DELETE', url: `/api/client/teams/${doomed._id}`, headers: manager.auth }),
        ...users.map((u) => move(u.id, doomed._id)),
      ]);
      expect(removed!.statusCode).toBe(200);
      for (const answer of moves) expect([200, 404]).toContain(answer.statusCode);
      expect(await app.db.orm.em.fork().count(TeamMemberSchema, { team: doomed._id })).toBe(0);
    }
  });
});
