import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plugins } from '../../plugins/index.ts';
import { createTestDatabase, functionsAndTriggers, type TestDatabase } from '../support/database.ts';

/**
 * Entities and migrations agree: a database every migration has run on is what the entities describe, so
 * `npm run db:migration` writes only the change being made (docs/architecture.md, "Data"). On PGlite and on
 * PostgreSQL (vitest.config.ts), whose introspection differs.
 */
describe('entities and migrations', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(plugins);
  }, 120_000);
  afterAll(async () => {
    await db?.drop();
  });

  it('agree: after every migration, the schema MikroORM derives from the entities needs no change', async () => {
    const statements = (await db.orm.schema.getUpdateSchemaSQL({ wrap: false }))
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    expect(statements).toEqual([]);
  });

  it('hold no rule of the product in the database: no function and no trigger of ours', async () => {
    expect(await functionsAndTriggers(db.orm)).toEqual({ functions: 0, triggers: 0 });
  });
});
