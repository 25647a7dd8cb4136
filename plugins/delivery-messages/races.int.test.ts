import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../core/shared/permissions.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { DeliveryMessageSchema } from './entities.ts';

/**
 * Creates and uses at once (Promise.all of inject calls). PGlite runs one transaction at a time; on PostgreSQL
 * (TEST_DATABASE_URL) they race for real: the lock on the base slug and the unique index keep slugs distinct, and
 * one `uses = uses + 1` statement counts every use.
 */
const CHEF: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS'];

describe('premade delivery messages under concurrency', () => {
  let app: TestApp;
  let users: TestUser[];

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' } });
    users = [];
    for (let i = 0; i < 6; i++) users.push(await app.createUser({ rankPermissions: CHEF }));
    // Six users and a server: more than the default hook time on a loaded two-core machine.
  });
  afterAll(() => app?.close());

  it('creates with one title at once get distinct slugs (or a 409), never a 500', async () => {
    for (let trial = 0; trial < 3; trial++) {
      const title = `Race title ${trial}`;
      const answers = await Promise.all(
        users.map((user) =>
          app.inject({
            method: 'POST',
            url: '/api/client/delivery-messages',
            headers: user.auth,
            payload: { title, message: 'Race {customer}' },
          }),
        ),
      );
      for (const answer of answers) expect([201, 409], answer.body).toContain(answer.statusCode);
      const created = answers.filter((a) => a.statusCode === 201).map((a) => a.json().deliveryMessage.slug as string);
      expect(created.length).toBeGreaterThan(0);
      expect(new Set(created).size).toBe(created.length);
      const rows = await app.db.orm.em.fork().find(DeliveryMessageSchema, { title });
      expect(rows.map((r) => r.slug).sort()).toEqual([...created].sort());
    }
  });

  it('creates with one explicit slug at once: one 201, the rest 409', async () => {
    const answers = await Promise.all(
      users.map((user) =>
        app.inject({
          method: 'POST',
          url: '/api/client/delivery-messages',
          headers: user.auth,
          payload: { title: 'Same slug', slug: 'same-slug', message: 'Hi {customer}' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await app.db.orm.em.fork().count(DeliveryMessageSchema, { slug: 'same-slug' })).toBe(1);
  });

  it('uses at once are all counted', async () => {
    const premade = (
      await app.inject({
        method: 'POST',
        url: '/api/client/delivery-messages',
        headers: users[0]!.auth,
        payload: { title: 'Counted', message: 'Counted {customer}' },
      })
    ).json().deliveryMessage;
    const answers = await Promise.all(
      users.flatMap((user) =>
        [1, 2].map(() =>
          app.inject({
            method: 'PATCH',
            url: `/api/client/users/${user.id}/premade-messages`,
            headers: user.auth,
            payload: { deliveryMessage: premade.slug },
          }),
        ),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const row = await app.db.orm.em.fork().findOneOrFail(DeliveryMessageSchema, { id: premade._id });
    expect(row.uses).toBe(users.length * 2);
  });
});
