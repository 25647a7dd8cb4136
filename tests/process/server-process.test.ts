import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appEnv, runToExit, startServer } from '../support/spawn-server.ts';

/** `node server.ts` as an operator runs it: start, Ctrl-C, start again; and the failures an operator meets. */
describe('the web process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'vd-process-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('starts on a new embedded database, stops cleanly on Ctrl-C, and starts again on the same data', async () => {
    const first = await startServer(appEnv(dataDir));
    const settings = await fetch(`${first.url}/api/client/settings`).then((r) => r.json());
    expect(settings.settings.currentAnnouncement.enabled).toBe(true);
    expect(first.output()).toContain('New database: demo data added');
    expect(first.output()).toContain('Virtual Diner is ready at http://localhost:');
    expect(await first.stop()).toBe(0);
    expect(first.output()).toContain('shutting down');

    const second = await startServer(appEnv(dataDir));
    expect(second.output()).not.toContain('New database');
    const again = await fetch(`${second.url}/api/client/settings`).then((r) => r.json());
    expect(again).toEqual(settings);
    expect(await second.stop()).toBe(0);
  }, 90_000);

  it('a first start its configuration refuses leaves the database new: the next start adds the demo data', async () => {
    // A first start that stops before it finishes leaves the database unfinished (core/db/embedded.ts UNFINISHED_MARK).
    const fresh = await mkdtemp(path.join(tmpdir(), 'vd-process-refused-'));
    try {
      const refused = await runToExit({ ...appEnv(fresh), PORT: 'not-a-port' });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('PORT');
      const next = await startServer(appEnv(fresh));
      expect(next.output()).toContain('New database: demo data added');
      const settings = await fetch(`${next.url}/api/client/settings`).then((r) => r.json());
      expect(settings.settings.currentAnnouncement.enabled).toBe(true);
      expect(await next.stop()).toBe(0);
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  }, 90_000);

  it('exits non-zero with one clear line when the database is unreachable', async () => {
    const { code, output } = await runToExit({
      ...appEnv(dataDir),
      DATABASE_URL: 'postgres://diner@127.0.0.1:1/diner',
      LOG_LEVEL: 'silent',
    });
    expect(code).toBe(1);
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Virtual Diner could not start: .*(ECONNREFUSED|connect)/);
  });

  it('refuses to start in production without its secrets, naming each', async () => {
    const { code, output } = await runToExit({
      NODE_ENV: 'production',
      SESSION_SECRET: '',
      DISCORD_CLIENT_ID: '',
      DISCORD_CLIENT_SECRET: '',
      DATABASE_URL: '',
    });
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      'Missing required configuration for production: SESSION_SECRET, DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET, DATABASE_URL',
    );
  });
});
