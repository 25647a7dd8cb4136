import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { EMBEDDED_SHARED_BUFFERS, embeddedPathOf, templatePathOf } from './embedded.ts';
import { openDatabase } from './orm.ts';
import { PGliteThread } from './pglite-thread.ts';

/** The embedded database in its own thread, as MikroORM's PGlite driver and kysely use it (PGlite only). */
describe.skipIf(process.env.VD_TEST_DATABASE === 'postgresql')('the embedded database thread', () => {
  const opened: PGliteThread[] = [];
  const folders: string[] = [];
  // A new folder from the tests' template (tests/support/pglite-template.ts), as a first start's: an empty folder
  // would run initdb first. The thread only ever opens folders on disk (in-memory databases stay on their caller's
  // thread, core/db/orm.ts).
  const open = async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'vd-thread-'));
    folders.push(folder);
    const thread = new PGliteThread({
      dataDir: embeddedPathOf(folder),
      sharedBuffers: EMBEDDED_SHARED_BUFFERS,
      template: inject('pgliteTemplate'),
    });
    opened.push(thread);
    return thread;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((thread) => thread.close()));
    await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
  });

  it('answers rows as PGlite does, with dates as text for MikroORM and bytes as bytes', async () => {
    const db = await open();
    await db.waitReady;
    expect(db.ready).toBe(true);
    const result = await db.query<Record<string, unknown>>(
      `select 1::int as n, 'a'::text as t, '{"k":[1]}'::jsonb as j, '\\x0102'::bytea as b, '2026-11-29 10:00:00+00'::timestamptz as at, null as nothing`,
    );
    expect(result.rows).toEqual([
      { n: 1, t: 'a', j: { k: [1] }, b: new Uint8Array([1, 2]), at: '2026-11-29 10:00:00+00', nothing: null },
    ]);
    expect(result.fields.map((f) => f.name)).toEqual(['n', 't', 'j', 'b', 'at', 'nothing']);
    const arrays = await db.query<{ v: unknown }>('select $1::int[] as v', [[1, 2]], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[[1, 2]]]);
    expect(await db.query('show shared_buffers')).toMatchObject({
      rows: [{ shared_buffers: EMBEDDED_SHARED_BUFFERS }],
    });
  });

  it("keeps PostgreSQL's error fields (MikroORM tells a unique violation by its code)", async () => {
    const db = await open();
    await db.exec('create table t (id int primary key)');
    await db.query('insert into t values (1)');
    const error = await db.query('insert into t values (1)').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      code: '23505',
      constraint: 't_pkey',
      table: 't',
      message: expect.stringMatching(/duplicate key/),
    });
  });

  it('holds the database for a transaction until it ends: a query from outside waits and sees it committed', async () => {
    const db = await open();
    await db.exec('create table t (id int primary key)');
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('insert into t values (1)');
      outside = db
        .query<{ n: number }>('select count(*)::int as n from t')
        .then((r) => order.push(`outside saw ${r.rows[0]?.n}`));
      // Whatever the outside query waits for, it is not this transaction's next statement.
      await tx.query('insert into t values (2)');
      order.push('transaction done');
    });
    await outside;
    expect(order).toEqual(['transaction done', 'outside saw 2']);
  });

  it('rolls back when the callback throws, or when it rolls back itself, and reports a failed COMMIT', async () => {
    const db = await open();
    await db.exec(
      'create table t (id int primary key); create table d (id int references t deferrable initially deferred)',
    );
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t values (1)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await db.transaction(async (tx) => {
      await tx.query('insert into t values (2)');
      await tx.rollback();
      expect(tx.closed).toBe(true);
      await expect(tx.query('select 1')).rejects.toThrow('Transaction is closed');
    });
    await expect(db.transaction((tx) => tx.query('insert into d values (3)'))).rejects.toMatchObject({ code: '23503' });
    expect((await db.query('select count(*)::int as n from t')).rows).toEqual([{ n: 0 }]);
    // The database is free again after each.
    expect((await db.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('opens a folder on disk, writing a template into a new one first; a failed open fails every query, and closes', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'vd-thread-'));
    folders.push(folder);
    const dataDir = embeddedPathOf(folder);
    const db = new PGliteThread({
      dataDir,
      sharedBuffers: EMBEDDED_SHARED_BUFFERS,
      template: inject('pgliteTemplate'),
    });
    opened.push(db);
    expect(await db.query<{ n: number }>(`select count(*)::int as n from mikro_orm_migrations`)).toMatchObject({
      rows: [{ n: expect.any(Number) }],
    });
    await db.close();
    expect(db.closed).toBe(true);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    await expect(db.query('select 1')).rejects.toThrow('The embedded database is closed');

    const broken = new PGliteThread({
      dataDir: path.join(folder, 'missing'),
      sharedBuffers: EMBEDDED_SHARED_BUFFERS,
      template: path.join(folder, 'no-such.tar'),
    });
    opened.push(broken);
    await expect(broken.query('select 1')).rejects.toThrow(/ENOENT/);
    await expect(broken.close()).resolves.toBeUndefined();
  });

  it('is what MikroORM queries on an embedded database on disk, and closing the ORM closes it', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'vd-thread-orm-'));
    folders.push(folder);
    const orm = await openDatabase({
      url: undefined,
      embeddedPath: embeddedPathOf(folder),
      entities: [],
      template: inject('pgliteTemplate'),
    });
    const thread = (await (
      orm.em.getConnection() as unknown as { getNativeClient(): Promise<unknown> }
    ).getNativeClient()) as PGliteThread;
    expect(thread).toBeInstanceOf(PGliteThread);
    expect(await orm.em.fork().execute('select 2 as two')).toEqual([{ two: 2 }]);
    await orm.close(true);
    expect(thread.closed).toBe(true);
  });

  it('decides from the environment as a start would: an existing folder, a new one with its template, none for :memory:', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'vd-thread-env-'));
    folders.push(folder);
    const distDir = path.join(folder, 'dist');
    await mkdir(distDir);
    await copyFile(inject('pgliteTemplate'), templatePathOf(distDir));
    const dataDir = path.join(folder, 'data');
    const fromEnv = (env: Record<string, string>) => {
      const thread = new PGliteThread({
        env: { NODE_ENV: 'development', DEMO_DATA: 'false', ...env },
        distDir,
        sharedBuffers: EMBEDDED_SHARED_BUFFERS,
      });
      opened.push(thread);
      return thread;
    };
    const none = fromEnv({ DATA_DIR: ':memory:' });
    expect(await none.plan()).toBeNull();
    await expect(none.query('select 1')).rejects.toThrow(/was not opened/);

    const fresh = fromEnv({ DATA_DIR: dataDir });
    expect(await fresh.plan()).toEqual({
      dataDir: embeddedPathOf(dataDir),
      isNew: true,
      demoTemplate: null,
      template: templatePathOf(distDir),
    });
    await fresh.waitReady;
    await fresh.close();

    const again = fromEnv({ DATA_DIR: dataDir });
    expect(await again.plan()).toEqual({
      dataDir: embeddedPathOf(dataDir),
      isNew: false,
      demoTemplate: null,
      template: null,
    });
    expect((await again.query('select count(*)::int as n from mikro_orm_migrations')).rows).toEqual([
      { n: expect.any(Number) },
    ]);
  });
});
