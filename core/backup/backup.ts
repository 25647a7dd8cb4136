import { existsSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Orm } from '../db/orm.ts';
import { dumpEmbedded, dumpPostgres } from './dump.ts';
import {
  BACKUP_FORMAT,
  backupFileName,
  DATABASE_FILE,
  type Manifest,
  packBackup,
  stagingIn,
  UPLOADS_DIR,
  writeManifest,
} from './format.ts';

export interface BackupSource {
  /** Set on PostgreSQL: pg_dump reads it. */
  databaseUrl: string | undefined;
  /** The open embedded database (unset on PostgreSQL). */
  orm?: Orm | undefined;
  /** DATA_DIR: its `uploads` folder goes into the backup. */
  dataDir: string;
}

export interface TakenBackup {
  file: string;
  size: number;
  manifest: Manifest;
}

/**
 * Takes one backup into `target`: a folder (the file is named after the time, `diner-backup-<UTC>.tar.gz`) or a file
 * name ending in `.tar.gz`. The database and the uploads are staged beside the target and packed into one file, which
 * appears only once whole.
 */
export async function takeBackup(source: BackupSource, target: string, now = new Date()): Promise<TakenBackup> {
  const file = target.endsWith('.tar.gz') ? path.resolve(target) : path.join(path.resolve(target), backupFileName(now));
  if (existsSync(file)) throw new Error(`${file} exists already`);
  const staging = await stagingIn(path.dirname(file));
  try {
    const sqlFile = path.join(staging, DATABASE_FILE);
    let dumped: { migrations: string[] };
    if (source.databaseUrl) dumped = await dumpPostgres(source.databaseUrl, sqlFile);
    else if (source.orm) dumped = await dumpEmbedded(source.orm, sqlFile);
    else throw new Error('takeBackup needs the embedded database open, or a DATABASE_URL');
    const uploads = path.join(source.dataDir, UPLOADS_DIR);
    // Each upload is written once under a new name: copied after the dump, the folder holds every file the dumped
    // rows name (and perhaps a few newer ones no row names yet).
    if (existsSync(uploads)) await cp(uploads, path.join(staging, UPLOADS_DIR), { recursive: true });
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
      database: source.databaseUrl ? 'postgresql' : 'embedded',
      migrations: dumped.migrations,
    };
    await writeManifest(staging, manifest);
    const size = await packBackup(staging, file);
    return { file, size, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
