import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Orm } from '../db/orm.ts';
import { type TakenBackup, takeBackup } from './backup.ts';
import { BACKUP_FILE } from './format.ts';

/**
 * The signal that asks the web process for a backup of its embedded database (`npm run backup` sends it): only a
 * process allowed to signal the web process (its user, or root) can, and no port or secret is involved.
 */
export const BACKUP_SIGNAL = 'SIGUSR2';

/** The outcome of the web process's last backup, beside the backups (what `npm run backup` waits for). */
export const OUTCOME_FILE = 'last-backup.json';

export interface BackupOutcome {
  /** When the backup was begun, and when it ended (ISO times). */
  requestedAt: string;
  finishedAt: string;
  /** The file written, or null when it failed. */
  file: string | null;
  size: number | null;
  error: string | null;
}

/** The newest backup in a folder: its file, size and time; null when there is none. */
export interface LastBackup {
  file: string;
  size: number;
  at: Date;
}

/** The newest `diner-backup-*.tar.gz` in `dir` (names sort by their time), taken by the web process or by hand. */
export async function lastBackupIn(dir: string): Promise<LastBackup | null> {
  if (!existsSync(dir)) return null;
  const names = (await readdir(dir)).filter((name) => BACKUP_FILE.test(name)).sort();
  const name = names.at(-1);
  if (!name) return null;
  const file = path.join(dir, name);
  const { size, mtime } = await stat(file);
  return { file, size, at: mtime };
}

/** Removes all but the newest `keep` backups of `dir` (only files named as backups are touched). */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => BACKUP_FILE.test(name)).sort();
  const removed = names.slice(0, Math.max(0, names.length - keep));
  for (const name of removed) await rm(path.join(dir, name), { force: true });
  return removed;
}

export async function readOutcome(dir: string): Promise<BackupOutcome | null> {
  try {
    return JSON.parse(await readFile(path.join(dir, OUTCOME_FILE), 'utf8')) as BackupOutcome;
  } catch {
    return null;
  }
}

export interface BackupRunnerOptions {
  orm: Orm;
  dataDir: string;
  /** Where the backups go (BACKUP_DIR, default `$DATA_DIR/backups`). */
  dir: string;
  /** How many to keep: older ones are removed after each backup. */
  keep: number;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * The web process's backups of its embedded database: on schedule (a job, core/http/server.ts) and when
 * `npm run backup` asks for one (SIGUSR2, web/main.ts), since no other process may open the database's folder. One
 * at a time: a request while one runs gets that one. Each writes its outcome to `last-backup.json` and keeps the
 * newest `keep`.
 */
export class BackupRunner {
  readonly dir: string;
  readonly #options: BackupRunnerOptions;
  #running: Promise<TakenBackup> | null = null;

  constructor(options: BackupRunnerOptions) {
    this.#options = options;
    this.dir = options.dir;
  }

  run(reason: string): Promise<TakenBackup> {
    this.#running ??= this.#run(reason).finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #run(reason: string): Promise<TakenBackup> {
    const { orm, dataDir, dir, keep, log } = this.#options;
    const now = this.#options.now?.() ?? new Date();
    await mkdir(dir, { recursive: true });
    const outcome = (o: Omit<BackupOutcome, 'requestedAt' | 'finishedAt'>) =>
      writeFile(
        path.join(dir, OUTCOME_FILE),
        `${JSON.stringify({ requestedAt: now.toISOString(), finishedAt: new Date().toISOString(), ...o } satisfies BackupOutcome)}\n`,
      );
    try {
      const taken = await takeBackup({ databaseUrl: undefined, orm, dataDir }, dir, now);
      const removed = await pruneBackups(dir, keep);
      await outcome({ file: taken.file, size: taken.size, error: null });
      log.info({ file: taken.file, size: taken.size, reason, removed: removed.length }, 'backup taken');
      return taken;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await outcome({ file: null, size: null, error: message }).catch(() => {});
      log.error({ err: error, reason }, 'backup failed');
      throw error;
    }
  }

  /** Waits for a backup in progress, if any (a shutdown closes the database after it). */
  async settle(): Promise<void> {
    await this.#running?.catch(() => {});
  }

  last(): Promise<LastBackup | null> {
    return lastBackupIn(this.dir);
  }
}

/** What the admin screens show of the backups (Site Settings): the newest, and the web process's schedule. */
export interface BackupStatus {
  /** The newest backup in the folder: its file name, size in bytes and when it was written (ISO time). */
  last: { name: string; size: number; at: string } | null;
  /** The web process's own backups: every `everyHours`, the newest `keep` kept; null when it takes none. */
  schedule: { everyHours: number; keep: number } | null;
}

export async function backupStatus(
  dir: string,
  schedule: { intervalMs: number; keep: number } | null,
): Promise<BackupStatus> {
  const last = await lastBackupIn(dir);
  return {
    last: last ? { name: path.basename(last.file), size: last.size, at: last.at.toISOString() } : null,
    schedule:
      schedule && schedule.intervalMs > 0 ? { everyHours: schedule.intervalMs / 3_600_000, keep: schedule.keep } : null,
  };
}
