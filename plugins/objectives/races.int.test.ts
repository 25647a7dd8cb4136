import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { ObjectiveClaimSchema } from './entities.ts';
import { ADMIN, deliveredOrders, objectiveBody, STAFF } from './test-helpers.ts';

/**
 * Claims at once. PGlite runs one transaction at a time; on PostgreSQL (TEST_DATABASE_URL) these race for real, and
 * only the unique claim row, written in the reward's transaction, makes 20 claims pay once.
 */
describe('objective claims under concurrency', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' } });
  });
  afterAll(() => app?.close());

  it('20 claims of one complete objective at once: one 200, nineteen 409, the coins paid once', async () => {
    const admin = await app.createUser({ rankPermissions: ADMIN });
    const store = appServices(app.server.ctx).store;
    for (let trial = 0; trial < 3; trial++) {
      const driver = await app.createUser({ rankPermissions: STAFF });
      await deliveredOrders(app, 3, { driver: driver.id });
      const created = await app.inject({
        method: 'POST',
        url: '/api/client/objectives/',
        headers: admin.auth,
        payload: objectiveBody({ scope: 'user', userId: driver.id, reward: { type: 'VD_CURRENCY', amount: 500 } }),
      });
      const id = created.json().objective._id;
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          app.inject({ method: 'POST', url: `/api/client/objectives/claim/${id}`, headers: driver.auth }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
      expect(answers.find((a) => a.statusCode === 200)!.json().balance).toBe(500);
      expect(await store.coins.balance(driver.id)).toBe(500);
      expect(await app.db.orm.em.fork().count(ObjectiveClaimSchema, { objective: id })).toBe(1);
      const ledger = await store.coins.transactions(driver.id);
      expect(ledger.filter((row) => row.reference === `objective:${id}`)).toHaveLength(1);
    }
  });

  it('20 users claiming one global objective at once each get paid once', async () => {
    const admin = await app.createUser({ rankPermissions: ADMIN });
    const store = appServices(app.server.ctx).store;
    const users = await Promise.all(Array.from({ length: 10 }, () => app.createUser({ rankPermissions: STAFF })));
    for (const user of users) await deliveredOrders(app, 3, { driver: user.id });
    const created = await app.inject({
      method: 'POST',
      url: '/api/client/objectives/',
      headers: admin.auth,
      payload: objectiveBody({ reward: { type: 'VD_CURRENCY', amount: 7 } }),
    });
    const id = created.json().objective._id;
    const answers = await Promise.all(
      users.flatMap((user) =>
        [user, user].map((u) =>
          app.inject({ method: 'POST', url: `/api/client/objectives/claim/${id}`, headers: u.auth }),
        ),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(10);
    for (const user of users) expect(await store.coins.balance(user.id)).toBe(7);
  });

  it('a perk claimed 10 times at once is granted once', async () => {
    const admin = await app.createUser({ rankPermissions: ADMIN });
    const store = appServices(app.server.ctx).store;
    const chef = await app.createUser({ rankPermissions: STAFF });
    await deliveredOrders(app, 1, { chef: chef.id });
    const created = await app.inject({
      method: 'POST',
      url: '/api/client/objectives/',
      headers: admin.auth,
      payload: objectiveBody({
        scope: 'user',
        userId: chef.id,
        type: 'ORDER_TARGET_PREPARED',
        target: 1,
        reward: { type: 'VD_PERK', perk: 'FEEDBACK_BETA', days: 3 },
      }),
    });
    const id = created.json().objective._id;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.inject({ method: 'POST', url: `/api/client/objectives/claim/${id}`, headers: chef.auth }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect((await store.grants.activeFor(chef.id)).filter((g) => g.sourceRef === id)).toHaveLength(1);
  });
});
