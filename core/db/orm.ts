import { mkdir } from 'node:fs/promises';
import type { EntitySchema } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import type { MikroORM, EntityManager } from '@mikro-orm/sql';
import type { Config } from '../config.ts';
import { migrations } from './migrations/index.ts';

export type Orm = MikroORM;
export type Em = EntityManager;

export interface DatabaseOptions {
  /** A postgres:// URL; unset: the embedded PGlite database at `embeddedPath`. */
  url: string | undefined;
  /** A folder, or 'memory://' for an in-memory database (tests). */
  embeddedPath: string;
  entities: EntitySchema[];
  debug?: boolean;
}

export function databaseOptions(config: Config, entities: EntitySchema[]): DatabaseOptions {
  return { url: config.databaseUrl, embeddedPath: config.embeddedDbPath, entities };
}

/**
 * Opens the database with the driver the configuration asks for. Both drivers speak PostgreSQL, so one set of
 * entities and one set of committed migrations serves both.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Orm> {
  const common = {
    entities: options.entities,
    extensions: [Migrator],
    debug: options.debug ?? false,
    // Services fork an EntityManager per unit of work; using the global one is a bug we want to hear about.
    allowGlobalContext: false,
    discovery: { warnWhenNoEntities: false },
    migrations: {
      migrationsList: migrations,
      path: 'core/db/migrations',
      snapshot: false,
      silent: true,
      transactional: true,
      allOrNothing: true,
    },
  };
  if (options.url) {
    const { MikroORM } = await import('@mikro-orm/postgresql');
    return (await MikroORM.init({ ...common, clientUrl: options.url, pool: { min: 0, max: 10 } })) as unknown as Orm;
  }
  if (options.embeddedPath !== 'memory://') await mkdir(options.embeddedPath, { recursive: true });
  const { MikroORM } = await import('@mikro-orm/pglite');
  return (await MikroORM.init({ ...common, dbName: options.embeddedPath })) as unknown as Orm;
}

/** Runs every pending committed migration; the schema is never synced from the entities at run time. */
export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((m) => m.name);
}

/** One round trip to the database, for /api/health. */
export async function ping(orm: Orm): Promise<boolean> {
  try {
    await orm.em.fork().execute('select 1');
    return true;
  } catch {
    return false;
  }
}
