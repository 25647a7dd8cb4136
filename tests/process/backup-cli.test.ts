import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appEnv, DEMO_USERS, devSignIn, runScript, startServer } from '../support/spawn-server.ts';

const work = await mkdtemp(path.join(tmpdir(), 'vd-backup-cli-'));
afterAll(() => rm(work, { recursive: true, force: true }));

/**
 * `npm run backup` and `npm run restore` (scripts/) against a real `node server.ts` on the embedded database: while
 * the web process has the folder open, the backup is its (asked for with a signal), and a restore is refused; once
 * it has stopped, the command opens the folder itself; a restore into a new DATA_DIR starts as the same diner.
 */
describe('npm run backup / npm run restore on the embedded database', { timeout: 180_000 }, () => {
  const dataDir = path.join(work, 'diner');
  const env = appEnv(dataDir);

  it('asks the running web process for the backup, refuses a restore into its folder, and restores elsewhere', async () => {
    const server = await startServer(env, { timeoutMs: 120_000 });
    let file: string;
    try {
      const out = path.join(work, 'out');
      const backup = await runScript('backup.ts', [out], env);
      expect(backup.output).toContain(`The web process (pid ${server.pid}) has the embedded database open`);
      expect(backup.code, backup.output).toBe(0);
      const [name] = await readdir(out);
      expect(name).toMatch(/^diner-backup-\d{8}T\d{6}Z\.tar\.gz$/);
      file = path.join(out, name ?? '');
      // The web process wrote it into its own backups folder too, and serves on.
      expect(await readdir(path.join(dataDir, 'backups'))).toContain(name);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

      const restore = await runScript('restore.ts', [file], env);
      expect(restore.code).toBe(1);
      expect(restore.output).toMatch(/is open in another process \(pid \d+, the web process\)/);
    } finally {
      await server.stop();
    }

    // Stopped: the command opens the folder itself.
    const alone = await runScript('backup.ts', [path.join(work, 'alone')], env);
    expect(alone.code, alone.output).toBe(0);
    expect(alone.output).not.toContain('asking it');
    expect(alone.output).toMatch(/Backup written: .*diner-backup-.*\.tar\.gz/);

    // Into a DATA_DIR that already holds a database: refused.
    const refused = await runScript('restore.ts', [file], env);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('already holds a database');

    const restoredDir = path.join(work, 'restored');
    const restoredEnv = appEnv(restoredDir);
    const restore = await runScript('restore.ts', [file], restoredEnv);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/^Restored the backup of .* \(embedded\) into the embedded database/m);
    expect(existsSync(path.join(restoredDir, 'db', 'PG_VERSION'))).toBe(true);
    const restored = await startServer(restoredEnv, { timeoutMs: 120_000 });
    try {
      // The demo data came with the backup: a restored database is not new, so no demo data is added again.
      expect(restored.output()).not.toContain('demo data added');
      await expect(devSignIn(restored.url, DEMO_USERS.customer)).resolves.toEqual(expect.any(String));
    } finally {
      await restored.stop();
    }
  });
});
