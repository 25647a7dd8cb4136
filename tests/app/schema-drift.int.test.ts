import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plugins } from '../../plugins/index.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

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
    // Rules live in TypeScript services (docs/architecture.md): an extension's functions (none today) would be
    // listed by pg_depend; ours would not.
    const [counts] = await db.orm.em.fork().execute<{ functions: number | string; triggers: number | string }[]>(
      `select (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
                  and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')) as functions,
              (select count(*) from pg_trigger where not tgisinternal) as triggers`,
    );
    expect({ functions: Number(counts!.functions), triggers: Number(counts!.triggers) }).toEqual({
      functions: 0,
      triggers: 0,
    });
  });
});
