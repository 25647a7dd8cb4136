import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database.ts';
import { plugins } from '../index.ts';

const DROPPED = 'Migration20261204090000_StoreRulesInServices';
const STORE_FUNCTIONS = ['coin_apply', 'grant_apply', 'store_purchase'];

/** The store's rules live in its services: after every migration the schema holds none of its SQL functions. On PostgreSQL too. */
describe('the store leaves no SQL function', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(plugins, { migrate: false });
    await db.orm.migrator.up();
  });
  afterAll(() => db?.drop());

  const storeFunctions = async () =>
    (
      await db.orm.em.fork().execute<{ proname: string }[]>(
        `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where n.nspname = current_schema() and p.proname = any(?::text[]) order by p.proname`,
        [`{${STORE_FUNCTIONS.join(',')}}`],
      )
    ).map((row) => row.proname);

  it('none after every migration; migrating down recreates them, and up drops them again', async () => {
    expect(await storeFunctions()).toEqual([]);
    const executed = (await db.orm.migrator.getExecuted()).map((m) => m.name);
    await db.orm.migrator.down({ to: executed[executed.indexOf(DROPPED) - 1]! });
    expect(await storeFunctions()).toEqual(STORE_FUNCTIONS);
    await db.orm.migrator.up();
    expect(await storeFunctions()).toEqual([]);
  });
});
