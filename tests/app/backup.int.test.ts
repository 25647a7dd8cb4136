import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { create } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeBackup } from '../../core/backup/backup.ts';
import { BackupFileError } from '../../core/backup/format.ts';
import { RestoreRefusedError, restoreBackup } from '../../core/backup/restore.ts';
import { schemaOf } from '../../core/boot.ts';
import { migrate, openDatabase } from '../../core/db/orm.ts';
import { seedDemoData } from '../../core/demo-data.ts';
import { plugins } from '../../plugins/index.ts';
import { queryOnce } from '../support/database.ts';
import { digestTables } from '../support/digest.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * `npm run backup` / `npm run restore` (core/backup/): a diner with its demo data, backed up from the embedded
 * database, restores into a new embedded database with every row of every table and the uploads; the refusals come
 * before anything is written. With TEST_DATABASE_URL, the same backup restores into PostgreSQL, and a backup of that
 * database restores back into an embedded one.
 */
const schema = schemaOf(plugins);
let app: TestApp;
let work: string;
let source: string;
let backupFile: string;
let digests: Awaited<ReturnType<typeof digestTables>>;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'vd-backup-'));
  source = path.join(work, 'source');
  await mkdir(path.join(source, 'uploads'), { recursive: true });
  await writeFile(path.join(source, 'uploads', 'picture.png'), 'not really a picture');
  app = await createTestApp();
  await seedDemoData(app.server, plugins);
  // The sweepers would move the demo orders on between the digest and the backup: this test compares the two.
  await app.server.jobs.stop();
  digests = await digestTables(app.db.orm);
  const taken = await takeBackup(
    { databaseUrl: undefined, orm: app.db.orm, dataDir: source },
    path.join(source, 'backups'),
  );
  backupFile = taken.file;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await rm(work, { recursive: true, force: true });
});

/** Restores into the embedded database of a new DATA_DIR `dataDir` (with this code's migrations, or `migrations`). */
const restoreEmbedded = (file: string, dataDir: string, migrations = schema.migrations) =>
  restoreBackup(file, {
    databaseUrl: undefined,
    embeddedPath: path.join(dataDir, 'db'),
    dataDir,
    entities: schema.entities,
    migrations,
  });

async function openRestored(dataDir: string) {
  const orm = await openDatabase({ url: undefined, embeddedPath: path.join(dataDir, 'db'), ...schema });
  return orm;
}

/** A backup file of this code's schema whose SQL fails half-way, with an upload: a restore of it must leave nothing. */
async function failingBackup(): Promise<string> {
  const staged = await mkdtemp(path.join(work, 'failing-'));
  const manifest = { format: 1, createdAt: new Date().toISOString(), database: 'embedded', migrations: [] };
  await writeFile(path.join(staged, 'manifest.json'), JSON.stringify(manifest));
  await writeFile(
    path.join(staged, 'database.sql'),
    'CREATE TABLE public.half (id integer);\nINSERT INTO public.half (id) VALUES (1);\nSELECT 1 / 0;\n',
  );
  await mkdir(path.join(staged, 'uploads'));
  await writeFile(path.join(staged, 'uploads', 'left.png'), 'x');
  const file = path.join(work, `${path.basename(staged)}.tar.gz`);
  await create({ gzip: true, file, cwd: staged }, ['manifest.json', 'database.sql', 'uploads']);
  return file;
}

