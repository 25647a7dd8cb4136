import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { migrationsOf } from '../../core/boot.ts';
import { executedMigrations, migrate, type Orm } from '../../core/db/orm.ts';
import { plugins } from '../../plugins/index.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

/** Columns, constraints and indexes of the public schema, in a form two databases can be compared by. */
async function schemaShape(orm: Orm): Promise<unknown> {
  const em = orm.em.fork();
  const columns = await em.execute(
    `select table_name, column_name, data_type, character_maximum_length, is_nullable, column_default
       from information_schema.columns where table_schema = 'public' order by table_name, column_name`,
  );
  const constraints = await em.execute(
    `select conrelid::regclass::text as table_name, conname, pg_get_constraintdef(oid) as definition
       from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`,
  );
  const indexes = await em.execute(
    `select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by 1, 2`,
  );
  return { columns, constraints, indexes };
}

describe('migrations owned by plugins', () => {
  const open: TestDatabase[] = [];
  afterEach(async () => {
    for (const db of open.splice(0)) await db.drop();
  });

  it('run in timestamp order whoever owns them, each name once', () => {
    const names = migrationsOf(plugins).map((m) => m.name);
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
    expect(names[0]).toBe('Migration20261121223224_Initial');
  });

  // A ceiling like the next test's: migrating a whole empty database on PGlite takes 35 s on a busy 2-core machine.
  it("read what has run in one query: a database with every migration never reaches MikroORM's migrator, one without its table does", {
    timeout: 120_000,
  }, async () => {
    const migrated = await createTestDatabase(plugins);
    open.push(migrated);
    const names = migrationsOf(plugins).map((m) => m.name);
    expect([...(await executedMigrations(migrated.orm))!].sort()).toEqual(names);
    const up = vi.spyOn(migrated.orm.migrator, 'up');
    expect(await migrate(migrated.orm)).toEqual([]);
    expect(up).not.toHaveBeenCalled();

    const empty = await createTestDatabase(plugins, { migrate: false });
    open.push(empty);
    expect(await executedMigrations(empty.orm)).toBeNull();
    const upEmpty = vi.spyOn(empty.orm.migrator, 'up');
    expect(await migrate(empty.orm)).toEqual(names);
    expect(upEmpty).toHaveBeenCalledOnce();
    expect([...(await executedMigrations(empty.orm))!].sort()).toEqual(names);
  });

  // Loads a whole schema and runs migrations in WebAssembly on PGlite: the one test here that is slow by nature.
  it('take a database made before they moved (same names, nothing run twice) to the schema a new database gets', {
    timeout: 120_000,
  }, async () => {
    const before = await createTestDatabase(plugins, { migrate: false });
    open.push(before);
    const dump = readFileSync('tests/fixtures/database-before-plugin-migrations.sql', 'utf8');
    const em = before.orm.em.fork();
    for (const statement of dump
      .split(/;\n/)
      .map((s) => s.replace(/^--.*$/gm, '').trim())
      .filter(Boolean))
      await em.execute(statement);
    const executedBefore = (await before.orm.migrator.getExecuted()).map((m) => m.name);
    expect(executedBefore).toHaveLength(6);

    const applied = await migrate(before.orm);
    expect(applied).toEqual(
      migrationsOf(plugins)
        .map((m) => m.name)
        .filter((name) => !executedBefore.includes(name)),
    );

    const fresh = await createTestDatabase(plugins);
    open.push(fresh);
    expect(await schemaShape(before.orm)).toEqual(await schemaShape(fresh.orm));
  });
});
