import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openAndMigrate, schemaOf } from '../../core/boot.ts';
import { loadConfig } from '../../core/config.ts';
import { writeDemoTemplate } from '../../core/db/demo-template.ts';
import { templatePathOf } from '../../core/db/embedded.ts';
import type { Orm } from '../../core/db/orm.ts';
import { buildDemoTemplate, seedDemoData } from '../../core/demo-data.ts';
import { buildServer } from '../../core/http/server.ts';
import { definePlugin } from '../../core/plugin.ts';
import { plugins } from '../../plugins/index.ts';

/** Every table of the database with its number of rows. */
async function rowCounts(orm: Orm): Promise<Record<string, number>> {
  const em = orm.em.fork();
  const tables = await em.execute<{ name: string }[]>(
    `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables)
    counts[name] = (await em.execute<{ n: number }[]>(`select count(*)::int as n from "${name}"`))[0]!.n;
  return counts;
}

describe('the demo template made by the build (core/demo-data.ts, core/db/demo-template.ts)', () => {
  let root: string;
  let dist: string;
  const configOf = (dataDir: string) =>
    loadConfig({ NODE_ENV: 'development', DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, plugins);

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'vd-demo-'));
    dist = path.join(root, 'dist');
    const template = inject('pgliteTemplate');
    await mkdir(dist);
    await copyFile(template, templatePathOf(dist));
    await writeDemoTemplate(
      dist,
      await buildDemoTemplate(
        schemaOf(plugins),
        plugins,
        configOf(':memory:'),
        new Uint8Array(await readFile(template)),
      ),
    );
  }, 60_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('holds what the seeds write at a start: every table with as many rows', { timeout: 60_000 }, async () => {
    const copied = await openAndMigrate(configOf(path.join(root, 'copied')), plugins, dist);
    const seededConfig = configOf(path.join(root, 'seeded'));
    // The same build folder without its demo template: the start seeds.
    const plain = path.join(root, 'plain-dist');
    await mkdir(plain);
    await copyFile(templatePathOf(dist), templatePathOf(plain));
    const seeded = await openAndMigrate(seededConfig, plugins, plain);
    try {
      expect([copied.isNew, copied.seeded]).toEqual([true, true]);
      expect([seeded.isNew, seeded.seeded]).toEqual([true, false]);
      const server = await buildServer({ config: seededConfig, orm: seeded.orm, plugins, site: null });
      await seedDemoData(server, plugins);
      await server.close();
      const counts = await rowCounts(copied.orm);
      expect(counts.users).toBeGreaterThan(5);
      expect(counts.orders).toBeGreaterThan(200);
      expect(counts).toEqual(await rowCounts(seeded.orm));
    } finally {
      await copied.orm.close();
      await seeded.orm.close();
    }
  });

  it('a database opened again is not new, and gets no demo data twice', { timeout: 30_000 }, async () => {
    const dataDir = path.join(root, 'again');
    const first = await openAndMigrate(configOf(dataDir), plugins, dist);
    await first.orm.close();
    const second = await openAndMigrate(configOf(dataDir), plugins, dist);
    try {
      expect([second.isNew, second.seeded]).toEqual([false, false]);
    } finally {
      await second.orm.close();
    }
  });

  it('refuses demo data that reads where the process runs, which a template cannot know', {
    timeout: 30_000,
  }, async () => {
    const peek = definePlugin({
      name: 'peek',
      async seed(_service, ctx) {
        void ctx.config.publicUrl;
      },
    });
    const template = new Uint8Array(await readFile(inject('pgliteTemplate')));
    await expect(
      buildDemoTemplate(schemaOf(plugins), [...plugins, peek], configOf(':memory:'), template),
    ).rejects.toThrow(/The demo data reads publicUrl of the configuration/);
  });
});
