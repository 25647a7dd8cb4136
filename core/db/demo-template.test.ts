import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definePluginConfig, loadConfig } from '../config.ts';
import {
  configHashOf,
  DEMO_TEMPLATE_MAX_AGE_MS,
  type DemoManifest,
  demoManifestPathOf,
  demoTemplateFor,
  demoTemplatePathOf,
  placeReads,
  recordConfigReads,
} from './demo-template.ts';

/** A plugin's configuration, as a plugin declares it (core's tests use no real plugin). */
const kitchen = {
  name: 'kitchen',
  config: definePluginConfig({
    env: {
      KITCHEN_COOKING_S: z.coerce.number().default(180),
      KITCHEN_PLANS: z.string().default('a,b'),
    },
    of: (e) => ({ cookingMs: e.KITCHEN_COOKING_S * 1000, plans: e.KITCHEN_PLANS.split(',').map((id) => ({ id })) }),
  }),
};
declare module '../config.ts' {
  interface PluginConfigs {
    /** Only in this test. */
    kitchen: { cookingMs: number; plans: { id: string }[] };
  }
}

const ENV = { NODE_ENV: 'development', DATABASE_URL: '', HOST: '127.0.0.1', PORT: '4321' };
/** The configuration of a start on the embedded database in `dataDir`, with `env` on top. */
const configOf = (dataDir: string, env: Record<string, string> = {}) =>
  loadConfig({ ...ENV, DATA_DIR: dataDir, ...env }, [kitchen]);

describe('the demo template: which configuration it fits', () => {
  it('ignores where the process runs (port, folders, log level, the random session secret) and nothing else', () => {
    const build = configOf(':memory:');
    const start = configOf('/srv/diner', { PORT: '5555', LOG_LEVEL: 'warn', METRICS_PORT: '9100' });
    expect(start.sessionSecret).not.toBe(build.sessionSecret);
    expect(start.dataDir).not.toBe(build.dataDir);
    expect(configHashOf(start)).toBe(configHashOf(build));
    expect(configHashOf(configOf(':memory:', { KITCHEN_COOKING_S: '2' }))).not.toBe(configHashOf(build));
    expect(configHashOf(configOf(':memory:', { KITCHEN_PLANS: 'c' }))).not.toBe(configHashOf(build));
    expect(configHashOf(configOf(':memory:', { DISCORD_CLIENT_ID: '1' }))).not.toBe(configHashOf(build));
  });

  it('records every read of a copy while recording, however deep, and finds the ones of where the process runs', () => {
    const config = configOf(':memory:');
    const recorder = recordConfigReads(config);
    void recorder.config.port;
    recorder.recording = true;
    void recorder.config.plugins.kitchen.cookingMs;
    void recorder.config.plugins.kitchen.plans.map((plan) => plan.id);
    void ('token' in recorder.config.metrics);
    void Object.keys(recorder.config.discord);
    recorder.recording = false;
    void recorder.config.publicUrl;
    expect(recorder.reads()).toEqual(
      expect.arrayContaining([
        'plugins',
        'plugins.kitchen.cookingMs',
        'plugins.kitchen.plans',
        'plugins.kitchen.plans.length',
        'plugins.kitchen.plans.0',
        'plugins.kitchen.plans.0.id',
        'metrics.token',
        'discord.*',
      ]),
    );
    expect(recorder.reads()).not.toContain('port');
    expect(recorder.reads()).not.toContain('publicUrl');
    expect(placeReads(recorder.reads())).toEqual(['metrics', 'metrics.token']);
    expect(placeReads(['*', 'metrics.port', 'discord.*', 'plugins.*'])).toEqual(['*', 'metrics.port']);
    // A copy: the configuration itself is not touched.
    expect(recorder.config).not.toBe(config);
    expect(recorder.config).toEqual(config);
  });
});

