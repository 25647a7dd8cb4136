import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSchema } from '../../core/auth/entities.ts';
import type { DomainEvents } from '../../core/events.ts';
import { OP } from '../../core/gateway/protocol.ts';
import { GatewayTestClient } from '../../tests/support/gateway-client.ts';
import { createRank, rankIdsOf } from '../../tests/support/ranks.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import type { OrderView } from '../orders/schemas.ts';
import { ObjectiveClaimSchema, ObjectiveSchema } from './entities.ts';
import './events.ts';
import { appServices } from '../index.ts';
import { ObjectiveLive } from './live.ts';
import type { ClaimView, ObjectiveView } from './schemas.ts';
import { ADMIN, deliveredOrders, objectiveBody, STAFF } from './test-helpers.ts';

const HOUR = 60 * 60 * 1000;

describe('objectives', () => {
  let app: TestApp;
  let admin: TestUser;
  let url: string;
  const clients: GatewayTestClient[] = [];

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' } });
    admin = await app.createUser({ rankPermissions: ADMIN, rankPosition: 9000 });
    url = await app.server.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await app?.close();
  });

  const store = () => appServices(app.server.ctx).store;
  const create = async (body: Record<string, unknown>) => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/client/objectives/',
      headers: admin.auth,
      payload: body,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().objective as { _id: string };
  };
  const claim = (user: TestUser, id: string) =>
    app.inject({ method: 'POST', url: `/api/client/objectives/claim/${id}`, headers: user.auth });
  const mine = async (user: TestUser) =>
    (await app.inject({ method: 'GET', url: `/api/client/objectives/user/${user.id}`, headers: user.auth })).json()
      .objectives as ObjectiveView[];

  it("GET /api/client/objectives/user/{not a snowflake}: 400 'User ID is not a snowflake'", async () => {
    const staff = await app.createUser({ rankPermissions: STAFF });
    for (const bad of ['abc', '123', '12345678901234x6']) {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/client/objectives/user/${bad}`,
        headers: staff.auth,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: 'User ID is not a snowflake',
      });
    }
  });

  it('counts delivered, prepared and total orders inside the window only; reported orders count for nobody', async () => {
    const driver = await app.createUser({ rankPermissions: STAFF });
    const chef = await app.createUser({ rankPermissions: STAFF });
    const from = new Date(Date.now() - 2 * HOUR).toISOString();
    const delivered = await create(objectiveBody({ scope: 'user', userId: driver.id, target: 3, from }));
    const prepared = await create(
      objectiveBody({ scope: 'user', userId: chef.id, type: 'ORDER_TARGET_PREPARED', target: 2, from }),
    );
    const total = await create(
      objectiveBody({ scope: 'user', userId: driver.id, type: 'ORDER_TARGET_TOTAL', target: 4, from }),
    );
    await deliveredOrders(app, 5, { chef: chef.id, driver: driver.id, at: new Date(Date.now() - 3 * HOUR) }); // before the window
    await deliveredOrders(app, 1, { chef: chef.id, driver: driver.id, report: true });
    await deliveredOrders(app, 2, { chef: chef.id, driver: driver.id });
    await deliveredOrders(app, 1, { chef: driver.id, driver: null });
    const driverViews = await mine(driver);
    expect(driverViews.find((o) => o._id === delivered._id)).toMatchObject({
      progress: 2,
      target: 3,
      claimable: false,
      claim: null,
    });
    expect(driverViews.find((o) => o._id === total._id)).toMatchObject({ progress: 3, claimable: false });
    expect((await mine(chef)).find((o) => o._id === prepared._id)).toMatchObject({ progress: 2, claimable: true });
    expect(
      driverViews.some((o) => o._id === prepared._id),
      "someone else's personal objective",
    ).toBe(false);
  });

  it('claims only when complete (409 with the progress), then pays the coins once and keeps the claim', async () => {
    const driver = await app.createUser({ rankPermissions: STAFF });
    const { _id: id } = await create(
      objectiveBody({
        scope: 'user',
        userId: driver.id,
        target: 3,
        from: new Date(Date.now() - HOUR).toISOString(),
        reward: { type: 'VD_CURRENCY', amount: 150 },
      }),
    );
    await deliveredOrders(app, 2, { driver: driver.id });
    const early = await claim(driver, id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: expect.stringContaining('2 of 3'), progress: 2, target: 3 });
    expect(await app.db.orm.em.fork().count(ObjectiveClaimSchema, { objective: id })).toBe(0);
    await deliveredOrders(app, 1, { driver: driver.id });
    const claimed = await claim(driver, id);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({
      completed: true,
      balance: 150,
      claim: { objectiveId: id, userId: driver.id, progress: 3 },
    });
    expect((await claim(driver, id)).statusCode).toBe(409);
    expect(await store().coins.balance(driver.id)).toBe(150);
    const claims = await app.inject({
      method: 'GET',
      url: `/api/client/objectives/claimed/${driver.id}`,
      headers: driver.auth,
    });
    expect(claims.json().claims).toEqual([
      expect.objectContaining({ objectiveId: id, objective: expect.objectContaining({ title: 'Deliver 3 orders' }) }),
    ]);
  });

  it('a perk or rank reward is granted (for N days), a custom one waits for a manager to mark it fulfilled', async () => {
    const chef = await app.createUser({ rankPermissions: STAFF });
    await deliveredOrders(app, 1, { chef: chef.id });
    const perk = await create(
      objectiveBody({
        scope: 'user',
        userId: chef.id,
        type: 'ORDER_TARGET_PREPARED',
        target: 1,
        reward: { type: 'VD_PERK', perk: 'FEEDBACK_BETA', days: 7 },
      }),
    );
    const rank = { id: await createRank(app, { name: 'Objective rank', position: 42, permissions: 0 }) };
    const ranked = await create(
      objectiveBody({
        scope: 'user',
        userId: chef.id,
        type: 'ORDER_TARGET_TOTAL',
        target: 1,
        reward: { type: 'VD_RANK', rankId: rank.id, days: null },
      }),
    );
    const custom = await create(
      objectiveBody({
        scope: 'user',
        userId: chef.id,
        type: 'ORDER_TARGET_PREPARED',
        target: 1,
        reward: { type: 'CUSTOM', text: 'A diner apron' },
      }),
    );
    for (const { _id } of [perk, ranked, custom]) expect((await claim(chef, _id)).statusCode).toBe(200);
    const user = await app.db.orm.em.fork().findOneOrFail(UserSchema, { id: chef.id });
    expect(user.grantedPerks).toContain('FEEDBACK_BETA');
    expect(await rankIdsOf(app, chef.id)).toContain(rank.id);
    const grants = await store().grants.activeFor(chef.id);
    expect(grants.find((g) => g.value === 'FEEDBACK_BETA')?.endsAt).not.toBeNull();

    const pending = await app.inject({
      method: 'GET',
      url: '/api/client/objectives/claims?pending=true',
      headers: admin.auth,
    });
    const claimRow = pending.json().claims.find((c: ClaimView) => c.objectiveId === custom._id);
    expect(claimRow).toMatchObject({
      fulfilledAt: null,
      objective: { reward: { type: 'CUSTOM', text: 'A diner apron' } },
    });
    const fulfil = () =>
      app.inject({ method: 'POST', url: `/api/client/objectives/claims/${claimRow._id}/fulfil`, headers: admin.auth });
    expect((await fulfil()).json().claim.fulfilledAt).toEqual(expect.any(String));
    expect((await fulfil()).statusCode).toBe(409);
  });

  it('a global objective applies to everyone holding MANAGE_ORDERS; the preview counts them', async () => {
    const before = (
      await app.inject({ method: 'GET', url: '/api/client/objectives/audience?scope=global', headers: admin.auth })
    ).json().count;
    const staff = await app.createUser({ rankPermissions: STAFF });
    await app.createUser({ rankPermissions: ['VIEW_OWN_ACHIEVEMENTS'] });
    await app.createUser({ rankPermissions: STAFF, ban: { reason: 'Troll' } });
    expect(
      (
        await app.inject({ method: 'GET', url: '/api/client/objectives/audience?scope=global', headers: admin.auth })
      ).json().count,
    ).toBe(before + 1);
    const person = await app.inject({
      method: 'GET',
      url: `/api/client/objectives/audience?scope=user&userId=${staff.id}`,
      headers: admin.auth,
    });
    expect(person.json()).toMatchObject({ scope: 'user', user: { id: staff.id } });
    const { _id } = await create(objectiveBody({ title: 'Everyone delivers' }));
    expect((await mine(staff)).some((o) => o._id === _id)).toBe(true);
    const achiever = await app.createUser({ rankPermissions: ['VIEW_OWN_ACHIEVEMENTS'] });
    expect((await mine(achiever)).some((o) => o._id === _id)).toBe(false);
    expect((await claim(achiever, _id)).statusCode).toBe(404);
    const globals = await app.inject({ method: 'GET', url: '/api/client/objectives?global=true', headers: staff.auth });
    expect(globals.json().objectives.every((o: ObjectiveView) => o.scope === 'global')).toBe(true);
  });

  it('a deleted objective disappears but its claims keep their history; delete is audited', async () => {
    const driver = await app.createUser({ rankPermissions: STAFF });
    await deliveredOrders(app, 1, { driver: driver.id });
    const claimed = await create(objectiveBody({ scope: 'user', userId: driver.id, target: 1 }));
    const unclaimed = await create(
      objectiveBody({ scope: 'user', userId: driver.id, target: 1, title: 'Not claimed' }),
    );
    expect((await claim(driver, claimed._id)).statusCode).toBe(200);
    for (const { _id } of [claimed, unclaimed]) {
      expect(
        (await app.inject({ method: 'DELETE', url: `/api/client/objectives/${_id}`, headers: admin.auth })).json()
          .objective.deletedAt,
      ).toEqual(expect.any(String));
    }
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/client/objectives/${unclaimed._id}`, headers: admin.auth }))
        .statusCode,
    ).toBe(404);
    expect((await claim(driver, unclaimed._id)).statusCode).toBe(404);
    const views = await mine(driver);
    expect(views.find((o) => o._id === claimed._id)).toMatchObject({
      deletedAt: expect.any(String),
      claim: expect.objectContaining({ progress: 1 }),
    });
    expect(views.some((o) => o._id === unclaimed._id)).toBe(false);
    expect(await app.db.orm.em.fork().count(ObjectiveSchema, { id: claimed._id })).toBe(1);
    const audit = await app.db.orm.em
      .getConnection()
      .execute<{ n: string }[]>(
        `select count(*) as n from audit_log where action = 'objective.delete' and target_id = ?`,
        [claimed._id],
      );
    expect(Number(audit[0]!.n)).toBe(1);
  });

  it('bad input is a 400 that writes nothing', async () => {
    const before = await app.db.orm.em.fork().count(ObjectiveSchema, {});
    const bad = [
      objectiveBody({ target: 0 }),
      objectiveBody({ scope: 'user' }),
      objectiveBody({ userId: '1100000000000000002' }),
      objectiveBody({ from: '2026-12-02T00:00:00Z', until: '2026-12-01T00:00:00Z' }),
      objectiveBody({ reward: { type: 'VD_PERK', perk: 'NOT_A_PERK' } }),
      objectiveBody({ reward: { type: 'VD_CURRENCY', amount: 1.5 } }),
      objectiveBody({ extra: true }),
      objectiveBody({ title: 'a\u0000b' }),
    ];
    for (const payload of bad) {
      const answer = await app.inject({ method: 'POST', url: '/api/client/objectives/', headers: admin.auth, payload });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().issues).toEqual(expect.any(Array));
    }
    expect(await app.db.orm.em.fork().count(ObjectiveSchema, {})).toBe(before);
  });

  it('objectiveCompleted goes live to that user only, once, when a delivery completes their objective', async () => {
    const driver = await app.createUser({ rankPermissions: STAFF });
    const chef = await app.createUser({ rankPermissions: STAFF });
    const { _id } = await create(
      objectiveBody({ scope: 'user', userId: driver.id, target: 2, from: new Date(Date.now() - HOUR).toISOString() }),
    );
    const [mineSocket, other] = await Promise.all(
      [driver, chef].map((u) => GatewayTestClient.identified(url, u.token)),
    );
    clients.push(mineSocket!, other!);
    const order = (deliveredAt: string) =>
      ({
        status: 'DELIVERED',
        report: false,
        deliveredAt,
        preparedBy: { id: chef.id },
        deliveredBy: { id: driver.id },
      }) as unknown as OrderView;
    // Every process's listener hears every delivery (the event bridge), so three hear each one at once here. The
    // listener that ships with the app is wired to the bus; the browser journey (tests/e2e/achievements.spec.ts)
    // sees it tell a driver live.
    const processes = [1, 2, 3].map(() => new ObjectiveLive({ ...app.server.ctx, orm: app.db.orm }));
    const told: DomainEvents['objectiveCompleted'][] = [];
    const stop = app.server.ctx.events.on('objectiveCompleted', (event) => void told.push(event));
    const heard = () => Promise.all(processes.map((live) => live.delivered(order(new Date().toISOString()))));
    await deliveredOrders(app, 1, { chef: chef.id, driver: driver.id });
    await heard();
    // One of two: nobody is told.
    expect(told).toEqual([]);
    await deliveredOrders(app, 1, { chef: chef.id, driver: driver.id });
    await heard();
    stop();
    // Two of two, heard three times: told once.
    expect(told).toHaveLength(1);
    expect(await mineSocket!.event('objectiveCompleted')).toEqual({
      op: OP.EVENT,
      t: 'objectiveCompleted',
      data: {
        objectiveId: _id,
        title: 'Deliver 3 orders',
        progress: 2,
        target: 2,
        reward: { type: 'VD_CURRENCY', amount: 100 },
      },
    });
    // A socket receives what the server sends in order: the answer to a heartbeat sent now comes after any event
    // sent before it.
    for (const socket of [mineSocket!, other!]) {
      socket.send({ op: OP.HEARTBEAT });
      await socket.next((m) => m.op === OP.HEARTBEAT_ACK);
    }
    expect(mineSocket!.events('objectiveCompleted')).toHaveLength(1);
    expect(other!.events('objectiveCompleted')).toEqual([]);
  });

  it("the global audience: MANAGE_ORDERS or SUPER_ADMIN, own or a rank's, never banned; every reader agrees", async () => {
    const count = async () =>
      (
        await app.inject({ method: 'GET', url: '/api/client/objectives/audience?scope=global', headers: admin.auth })
      ).json().count as number;
    const before = await count();
    const inside = [
      await app.createUser({ username: 'Zed', permissions: ['MANAGE_ORDERS'] }),
      await app.createUser({ username: 'amy', permissions: ['SUPER_ADMIN'] }),
      await app.createUser({ rankPermissions: STAFF }),
      await app.createUser({ rankPermissions: ['SUPER_ADMIN'] }),
    ];
    const outside = [
      await app.createUser({ permissions: ['VIEW_OWN_ACHIEVEMENTS'] }),
      await app.createUser({ rankPermissions: ['VIEW_OWN_ACHIEVEMENTS'] }),
      await app.createUser({ permissions: ['MANAGE_ORDERS'], ban: { reason: 'Troll' } }),
      await app.createUser({ rankPermissions: ['SUPER_ADMIN'], ban: { reason: 'Troll' } }),
    ];
    expect(await count()).toBe(before + inside.length);

    // The create form's people: the audience, by name whatever its case (amy before Zed).
    const members = (await appServices(app.server.ctx).objectives.objectives.members()).map((m) => m.id);
    for (const user of inside) expect(members).toContain(user.id);
    for (const user of outside) expect(members).not.toContain(user.id);
    expect(members.indexOf(inside[1]!.id)).toBeLessThan(members.indexOf(inside[0]!.id));

    // Someone else's objectives (an admin asks): the global ones are listed only for the audience.
    const { _id } = await create(objectiveBody({ title: 'Audience check', target: 1 }));
    const listed = async (user: TestUser) =>
      (await app.inject({ method: 'GET', url: `/api/client/objectives/user/${user.id}`, headers: admin.auth }))
        .json()
        .objectives.some((o: ObjectiveView) => o._id === _id);
    for (const user of inside) expect(await listed(user)).toBe(true);
    for (const user of outside) expect(await listed(user)).toBe(false);

    // The live check: a delivery completes the global objective for the audience only.
    const live = new ObjectiveLive({ ...app.server.ctx, orm: app.db.orm });
    const told: string[] = [];
    const stop = app.server.ctx.events.on('objectiveCompleted', (event) => {
      if (event.objectiveId === _id) told.push(event.userId);
    });
    for (const driver of [...inside, ...outside]) {
      await deliveredOrders(app, 1, { driver: driver.id });
      await live.delivered({
        status: 'DELIVERED',
        report: false,
        deliveredAt: new Date().toISOString(),
        deliveredBy: { id: driver.id },
      } as unknown as OrderView);
    }
    stop();
    expect(told.sort()).toEqual(inside.map((u) => u.id).sort());
  });

  it("refuses in the request's language: the goal in its words, orders counted by its plural rules", async () => {
    const driver = await app.createUser({ rankPermissions: STAFF });
    const { _id: id } = await create(objectiveBody({ scope: 'user', userId: driver.id, target: 1 }));
    const claimIn = (language: string) =>
      app.inject({
        method: 'POST',
        url: `/api/client/objectives/claim/${id}`,
        headers: { ...driver.auth, 'accept-language': language },
      });
    expect((await claimIn('fr')).json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Pas encore atteint : 0 sur 1 commande (Livrer 1 commande).',
      progress: 0,
      target: 1,
    });
    expect((await claimIn('de')).json().message).toBe(
      'Noch nicht erreicht: 0 von 1 Bestellung (1 Bestellung ausliefern).',
    );
    expect((await claim(driver, id)).json().message).toBe('Not complete yet: 0 of 1 orders (Deliver 1 order).');
  });
});
