import { existsSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type TakenBackup, takeBackup } from '../core/backup/backup.ts';
import { BACKUP_SIGNAL, readOutcome } from '../core/backup/runner.ts';
import { schemaOf } from '../core/boot.ts';
import { ConfigError, loadConfig } from '../core/config.ts';
import { claimEmbedded, embeddedOwner, isNewEmbedded } from '../core/db/embedded.ts';
import { openDatabase } from '../core/db/orm.ts';
import { plugins } from '../plugins/index.ts';

/**
 * `npm run backup [path]`: one backup file of the database and the uploads (core/backup/), into `path` (a folder, or a
 * file name ending in .tar.gz) or BACKUP_DIR (default `$DATA_DIR/backups`). On PostgreSQL (DATABASE_URL) pg_dump
 * reads it while the diner runs. On the embedded database, whose folder one process at a time may open: when the web
 * process has it open, it is asked for the backup (BACKUP_SIGNAL) and this command waits for the file; otherwise this
 * command opens the folder itself. docs/operations.md, "Backups".
 */
const WAIT_MS = 15 * 60_000;

function show(taken: { file: string; size: number }): void {
  console.log(`Backup written: ${taken.file} (${(taken.size / 1024).toFixed(0)} KiB)`);
}

/** Asks the web process `pid` for a backup and waits for its outcome; copies the file to `target` when one is given. */
async function askTheWebProcess(pid: number, dir: string, target: string | undefined): Promise<void> {
  console.log(`The web process (pid ${pid}) has the embedded database open: asking it for the backup…`);
  const asked = Date.now();
  process.kill(pid, BACKUP_SIGNAL);
  const until = asked + WAIT_MS;
  while (Date.now() < until) {
    await sleep(250);
    const outcome = await readOutcome(dir);
    if (!outcome || Date.parse(outcome.finishedAt) < asked) continue;
    if (!outcome.file || outcome.size === null) throw new Error(`The web process's backup failed: ${outcome.error}`);
    if (!target) return show({ file: outcome.file, size: outcome.size });
    const file = target.endsWith('.tar.gz')
      ? path.resolve(target)
      : path.join(path.resolve(target), path.basename(outcome.file));
    if (existsSync(file)) throw new Error(`${file} exists already`);
    await mkdir(path.dirname(file), { recursive: true });
    await copyFile(outcome.file, file);
    return show({ file, size: outcome.size });
  }
  throw new Error(`The web process did not finish a backup within ${WAIT_MS / 60_000} minutes: see its log`);
}

async function main(): Promise<void> {
  const config = loadConfig(process.env, plugins);
  const target = process.argv[2];
  if (config.databaseUrl)
    return show(
      await takeBackup({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }, target ?? config.backups.dir),
    );
  const embeddedPath = config.embeddedDbPath;
  if (embeddedPath === 'memory://') throw new Error('DATA_DIR is :memory:, there is no database to back up');
  const owner = embeddedOwner(embeddedPath);
  if (owner) return askTheWebProcess(owner.pid, config.backups.dir, target);
  if (isNewEmbedded(embeddedPath)) throw new Error(`There is no database in ${embeddedPath} to back up`);
  const release = await claimEmbedded(embeddedPath, 'npm run backup');
  let taken: TakenBackup;
  try {
    const orm = await openDatabase({ url: undefined, embeddedPath, ...schemaOf(plugins) });
    try {
      taken = await takeBackup({ databaseUrl: undefined, orm, dataDir: config.dataDir }, target ?? config.backups.dir);
    } finally {
      await orm.close(true);
    }
  } finally {
    await release();
  }
  show(taken);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