describe('the demo template: when a new database starts from it', () => {
  const KITCHEN_ENV = Object.keys(kitchen.config.env);
  const made: string[] = [];
  afterEach(async () => {
    for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  /** A build folder holding a demo template (any bytes) and its manifest. */
  async function distWith(manifest: DemoManifest | string): Promise<string> {
    const dist = await mkdtemp(path.join(tmpdir(), 'vd-demo-dist-'));
    made.push(dist);
    await writeFile(demoTemplatePathOf(dist), 'tar');
    await writeFile(demoManifestPathOf(dist), typeof manifest === 'string' ? manifest : JSON.stringify(manifest));
    return dist;
  }
  let folders = 0;
  const folder = () => path.join(tmpdir(), `vd-demo-db-${process.pid}-${++folders}`);
  const now = Date.UTC(2026, 10, 28, 12);

  it('is chosen when made within the hour by the same configuration, with demo data on', async () => {
    const config = configOf(folder());
    const dist = await distWith({
      seededAt: now - 5 * 60_000,
      configHash: configHashOf(configOf(':memory:')),
      pluginEnv: KITCHEN_ENV,
    });
    expect(demoTemplateFor(config, dist, folder(), now)).toBe(demoTemplatePathOf(dist));
    expect(demoTemplateFor(configOf(folder(), { DEMO_DATA: 'false' }), dist, folder(), now)).toBeNull();
    expect(demoTemplateFor(configOf(folder(), { KITCHEN_COOKING_S: '60' }), dist, folder(), now)).toBeNull();
  });

  it('decides the same without the plugins loaded (the database thread), reading their variables from the environment', async () => {
    const dist = await distWith({
      seededAt: now,
      configHash: configHashOf(configOf(':memory:')),
      pluginEnv: KITCHEN_ENV,
    });
    const coreOnly = (env: Record<string, string>) => loadConfig({ ...ENV, DATA_DIR: folder(), ...env });
    const same = { KITCHEN_COOKING_S: '' };
    expect(demoTemplateFor(coreOnly(same), dist, folder(), now, same)).toBe(demoTemplatePathOf(dist));
    const other = { KITCHEN_COOKING_S: '60' };
    expect(demoTemplateFor(coreOnly(other), dist, folder(), now, other)).toBeNull();
  });

  it('is not chosen when older than the hour, made later than now, unreadable or missing', async () => {
    const config = configOf(folder());
    const configHash = configHashOf(config);
    expect(
      demoTemplateFor(
        config,
        await distWith({ seededAt: now - DEMO_TEMPLATE_MAX_AGE_MS, configHash, pluginEnv: KITCHEN_ENV }),
        folder(),
        now,
      ),
    ).toBeNull();
    expect(
      demoTemplateFor(
        config,
        await distWith({ seededAt: now + 60_000, configHash, pluginEnv: KITCHEN_ENV }),
        folder(),
        now,
      ),
    ).toBeNull();
    expect(demoTemplateFor(config, await distWith('{ not json'), folder(), now)).toBeNull();
    expect(demoTemplateFor(config, await distWith(JSON.stringify({ seededAt: now })), folder(), now)).toBeNull();
    const none = await mkdtemp(path.join(tmpdir(), 'vd-demo-none-'));
    made.push(none);
    expect(demoTemplateFor(config, none, folder(), now)).toBeNull();
  });

  it('gives one folder the same answer when its hour ends between two asks (server.ts asks first, the start again)', async () => {
    const config = configOf(folder());
    const dist = await distWith({ seededAt: now, configHash: configHashOf(config), pluginEnv: KITCHEN_ENV });
    const db = folder();
    expect(demoTemplateFor(config, dist, db, now + DEMO_TEMPLATE_MAX_AGE_MS - 1)).toBe(demoTemplatePathOf(dist));
    expect(demoTemplateFor(config, dist, db, now + DEMO_TEMPLATE_MAX_AGE_MS + 1)).toBe(demoTemplatePathOf(dist));
    expect(demoTemplateFor(config, dist, folder(), now + DEMO_TEMPLATE_MAX_AGE_MS + 1)).toBeNull();
  });
});
