import { existsSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { EntitySchema } from '@mikro-orm/core';
import { isNewEmbedded } from '../db/embedded.ts';
import type { MigrationClass } from '../db/migrations.ts';
import { migrate, openDatabase } from '../db/orm.ts';
import { onOwnConnection } from './dump.ts';
import { DATABASE_FILE, hasContent, type Manifest, stagingIn, UPLOADS_DIR, unpackBackup } from './format.ts';

export interface RestoreTarget {
  /** Set: restore into this PostgreSQL database, which must be empty. Unset: into the embedded database's folder. */
  databaseUrl: string | undefined;
  /** The embedded database's folder, which must not hold a database yet. */
  embeddedPath: string;
  /** DATA_DIR: the uploads go to its `uploads` folder, which must be empty or absent. */
  dataDir: string;
  /** This code's migrations (core/boot.ts `schemaOf`): a backup that ran one not among them is from a newer diner. */
  migrations: readonly MigrationClass[];
  entities: EntitySchema[];
}

export interface Restored {
  manifest: Manifest;
  /** The migrations run after the restore: those this code has and the backup's database had not run. */
  migrated: string[];
}

/** A restore refused before it wrote anything: the message says why and what to do. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

/** What this code does not know of a backup's migrations (the backup is from a newer version of the diner). */
export function unknownMigrations(manifest: Manifest, migrations: readonly MigrationClass[]): string[] {
  const known = new Set(migrations.map((migration) => migration.name));
  return manifest.migrations.filter((name) => !known.has(name));
}

/** A header line the target may not understand: a setting newer servers have (PostgreSQL 17's) or a psql command. */
const NOT_FOR_OLDER_SERVERS = [/^SET transaction_timeout = /, /^\\restrict /];
const HEADER_LINE = /^(--.*|SET .*|SELECT pg_catalog\.set_config\(.*|\\restrict .*|\s*)$/;

/**
 * pg_dump's SQL as a driver can execute it on both kinds of database. pg_dump writes a few lines before and after the
 * statements that a different server may refuse: `SET transaction_timeout` (written by pg_dump 17 and later, the
 * embedded database's, unknown to PostgreSQL 15 and 16) and psql's `\restrict` / `\unrestrict` commands (written by
 * the 2025 minor releases). Only the header's and the trailer's lines are looked at: the statements in between, and
 * the rows' text, are executed as they are.
 */
export function sqlForRestore(sql: string): string {
  const lines = sql.split('\n');
  let start = 0;
  while (start < lines.length && HEADER_LINE.test(lines[start] ?? '')) start++;
  let end = lines.length;
  while (end > start && /^(--.*|\\unrestrict .*|\s*)$/.test(lines[end - 1] ?? '')) end--;
  const header = lines.slice(0, start).filter((line) => !NOT_FOR_OLDER_SERVERS.some((pattern) => pattern.test(line)));
  const trailer = lines.slice(end).filter((line) => !line.startsWith('\\unrestrict '));
  return [...header, ...lines.slice(start, end), ...trailer].join('\n');
}

/** Objects in the public schema: a database with none is empty. */
const OBJECTS_SQL = `select count(*)::int as n from pg_catalog.pg_class c
  join pg_catalog.pg_namespace s on s.oid = c.relnamespace where s.nspname = 'public'`;

/** Executes the SQL in one transaction on an empty PostgreSQL database: all of it, or (on failure) none. */
async function restorePostgres(url: string, sql: string): Promise<void> {
  await onOwnConnection(url, 'virtual-diner-restore', async (client) => {
    const { rows } = await client.query<{ n: number }>(OBJECTS_SQL);
    if ((rows[0]?.n ?? 0) > 0)
      throw new RestoreRefusedError(
        'The database DATABASE_URL names is not empty: restore into a new, empty database (createdb …)',
      );
    await client.query('begin');
    try {
      await client.query(sql);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    }
  });
}

/** Makes a new embedded cluster at `folder` and executes the SQL in it, in one transaction. */
async function restoreEmbedded(folder: string, sql: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pg: PGlite = await PGlite.create({ dataDir: folder });
  try {
    await pg.transaction(async (tx) => {
      await tx.exec(sql);
    });
  } finally {
    await pg.close();
  }
}

/** Runs this code's migrations that the restored database had not run. */
async function migrateRestored(target: RestoreTarget, url: string | undefined, embeddedPath: string) {
  const orm = await openDatabase({
    url,
    embeddedPath,
    entities: target.entities,
    migrations: target.migrations,
  });
  try {
    return await migrate(orm);
  } finally {
    await orm.close(true);
  }
}

/**
 * Restores a backup file into an empty database of either kind, then runs the migrations it lacks, and puts its
 * uploads in `$DATA_DIR/uploads`. Everything that can refuse is checked before anything is written: the file
 * (RestoreRefusedError / BackupFileError), a migration this code does not know (a newer diner's backup), a target
 * database or uploads folder that is not empty. Then the database: on PostgreSQL in one transaction; on the embedded
 * database in a scratch folder beside its own, renamed into place only when restored and migrated. A failure leaves
 * the target as it was.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<Restored> {
  const staging = await stagingIn(target.dataDir);
  const scratch = `${target.embeddedPath}.restoring`;
  let restoredEmbedded = false;
  try {
    const manifest = await unpackBackup(path.resolve(file), staging);
    const unknown = unknownMigrations(manifest, target.migrations);
    if (unknown.length > 0)
      throw new RestoreRefusedError(
        `This backup is from a newer version of the diner: its database ran migrations this code does not have (${unknown.join(', ')}). Restore it with that version or a later one.`,
      );
    const uploads = path.join(target.dataDir, UPLOADS_DIR);
    if (await hasContent(uploads))
      throw new RestoreRefusedError(`${uploads} is not empty: restore into a DATA_DIR without uploads`);
    if (!target.databaseUrl && !isNewEmbedded(target.embeddedPath))
      throw new RestoreRefusedError(
        `${target.embeddedPath} already holds a database: restore into a DATA_DIR without one (move it away first)`,
      );
    const sql = sqlForRestore(await readFile(path.join(staging, DATABASE_FILE), 'utf8'));
    let migrated: string[];
    if (target.databaseUrl) {
      await restorePostgres(target.databaseUrl, sql);
      migrated = await migrateRestored(target, target.databaseUrl, target.embeddedPath);
    } else {
      await rm(scratch, { recursive: true, force: true });
      restoredEmbedded = true;
      await restoreEmbedded(scratch, sql);
      migrated = await migrateRestored(target, undefined, scratch);
      // An unfinished first start's folder (isNewEmbedded) is ours to replace.
      await rm(target.embeddedPath, { recursive: true, force: true });
      await rename(scratch, target.embeddedPath);
      restoredEmbedded = false;
    }
    const stagedUploads = path.join(staging, UPLOADS_DIR);
    if (existsSync(stagedUploads)) {
      await rm(uploads, { recursive: true, force: true });
      await rename(stagedUploads, uploads);
    }
    return { manifest, migrated };
  } finally {
    if (restoredEmbedded) await rm(scratch, { recursive: true, force: true });
    await rm(staging, { recursive: true, force: true });
  }
}
