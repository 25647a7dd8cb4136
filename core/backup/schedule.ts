import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Orm } from '../db/orm.ts';
import type { Jobs } from '../jobs.ts';
import { BackupRunner } from './runner.ts';

export { BackupRunner };

/**
 * The web process on the embedded database in a folder takes its own backups: no other process may open that folder
 * (core/db/embedded.ts `claimEmbedded`). A job (`backup.scheduled`) every BACKUP_INTERVAL_HOURS (none at 0), the
 * first one interval after the start, and `npm run backup` asks for one through the returned runner (web/main.ts).
 * On PostgreSQL, or in memory, none (null): `npm run backup` reads PostgreSQL itself, from anywhere.
 */
export function scheduleBackups(config: Config, orm: Orm, jobs: Jobs, log: FastifyBaseLogger): BackupRunner | null {
  if (config.databaseUrl || config.embeddedDbPath === 'memory://') return null;
  const runner = new BackupRunner({
    orm,
    dataDir: config.dataDir,
    dir: config.backups.dir,
    keep: config.backups.keep,
    log,
  });
  if (config.backups.intervalMs > 0)
    jobs.add({
      name: 'backup.scheduled',
      intervalMs: config.backups.intervalMs,
      metrics: {
        duration: 'vd_backup_duration_seconds',
        failures: 'vd_backup_failures_total',
        lag: 'vd_backup_lag_seconds',
      },
      run: () => runner.run('scheduled'),
    });
  return runner;
}
