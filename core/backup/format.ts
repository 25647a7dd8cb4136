import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { create, extract } from 'tar';
import { z } from 'zod';

/**
 * One backup is one gzipped tar file (docs/operations.md, "Backups"):
 *
 * - `manifest.json`: the format version, when it was taken, the kind of database it came from and the migrations that
 *   database had run (its `mikro_orm_migrations` table, in the order they ran);
 * - `database.sql`: the database as SQL statements (pg_dump's plain format with INSERTs, no owners or privileges),
 *   which a restore executes on either kind of database;
 * - `uploads/`: `$DATA_DIR/uploads` as it was (absent when there was none).
 */
export const BACKUP_FORMAT = 1;

export const MANIFEST_FILE = 'manifest.json';
export const DATABASE_FILE = 'database.sql';
export const UPLOADS_DIR = 'uploads';

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.iso.datetime(),
  database: z.enum(['embedded', 'postgresql']),
  migrations: z.array(z.string()),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** A backup's file name: `diner-backup-<UTC time>.tar.gz`, which sorts in the order they were taken. */
export function backupFileName(at: Date): string {
  return `diner-backup-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar.gz`;
}

export const BACKUP_FILE = /^diner-backup-\d{8}T\d{6}Z\.tar\.gz$/;

/** Where backups go by default: `$DATA_DIR/backups`. */
export const backupsDirOf = (dataDir: string) => path.join(dataDir, 'backups');

/** A file or folder that exists and holds something. */
export async function hasContent(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return false;
  return (await readdir(dir)).length > 0;
}

/**
 * Writes the backup file from a staging folder that holds the manifest, the SQL and (optionally) the uploads: the tar
 * is written beside its final name and renamed when whole, so a failed backup leaves no file that looks like one.
 */
export async function packBackup(staging: string, file: string): Promise<number> {
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const entries = [MANIFEST_FILE, DATABASE_FILE];
  if (await hasContent(path.join(staging, UPLOADS_DIR))) entries.push(UPLOADS_DIR);
  try {
    await create({ gzip: true, file: partial, cwd: staging, portable: true }, entries);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return (await stat(file)).size;
}

/** A staging folder under `parent` (the same file system as where its contents go next). */
export async function stagingIn(parent: string): Promise<string> {
  await mkdir(parent, { recursive: true });
  return mkdtemp(path.join(parent, '.staging-'));
}

export async function writeManifest(staging: string, manifest: Manifest): Promise<void> {
  await writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

/** Unpacks a backup file into `staging` and reads its manifest; refuses what is not a backup of this format. */
export async function unpackBackup(file: string, staging: string): Promise<Manifest> {
  if (!existsSync(file)) throw new BackupFileError(`${file} does not exist`);
  try {
    await extract({ file, cwd: staging, strict: true });
  } catch (error) {
    throw new BackupFileError(`${file} is not a backup (a .tar.gz file): ${(error as Error).message}`);
  }
  const manifestPath = path.join(staging, MANIFEST_FILE);
  if (!existsSync(manifestPath) || !existsSync(path.join(staging, DATABASE_FILE)))
    throw new BackupFileError(`${file} is not a backup: it has no ${MANIFEST_FILE} or no ${DATABASE_FILE}`);
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(manifestPath, 'utf8'));
  } catch {
    throw new BackupFileError(`${file} is not a backup: its ${MANIFEST_FILE} is not JSON`);
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const format = (raw as { format?: unknown } | null)?.format;
    if (typeof format === 'number' && format > BACKUP_FORMAT)
      throw new BackupFileError(
        `${file} is a backup of format ${format}, newer than this code reads (${BACKUP_FORMAT})`,
      );
    throw new BackupFileError(`${file} is not a backup: its ${MANIFEST_FILE} does not describe one`);
  }
  return parsed.data;
}
