import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_BUSY } from '../../core/http/errors.ts';
import { appServices } from '../../plugins/index.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

const postgres = process.env.VD_TEST_DATABASE === 'postgresql';

/**
 * One stuck unit of work never takes the diner down (DATABASE_TIMEOUT_MS, docs/architecture.md "Data"): on PostgreSQL a
 * statement that waits past the limit is cancelled by the server and the request is a 503; on the embedded database
 * a transaction idle past the limit is rolled back by the driver and the requests behind it go on.
 */
describe('database limits', () => {
  let app: TestApp;
  let admin: TestUser;
  const lines: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await createTestApp({ env: { LOG_LEVEL: 'warn', DATABASE_TIMEOUT_MS: '500' }, logStream: stream });
    admin = await app.createUser({ username: 'sam', permissions: ['SUPER_ADMIN'] });
  });
  afterAll(() => app?.close());

  const saveReward = (val: number) =>
    app.inject({ method: 'POST', url: '/api/client/settings/hourlyReward', headers: admin.auth, payload: { val } });
  const storedReward = async () =>
    (await app.inject({ method: 'GET', url: '/api/client/settings' })).json().settings.hourlyReward;

  it.runIf(postgres)(
    'PostgreSQL: a statement waiting past the limit is cancelled: 503, its statement logged, nothing written',
    async () => {
      const before = await storedReward();
      // Another session holds the lock the save waits for (the advisory lock on the setting's name).
      const other = new pg.Client({ connectionString: app.db.url });
      await other.connect();
      try {
        await other.query('begin');
        await other.query("select pg_advisory_xact_lock(hashtext('setting:hourlyReward'))");
        const res = await saveReward(before + 7);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: DATABASE_BUSY });
        expect(lines).toContainEqual(expect.objectContaining({ level: 40, msg: 'database limit reached' }));
        expect(lines).toContainEqual(
          expect.objectContaining({
            level: 40,
            msg: expect.stringMatching(/A database statement failed after \d+ ms: select pg_advisory_xact_lock/),
          }),
        );
      } finally {
        await other.query('rollback');
        await other.end();
      }
      expect(await storedReward()).toBe(before);
      expect((await saveReward(before + 8)).statusCode).toBe(200);
    },
  );

  it.runIf(postgres)(
    'PostgreSQL: a typed statement (a claim, prepared on the pool) waiting past the limit: 503 too, nothing written',
    async () => {
      const { orders } = appServices(app.server.ctx).orders;
      const order = await orders.createOrder({ customerId: (await app.createUser()).id, item: 'Burger' });
      const chef = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
      // Another session holds the order's row: the claim's conditional update waits for it.
      const other = new pg.Client({ connectionString: app.db.url });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('select id from orders where id = $1 for update', [order.id]);
        const res = await app.inject({
          method: 'POST',
          url: `/api/client/orders/${order.id}/claim`,
          headers: chef.auth,
        });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: DATABASE_BUSY });
      } finally {
        await other.query('rollback');
        await other.end();
      }
      expect((await orders.get(order.id)).status).toBe('ORDERED');
    },
  );

  it.runIf(postgres)(
    'PostgreSQL: every session of the pool has the limit on statements and on idle transactions',
    async () => {
      const em = app.db.orm.em.fork();
      expect(await em.execute('show statement_timeout')).toEqual([{ statement_timeout: '500ms' }]);
      expect(await em.execute('show idle_in_transaction_session_timeout')).toEqual([
        { idle_in_transaction_session_timeout: '500ms' },
      ]);
    },
  );

  it.skipIf(postgres)(
    'the embedded database: a transaction idle past the limit is rolled back and the request behind it is answered',
    async () => {
      const before = await storedReward();
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      // A unit of work stuck inside its transaction (waiting on something that never comes).
      const stuck = app.db.orm.em.fork().transactional(async (em) => {
        await em.execute("update settings set value = '999' where key = 'hourlyReward'");
        entered();
        await released;
      });
      stuck.catch(() => {});
      await inside;
      expect((await saveReward(before + 3)).statusCode).toBe(200);
      expect(await storedReward()).toBe(before + 3);
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 40,
          msg: expect.stringMatching(/A transaction sat idle .* and was rolled back; .*update settings/),
        }),
      );
      release();
      await expect(stuck).rejects.toMatchObject({ code: '25P03' });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    },
  );
});
