import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database.ts';
import { loadConfig } from '../config.ts';
import { Jobs } from '../jobs.ts';
import { registerBackupMetrics } from '../metrics/kernel.ts';
import { Metrics } from '../metrics/metrics.ts';
import { BackupRunner, backupStatus, lastBackupIn, readOutcome } from './runner.ts';
import { scheduleBackups } from './schedule.ts';

const log = pino({ level: 'silent' });

/**
 * The web process's own backups of the embedded database (core/backup/runner.ts, schedule.ts): the newest `keep`
 * kept, each outcome written for `npm run backup`, the job on its schedule (none at BACKUP_INTERVAL_HOURS=0, none on
 * PostgreSQL or in memory), what Site Settings shows, and the age gauge.
 */
describe('scheduled backups', () => {
  let db: TestDatabase;
  let work: string;

  beforeAll(async () => {
    db = await createTestDatabase([]);
    work = await mkdtemp(path.join(tmpdir(), 'vd-backups-'));
  });
  afterAll(async () => {
    await db.drop();
    await rm(work, { recursive: true, force: true });
  });

  it('keeps the newest backups, writes each outcome, and says which is the last', async () => {
    const dir = path.join(work, 'kept');
    let hour = 0;
    const runner = new BackupRunner({
      orm: db.orm,
      dataDir: work,
      dir,
      keep: 2,
      log,
      now: () => new Date(Date.UTC(2026, 11, 4, hour++)),
    });
    for (let i = 0; i < 3; i++) await runner.run('test');
    const names = (await readdir(dir)).filter((name) => name.endsWith('.tar.gz')).sort();
    expect(names).toEqual(['diner-backup-20261204T010000Z.tar.gz', 'diner-backup-20261204T020000Z.tar.gz']);
    const outcome = await readOutcome(dir);
    expect(outcome).toMatchObject({ file: path.join(dir, names[1] ?? ''), error: null });
    expect(outcome?.size).toBeGreaterThan(0);
    expect((await lastBackupIn(dir))?.file).toBe(path.join(dir, names[1] ?? ''));
    const status = await backupStatus(dir, { intervalMs: 6 * 3_600_000, keep: 2 });
    expect(status).toEqual({
      last: { name: names[1], size: outcome?.size, at: expect.any(String) },
      schedule: { everyHours: 6, keep: 2 },
    });
    expect(await backupStatus(path.join(work, 'none'), { intervalMs: 0, keep: 7 })).toEqual({
      last: null,
      schedule: null,
    });

    // A backup that fails says so in its outcome (the same second's file exists already) and keeps the others.
    hour = 2;
    await expect(runner.run('test')).rejects.toThrow(/exists already/);
    expect(await readOutcome(dir)).toMatchObject({ file: null, size: null, error: expect.stringMatching(/exists/) });
    expect((await readdir(dir)).filter((name) => name.endsWith('.tar.gz'))).toHaveLength(2);
  });

  it('is a job every BACKUP_INTERVAL_HOURS on the embedded database in a folder, and none otherwise', async () => {
    const jobsWith = (env: Record<string, string>) => {
      const config = loadConfig({ DATA_DIR: path.join(work, 'scheduled'), ...env });
      const jobs = new Jobs(db.orm, log);
      return { runner: scheduleBackups(config, db.orm, jobs, log), job: jobs.get('backup.scheduled') };
    };
    const daily = jobsWith({});
    expect(daily.job?.spec.intervalMs).toBe(24 * 3_600_000);
    expect(jobsWith({ BACKUP_INTERVAL_HOURS: '6' }).job?.spec.intervalMs).toBe(6 * 3_600_000);
    const off = jobsWith({ BACKUP_INTERVAL_HOURS: '0' });
    expect(off.job).toBeUndefined();
    // Off on schedule, the runner still answers `npm run backup`.
    expect(off.runner).not.toBeNull();
    expect(jobsWith({ DATA_DIR: ':memory:' }).runner).toBeNull();
    expect(jobsWith({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }).runner).toBeNull();

    await daily.job?.spec.run();
    const backups = (await readdir(path.join(work, 'scheduled', 'backups'))).filter((n) => n.endsWith('.tar.gz'));
    expect(backups).toHaveLength(1);
  });

  it('exports the newest backup’s age, +Inf while there is none', async () => {
    const read = async (env: Record<string, string>) => {
      const metrics = await Metrics.create(true);
      registerBackupMetrics(metrics, loadConfig(env));
      return metrics.text();
    };
    const none = await read({ DATA_DIR: path.join(work, 'empty') });
    expect(none).toMatch(/^vd_backup_age_seconds \+Inf$/m);
    const age = /^vd_backup_age_seconds (\S+)$/m.exec(await read({ DATA_DIR: path.join(work, 'scheduled') }))?.[1];
    expect(Number(age)).toBeGreaterThanOrEqual(0);
    expect(Number(age)).toBeLessThan(600);
    expect(await read({ DATA_DIR: ':memory:' })).not.toContain('vd_backup_age_seconds');
  });
});