describe('backup of the embedded database', { timeout: 90_000 }, () => {
  it('is one file named after its time, holding a manifest with the migrations the database ran', async () => {
    expect(path.basename(backupFile)).toMatch(/^diner-backup-\d{8}T\d{6}Z\.tar\.gz$/);
    expect(await readdir(path.join(source, 'backups'))).toEqual([path.basename(backupFile)]);
    const restoredTo = path.join(work, 'manifest');
    await mkdir(restoredTo);
    const { extract } = await import('tar');
    await extract({ file: backupFile, cwd: restoredTo });
    const manifest = JSON.parse(await readFile(path.join(restoredTo, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 1, database: 'embedded' });
    expect(manifest.migrations).toEqual(schema.migrations.map((m) => m.name));
    expect(await readFile(path.join(restoredTo, 'uploads', 'picture.png'), 'utf8')).toBe('not really a picture');
  });

  it('restores into a new embedded database: every row of every table, and the uploads', async () => {
    const target = path.join(work, 'embedded');
    const restored = await restoreEmbedded(backupFile, target);
    expect(restored.migrated).toEqual([]);
    expect(await readFile(path.join(target, 'uploads', 'picture.png'), 'utf8')).toBe('not really a picture');
    const orm = await openRestored(target);
    try {
      expect(await digestTables(orm)).toEqual(digests);
    } finally {
      await orm.close(true);
    }
    // Nothing of the restore's own is left beside the database.
    expect((await readdir(target)).sort()).toEqual(['db', 'uploads']);
  });

  it('refuses a target that already holds a database, or uploads, and writes nothing', async () => {
    const target = path.join(work, 'embedded');
    await expect(restoreEmbedded(backupFile, target)).rejects.toThrow(RestoreRefusedError);
    const withUploads = path.join(work, 'with-uploads');
    await mkdir(path.join(withUploads, 'uploads'), { recursive: true });
    await writeFile(path.join(withUploads, 'uploads', 'other.png'), 'x');
    await expect(restoreEmbedded(backupFile, withUploads)).rejects.toThrow(/uploads is not empty/);
    expect(existsSync(path.join(withUploads, 'db'))).toBe(false);
    expect(await readdir(withUploads)).toEqual(['uploads']);
  });

  it('refuses a backup from a newer schema (a migration this code does not have), writing nothing', async () => {
    const older = schema.migrations.slice(0, -1);
    const target = path.join(work, 'older-code');
    await expect(restoreEmbedded(backupFile, target, older)).rejects.toThrow(
      /newer version of the diner.*Migration\d{14}_/,
    );
    expect(existsSync(path.join(target, 'db'))).toBe(false);
    expect(existsSync(path.join(target, 'uploads'))).toBe(false);
  });

  it('refuses a file that is not a backup', async () => {
    const target = path.join(work, 'not-a-backup');
    const notTar = path.join(work, 'not.tar.gz');
    await writeFile(notTar, 'hello');
    const base = { databaseUrl: undefined, embeddedPath: path.join(target, 'db'), dataDir: target, ...schema };
    await expect(restoreBackup(notTar, base)).rejects.toThrow(BackupFileError);
    const staged = path.join(work, 'odd');
    await mkdir(staged);
    await writeFile(path.join(staged, 'manifest.json'), JSON.stringify({ format: 2 }));
    await writeFile(path.join(staged, 'database.sql'), 'select 1;');
    const newer = path.join(work, 'newer.tar.gz');
    await create({ gzip: true, file: newer, cwd: staged }, ['manifest.json', 'database.sql']);
    await expect(restoreBackup(newer, base)).rejects.toThrow(/format 2, newer than this code reads/);
    await expect(restoreBackup(path.join(work, 'missing.tar.gz'), base)).rejects.toThrow(/does not exist/);
    expect(existsSync(path.join(target, 'db'))).toBe(false);
  });

  it('leaves nothing behind when the SQL fails half-way: no database, no scratch folder, no uploads', async () => {
    const target = path.join(work, 'failed');
    await expect(restoreEmbedded(await failingBackup(), target)).rejects.toThrow(/division by zero/);
    expect(await readdir(target)).toEqual([]);
  });

  it('migrates a backup from an older schema after restoring it', async () => {
    const older = schema.migrations.slice(0, -1);
    const last = schema.migrations.at(-1)?.name;
    const orm = await openDatabase({
      url: undefined,
      embeddedPath: 'memory://',
      entities: schema.entities,
      migrations: older,
    });
    const from = path.join(work, 'older');
    try {
      await migrate(orm);
      const taken = await takeBackup({ databaseUrl: undefined, orm, dataDir: from }, path.join(from, 'backups'));
      expect(taken.manifest.migrations).toEqual(older.map((m) => m.name));
      const target = path.join(work, 'older-restored');
      const restored = await restoreEmbedded(taken.file, target);
      expect(restored.migrated).toEqual([last]);
    } finally {
      await orm.close(true);
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('backup and restore on PostgreSQL', { timeout: 90_000 }, () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `vd_backup_${randomBytes(6).toString('hex')}`;
  // Collected even when skipped (no PostgreSQL): any URL parses then, and none is used.
  const url = new URL(adminUrl || 'postgres://skipped');
  url.pathname = `/${name}`;

  beforeAll(async () => {
    await queryOnce(adminUrl, `create database "${name}"`);
  });
  afterAll(async () => {
    await queryOnce(adminUrl, `drop database if exists "${name}" with (force)`);
  });

  it('a restore whose SQL fails half-way leaves the PostgreSQL database empty', async () => {
    const target = path.join(work, 'postgres-failed');
    await expect(
      restoreBackup(await failingBackup(), {
        databaseUrl: url.toString(),
        embeddedPath: path.join(target, 'db'),
        dataDir: target,
        ...schema,
      }),
    ).rejects.toThrow(/division by zero/);
    const [objects] = await queryOnce<{ n: number }>(
      url.toString(),
      `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace where s.nspname = 'public'`,
    );
    expect(objects?.n).toBe(0);
    expect(await readdir(target)).toEqual([]);
  });

  it('an embedded backup restores into PostgreSQL, and a backup of that restores into a new embedded database', async () => {
    const target = path.join(work, 'postgres');
    const restored = await restoreBackup(backupFile, {
      databaseUrl: url.toString(),
      embeddedPath: path.join(target, 'db'),
      dataDir: target,
      ...schema,
    });
    expect(restored.migrated).toEqual([]);
    const orm = await openDatabase({ url: url.toString(), embeddedPath: 'memory://', ...schema });
    try {
      expect(await digestTables(orm)).toEqual(digests);
    } finally {
      await orm.close(true);
    }
    // A second restore into the same, now full, database is refused.
    await expect(
      restoreBackup(backupFile, {
        databaseUrl: url.toString(),
        embeddedPath: path.join(target, 'db'),
        dataDir: path.join(work, 'postgres-again'),
        ...schema,
      }),
    ).rejects.toThrow(/is not empty/);

    const taken = await takeBackup({ databaseUrl: url.toString(), dataDir: target }, path.join(target, 'backups'));
    expect(taken.manifest).toMatchObject({ database: 'postgresql', migrations: schema.migrations.map((m) => m.name) });
    const back = path.join(work, 'back-to-embedded');
    await restoreEmbedded(taken.file, back);
    const embedded = await openRestored(back);
    try {
      expect(await digestTables(embedded)).toEqual(digests);
    } finally {
      await embedded.close(true);
    }
    expect(await readFile(path.join(back, 'uploads', 'picture.png'), 'utf8')).toBe('not really a picture');
  });
  it('a PostgreSQL backup taken while coins move is one snapshot: every wallet is its ledger’s sum', async () => {
    // The database restored above holds the demo diner. Coins move one transaction at a time, as the store moves
    // them (a balance and its ledger row together), until the backup is done.
    const [customer] = await queryOnce<{ user_id: string }>(url.toString(), 'select user_id from wallets limit 1');
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    let moving = true;
    let moved = 0;
    const moves = (async () => {
      while (moving) {
        await client.query('begin');
        await client.query('update wallets set balance = balance + 1 where user_id = $1', [customer?.user_id]);
        await client.query(
          `insert into coin_transactions (id, user_id, amount, kind, reference, reason, created_at)
           values ($1, $2, 1, 'ADMIN', $1, 'during the backup', now())`,
          [`backup-test-${moved}`, customer?.user_id],
        );
        await client.query('commit');
        moved++;
      }
    })();
    let taken: Awaited<ReturnType<typeof takeBackup>>;
    try {
      while (moved < 3) await new Promise((resolve) => setTimeout(resolve, 10));
      taken = await takeBackup(
        { databaseUrl: url.toString(), dataDir: path.join(work, 'postgres') },
        path.join(work, 'postgres-moving'),
      );
    } finally {
      moving = false;
      await moves;
      await client.end();
    }
    const target = path.join(work, 'postgres-moving-restored');
    await restoreEmbedded(taken.file, target);
    const orm = await openRestored(target);
    try {
      const torn = await orm.em.fork().execute(
        `select w.user_id from wallets w
         where w.balance <> coalesce((select sum(t.amount) from coin_transactions t where t.user_id = w.user_id), 0)`,
      );
      expect(torn).toEqual([]);
      const [row] = await orm.em
        .fork()
        .execute<{ n: string | number }[]>(
          `select count(*) as n from coin_transactions where reason = 'during the backup'`,
        );
      expect(Number(row?.n)).toBeGreaterThanOrEqual(3);
      expect(Number(row?.n)).toBeLessThanOrEqual(moved);
    } finally {
      await orm.close(true);
    }
  });
});
