import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { schemaOf } from '../../core/boot.ts';
import { migrate, type Orm, openDatabase } from '../../core/db/orm.ts';
import type { AnyPlugin } from '../../core/plugin.ts';

export interface TestDatabase {
  orm: Orm;
  driver: 'pglite' | 'postgresql';
  /** PostgreSQL: the database's URL, for a test that needs a session of its own. */
  url?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated (unless `migrate: false`) database for one test file: in-memory PGlite, or (VD_TEST_DATABASE=postgresql) a new database
 * created on the TEST_DATABASE_URL server and dropped afterwards, so test files never see each other's rows.
 */
export async function createTestDatabase(
  plugins: readonly AnyPlugin[],
  options: { migrate?: boolean; timeoutMs?: number } = {},
): Promise<TestDatabase> {
  const schema = { ...schemaOf(plugins), timeoutMs: options.timeoutMs };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.VD_TEST_DATABASE !== 'postgresql' || !adminUrl) {
    // Migrated once per run (tests/support/pglite-template.ts); a database that must start empty does not use it.
    const template = options.migrate !== false ? inject('pgliteTemplate') : undefined;
    const templateTar = template ? new Uint8Array(await readFile(template)) : undefined;
    const orm = await openDatabase({ url: undefined, embeddedPath: 'memory://', ...schema, templateTar });
    if (options.migrate !== false) await migrate(orm);
    return { orm, driver: 'pglite', drop: () => orm.close(true) };
  }
  const name = `vd_test_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ url: adminUrl, embeddedPath: 'memory://', entities: [] });
  await admin.em.fork().execute(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const orm = await openDatabase({ url: url.toString(), embeddedPath: 'memory://', ...schema });
  if (options.migrate !== false) await migrate(orm);
  return {
    orm,
    driver: 'postgresql',
    url: url.toString(),
    async drop() {
      await orm.close(true);
      await admin.em.fork().execute(`drop database if exists "${name}" with (force)`);
      await admin.close(true);
    },
  };
}

/** One query on a connection of its own (process tests: make and drop databases, read what the servers wrote). */
export async function queryOnce<T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * How many functions and triggers of ours the database holds: functions outside PostgreSQL's own schemas that no
 * extension brought (pg_depend), and triggers that are not a constraint's. Rules live in TypeScript services, so
 * both are 0 after every migration (docs/architecture.md).
 */
export async function functionsAndTriggers(orm: Orm): Promise<{ functions: number; triggers: number }> {
  const [counts] = await orm.em.fork().execute<{ functions: number | string; triggers: number | string }[]>(
    `select (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
              where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
                and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')) as functions,
            (select count(*) from pg_trigger where not tgisinternal) as triggers`,
  );
  return { functions: Number(counts!.functions), triggers: Number(counts!.triggers) };
}
