import type { PGlite } from '@electric-sql/pglite';
import type { EntitySchema } from '@mikro-orm/core';
import type { MigrationClass } from './migrations.ts';
import { migrate, type Orm, openDatabase } from './orm.ts';

/**
 * An embedded (PGlite) cluster migrated to every committed migration, as an uncompressed tarball: a new database
 * loads it instead of running initdb and every migration in WebAssembly (`npm run build` writes it for the server,
 * vitest's global setup for the tests).
 *
 * Without `template0` and `template1`: the embedded database never runs CREATE DATABASE, and their 600 files were
 * 60 % of the ~1,000 a first start writes, at a few milliseconds per file created on a VM's disk.
 */
export async function buildTemplate(schema: {
  entities: EntitySchema[];
  migrations: MigrationClass[];
}): Promise<Uint8Array> {
  const orm = await openDatabase({ url: undefined, embeddedPath: 'memory://', ...schema });
  await migrate(orm);
  const native = await nativeOf(orm);
  await native.exec(
    `update pg_database set datistemplate = false, datallowconn = false where datname in ('template0', 'template1')`,
  );
  await native.exec('drop database template0');
  await native.exec('drop database template1');
  const tarball = await dumpEmbedded(orm);
  await orm.close(true);
  return tarball;
}

const nativeOf = (orm: Orm) =>
  (orm.em.getConnection() as unknown as { getNativeClient(): Promise<PGlite> }).getNativeClient();

/** An embedded database's cluster as an uncompressed tar (a template's bytes). */
export async function dumpEmbedded(orm: Orm): Promise<Uint8Array> {
  const tarball = await (await nativeOf(orm)).dumpDataDir('none');
  return new Uint8Array(await tarball.arrayBuffer());
}
