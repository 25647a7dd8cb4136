import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { schemaOf } from '../../core/boot.ts';
import { loadConfig } from '../../core/config.ts';
import { writeDemoTemplate } from '../../core/db/demo-template.ts';
import { templatePathOf } from '../../core/db/embedded.ts';
import { buildDemoTemplate } from '../../core/demo-data.ts';
import { plugins } from '../../plugins/index.ts';
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
    // Seeded at this start, or copied from the build's demo template when there is one that fits (core/db/demo-template.ts).
    expect(first.output()).toMatch(/New database: demo data (added|from the demo template)/);
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
    // A start that stops before it opens the database leaves no PG_VERSION (core/db/extract-template.ts).
    const fresh = await mkdtemp(path.join(tmpdir(), 'vd-process-refused-'));
    try {
      const refused = await runToExit({ ...appEnv(fresh), PORT: 'not-a-port' });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('PORT');
      const next = await startServer(appEnv(fresh));
      expect(next.output()).toMatch(/New database: demo data (added|from the demo template)/);
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

/** A first start with the demo template `npm run build` makes (core/db/demo-template.ts), from a build folder of its own. */
describe('the web process and the demo template', () => {
  let root: string;
  beforeAll(async () => {
    // The process's working folder: server.ts finds `dist/` there (no site built: it serves the API only).
    root = await mkdtemp(path.join(tmpdir(), 'vd-process-demo-'));
    const dist = path.join(root, 'dist');
    await mkdir(dist);
    const template = inject('pgliteTemplate');
    await copyFile(template, templatePathOf(dist));
    const config = loadConfig({ ...appEnv(':memory:'), LOG_LEVEL: 'silent' }, plugins);
    await writeDemoTemplate(
      dist,
      await buildDemoTemplate(schemaOf(plugins), plugins, config, new Uint8Array(await readFile(template))),
    );
  }, 60_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('a first start copies it instead of adding the demo data, and a start configured otherwise adds its own', async () => {
    const copied = await startServer(appEnv(path.join(root, 'copied')), { cwd: root });
    expect(copied.output()).toContain('New database: demo data from the demo template');
    expect(copied.output()).not.toContain('"demoData"');
    const settings = await fetch(`${copied.url}/api/client/settings`).then((r) => r.json());
    expect(settings.settings.currentAnnouncement.enabled).toBe(true);
    expect(await copied.stop()).toBe(0);

    // Another cooking time: the template's orders would be dated for the build's, so this start seeds its own.
    const other = await startServer({ ...appEnv(path.join(root, 'other')), ORDER_COOKING_TIME_S: '5' }, { cwd: root });
    expect(other.output()).toContain('New database: demo data added');
    expect(await other.stop()).toBe(0);
  }, 90_000);
});
