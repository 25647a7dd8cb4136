import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Orm } from '../db/orm.ts';

/**
 * pg_dump's options for a backup, the same for both kinds of database: plain SQL whose rows are INSERT statements
 * with their column names (COPY's data blocks are psql's, not SQL a driver executes), several rows a statement, and no
 * owners, privileges or comments, which name roles the target may not have. A restore executes the file as it is on
 * either kind of database (restore.ts).
 */
export const DUMP_ARGS = [
  '--format=plain',
  '--column-inserts',
  '--rows-per-insert=200',
  '--no-owner',
  '--no-privileges',
  '--no-comments',
] as const;

/** The migrations a database has run, in the order it ran them (the migrations table's ids). */
const MIGRATIONS_SQL = 'select name from mikro_orm_migrations order by id';

const nativeOf = (orm: Orm) =>
  (orm.em.getConnection() as unknown as { getNativeClient(): Promise<PGlite> }).getNativeClient();

export interface Dumped {
  migrations: string[];
}

/**
 * The embedded database as SQL, written to `file`, while the diner goes on using it. PGlite has one connection:
 * pg_dump on the live instance would run its long transaction on the connection the app's requests take turns on,
 * their statements between its own. So it dumps a clone: PGlite's `clone()` copies the cluster's files in one
 * synchronous read (no statement of the app can run in the middle of it, PGlite's statements being synchronous
 * too) and opens the copy as a second instance, which recovers from its write-ahead log as after a crash: every
 * committed transaction is in, one in progress at that instant is not. pg_dump and the migrations read then run on the
 * copy, and the live instance is held for nothing but the copy. The cost is the copy's memory, once, for the
 * duration of the dump.
 */
export async function dumpEmbedded(orm: Orm, file: string): Promise<Dumped> {
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  const copy = (await (await nativeOf(orm)).clone()) as PGlite;
  try {
    const { rows } = await copy.query<{ name: string }>(MIGRATIONS_SQL);
    const dump = await pgDump({ pg: copy, args: [...DUMP_ARGS] });
    await writeFile(file, await dump.text());
    return { migrations: rows.map((row) => row.name) };
  } finally {
    await copy.close();
  }
}

/** Runs `work` on a PostgreSQL connection of its own (named `name` in pg_stat_activity), closed after. */
export async function onOwnConnection<T>(
  url: string,
  name: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const { Client } = (await import('pg')).default;
  const client = new Client({ connectionString: url, application_name: name });
  // A connection lost meanwhile fails the query in flight; the event itself must not crash the process.
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The migrations a PostgreSQL database has run. */
const postgresMigrations = (url: string) =>
  onOwnConnection(url, 'virtual-diner-backup', async (client) => {
    const { rows } = await client.query<{ name: string }>(MIGRATIONS_SQL);
    return rows.map((row) => row.name);
  });

/** Runs pg_dump (the PostgreSQL client's, on the PATH or PG_DUMP) into `file`; its own message on failure. */
function runPgDump(url: string, file: string): Promise<void> {
  const bin = process.env.PG_DUMP || 'pg_dump';
  return new Promise((resolve, reject) => {
    const child = spawn(bin, [...DUMP_ARGS, `--file=${file}`, `--dbname=${url}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error) => reject(new Error(`${bin} could not be started: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${bin} failed (${code}): ${stderr.trim()}`));
    });
  });
}

/**
 * A PostgreSQL database as SQL, written to `file`: pg_dump reads one snapshot (a repeatable-read transaction) while
 * writes go on. Migrations run only when a process starts, so the list read before the dump is the dump's; it is read
 * again after, and a change (a process that migrated meanwhile) fails the backup rather than describing it wrongly.
 */
export async function dumpPostgres(url: string, file: string): Promise<Dumped> {
  const before = await postgresMigrations(url);
  await runPgDump(url, file);
  const after = await postgresMigrations(url);
  if (before.join('\n') !== after.join('\n'))
    throw new Error('The database was migrated while the backup was taken: take it again');
  return { migrations: before };
}
