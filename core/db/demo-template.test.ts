import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
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

/** The configuration of a start on the embedded database in `dataDir`, with `env` on top. */
const configOf = (dataDir: string, env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'development', DATABASE_URL: '', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '4321', ...env });

describe('the demo template: which configuration it fits', () => {
  it('ignores where the process runs (port, folders, log level, the random session secret) and nothing else', () => {
    const build = configOf(':memory:');
    const start = configOf('/srv/diner', { PORT: '5555', LOG_LEVEL: 'warn', METRICS_PORT: '9100' });
    expect(start.sessionSecret).not.toBe(build.sessionSecret);
    expect(start.images.localDir).not.toBe(build.images.localDir);
    expect(configHashOf(start)).toBe(configHashOf(build));
    expect(configHashOf(configOf(':memory:', { ORDER_COOKING_TIME_S: '2' }))).not.toBe(configHashOf(build));
    expect(
      configHashOf(configOf(':memory:', { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })),
    ).not.toBe(configHashOf(build));
  });

  it('records every read of a copy while recording, however deep, and finds the ones of where the process runs', () => {
    const config = configOf(':memory:');
    const recorder = recordConfigReads(config);
    void recorder.config.port;
    recorder.recording = true;
    void recorder.config.orders.cookingTimeMs;
    void recorder.config.stripe.plans.map((plan) => plan.id);
    void ('token' in recorder.config.metrics);
    void Object.keys(recorder.config.images);
    recorder.recording = false;
    void recorder.config.publicUrl;
    expect(recorder.reads()).toEqual(
      expect.arrayContaining([
        'orders',
        'orders.cookingTimeMs',
        'stripe.plans',
        'stripe.plans.length',
        'stripe.plans.0',
        'stripe.plans.0.id',
        'metrics.token',
        'images.*',
      ]),
    );
    expect(recorder.reads()).not.toContain('port');
    expect(recorder.reads()).not.toContain('publicUrl');
    expect(placeReads(recorder.reads())).toEqual(['metrics', 'metrics.token', 'images.*']);
    expect(placeReads(['*', 'images.maxBytes', 'images.localDir', 'orders.*'])).toEqual(['*', 'images.localDir']);
    // A copy: the configuration itself is not touched.
    expect(recorder.config).not.toBe(config);
    expect(recorder.config).toEqual(config);
  });
});

describe('the demo template: when a new database starts from it', () => {
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
    const dist = await distWith({ seededAt: now - 5 * 60_000, configHash: configHashOf(configOf(':memory:')) });
    expect(demoTemplateFor(config, dist, folder(), now)).toBe(demoTemplatePathOf(dist));
    expect(demoTemplateFor(configOf(folder(), { DEMO_DATA: 'false' }), dist, folder(), now)).toBeNull();
    expect(demoTemplateFor(configOf(folder(), { ORDER_CLAIM_TIMEOUT_S: '60' }), dist, folder(), now)).toBeNull();
  });

  it('is not chosen when older than the hour, made later than now, unreadable or missing', async () => {
    const config = configOf(folder());
    const configHash = configHashOf(config);
    expect(
      demoTemplateFor(config, await distWith({ seededAt: now - DEMO_TEMPLATE_MAX_AGE_MS, configHash }), folder(), now),
    ).toBeNull();
    expect(demoTemplateFor(config, await distWith({ seededAt: now + 60_000, configHash }), folder(), now)).toBeNull();
    expect(demoTemplateFor(config, await distWith('{ not json'), folder(), now)).toBeNull();
    expect(demoTemplateFor(config, await distWith(JSON.stringify({ seededAt: now })), folder(), now)).toBeNull();
    const none = await mkdtemp(path.join(tmpdir(), 'vd-demo-none-'));
    made.push(none);
    expect(demoTemplateFor(config, none, folder(), now)).toBeNull();
  });

  it('gives one folder the same answer when its hour ends between two asks (server.ts asks first, the start again)', async () => {
    const config = configOf(folder());
    const dist = await distWith({ seededAt: now, configHash: configHashOf(config) });
    const db = folder();
    expect(demoTemplateFor(config, dist, db, now + DEMO_TEMPLATE_MAX_AGE_MS - 1)).toBe(demoTemplatePathOf(dist));
    expect(demoTemplateFor(config, dist, db, now + DEMO_TEMPLATE_MAX_AGE_MS + 1)).toBe(demoTemplatePathOf(dist));
    expect(demoTemplateFor(config, dist, folder(), now + DEMO_TEMPLATE_MAX_AGE_MS + 1)).toBeNull();
  });
});
