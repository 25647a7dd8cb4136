import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database.ts';
import { SessionSchema, UserSchema } from '../auth/entities.ts';
import { isDatabaseTimeout } from './errors.ts';
import { lockRow } from './locks.ts';

describe('lockRow', () => {
  let db: TestDatabase;
  const ID = '1100000000000000042';

  beforeAll(async () => {
    db = await createTestDatabase([], { timeoutMs: 1000 });
    const em = db.orm.em.fork();
    em.create(UserSchema, { id: ID, username: 'locked', ban: { active: false } });
    await em.flush();
  });
  afterAll(() => db?.drop());

  /** On PostgreSQL: another session, without the pool's limits, holding the user's row. */
  async function heldElsewhere<T>(work: (other: pg.Client) => Promise<T>): Promise<T> {
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select 1 from users where id = $1 for update', [ID]);
      return await work(other);
    } finally {
      await other.query('rollback').catch(() => {});
      await other.end();
    }
  }

  it('runs only inside a transaction', async () => {
    await expect(lockRow(db.orm.em.fork(), UserSchema, ID)).rejects.toThrow(/inside a transaction/);
  });

  it("answers whether the entity's row with that primary key exists", async () => {
    await db.orm.em.fork().transactional(async (em) => {
      expect(await lockRow(em, UserSchema, ID)).toBe(true);
      expect(await lockRow(em, UserSchema, '1100000000000000043')).toBe(false);
      expect(await lockRow(em, SessionSchema, ID)).toBe(false);
    });
  });

  it('waits while another transaction holds the row, and takes it once that one ends', async () => {
    if (db.driver === 'pglite') return; // one session: nothing else can be running
    await heldElsewhere(async (other) => {
      let locked = false;
      const locking = db.orm.em.fork().transactional(async (em) => {
        const found = await lockRow(em, UserSchema, ID);
        locked = true;
        return found;
      });
      await sleep(200);
      expect(locked).toBe(false);
      await other.query('commit');
      expect(await locking).toBe(true);
    });
  });

  it("a wait the database cuts short at its limit is a timeout (the error handler's 503), as em.execute's was", async () => {
    if (db.driver === 'pglite') return; // one session: nothing else can be running
    await heldElsewhere(async () => {
      const error = await db.orm.em
        .fork()
        .transactional((em) => lockRow(em, UserSchema, ID))
        .catch((e: unknown) => e);
      expect(isDatabaseTimeout(error)).toBe(true);
    });
  });
});
