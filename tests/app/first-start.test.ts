import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openAndMigrate } from '../../core/boot.ts';
import { loadConfig } from '../../core/config.ts';
import { embeddedPathOf, templatePathOf, UNFINISHED_MARK } from '../../core/db/embedded.ts';
import type { Orm } from '../../core/db/orm.ts';
import { plugins } from '../../plugins/index.ts';

const probes = (orm: Orm) =>
  orm.em
    .fork()
    .execute<{ n: number }[]>(`select count(*)::int as n from pg_tables where tablename = 'first_start_probe'`)
    .then(([row]) => row!.n);

/**
 * A first start on the embedded database (core/boot.ts `openAndMigrate`, core/db/embedded.ts): the database is made
 * from the build's migrated template, and stays new until that start says it is whole (its demo data in); a start
 * cut off before then, wherever, is taken for new again and made again from the template.
 */
describe('a first start on the embedded database', () => {
  let root: string;
  let dist: string;
  const configOf = (dataDir: string) =>
    loadConfig({ NODE_ENV: 'development', DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, plugins);

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'vd-first-start-'));
    dist = path.join(root, 'dist');
    await mkdir(dist);
    await copyFile(inject('pgliteTemplate'), templatePathOf(dist));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('makes it from the template, new until finished, and not new after', { timeout: 60_000 }, async () => {
    const dataDir = path.join(root, 'made');
    const first = await openAndMigrate(configOf(dataDir), plugins, dist);
    expect(first.isNew).toBe(true);
    // Migrated already: the template's tables are there.
    expect(await first.orm.em.fork().execute('select count(*)::int as n from users')).toEqual([{ n: 0 }]);
    await first.orm.em.fork().execute('create table first_start_probe (id int)');
    await first.finish();
    await first.orm.close();
    expect(existsSync(path.join(embeddedPathOf(dataDir), UNFINISHED_MARK))).toBe(false);

    const second = await openAndMigrate(configOf(dataDir), plugins, dist);
    try {
      expect(second.isNew).toBe(false);
      expect(await probes(second.orm)).toBe(1);
    } finally {
      await second.orm.close();
    }
  });

  it('takes one cut off before it finished for new, and makes it again from the template', {
    timeout: 60_000,
  }, async () => {
    const dataDir = path.join(root, 'cut-off');
    const first = await openAndMigrate(configOf(dataDir), plugins, dist);
    await first.orm.em.fork().execute('create table first_start_probe (id int)');
    // Closed without `finish`: as a start stopped while it added the demo data.
    await first.orm.close();

    const second = await openAndMigrate(configOf(dataDir), plugins, dist);
    try {
      expect(second.isNew).toBe(true);
      expect(await probes(second.orm)).toBe(0);
    } finally {
      await second.orm.close();
    }
  });

  it('takes one cut off while the template was written for new, and makes it whole', { timeout: 60_000 }, async () => {
    const dataDir = path.join(root, 'half-written');
    const folder = embeddedPathOf(dataDir);
    // What a start stopped part way through writing the template leaves: the mark, some files, maybe PG_VERSION.
    await mkdir(path.join(folder, 'base', '5'), { recursive: true });
    await writeFile(path.join(folder, UNFINISHED_MARK), '');
    await writeFile(path.join(folder, 'PG_VERSION'), '17\n');
    await writeFile(path.join(folder, 'base', '5', '1259'), new Uint8Array(100));
    const opened = await openAndMigrate(configOf(dataDir), plugins, dist);
    try {
      expect(opened.isNew).toBe(true);
      expect(await opened.orm.em.fork().execute('select count(*)::int as n from users')).toEqual([{ n: 0 }]);
    } finally {
      await opened.orm.close();
    }
  });
});
