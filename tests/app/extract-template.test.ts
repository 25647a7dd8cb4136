import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { migrationsOf, schemaOf } from '../../core/boot.ts';
import { isNewEmbedded } from '../../core/db/embedded.ts';
import { extractTemplate, nonZeroRuns, readTar } from '../../core/db/extract-template.ts';
import { openDatabase } from '../../core/db/orm.ts';
import { plugins } from '../../plugins/index.ts';

/** A ustar header as tar writes one (name, size and type; the checksum over the header with its field as spaces). */
function header(name: string, size: number, type: string): Buffer {
  const h = Buffer.alloc(512);
  h.write(name, 0, 'utf8');
  h.write('0000644\0', 100);
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  h.write(type, 156);
  h.write('ustar\u000000', 257);
  h.fill(' ', 148, 156);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return h;
}

/** An archive of `entries` (a type `5` entry is a folder), ended by two zero blocks. */
function tarOf(entries: { name: string; data?: string; type?: string }[]): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    const data = Buffer.from(e.data ?? '');
    parts.push(header(e.name, data.length, e.type ?? '0'), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  return Buffer.concat([...parts, Buffer.alloc(1024)]);
}

/** Every file under `root` (relative, sorted). */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

describe('the embedded database template written to disk', () => {
  const made: string[] = [];
  const folder = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'vd-extract-'));
    made.push(dir);
    return dir;
  };
  afterEach(async () => {
    for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('holds every file tar itself extracts, byte for byte, the WAL segment with holes, and opens migrated', {
    timeout: 60_000,
  }, async () => {
    const template = inject('pgliteTemplate');
    const ours = path.join(await folder(), 'db');
    const theirs = await folder();
    await extractTemplate(template, ours);
    execFileSync('tar', ['-xf', template, '-C', theirs], { stdio: 'ignore' });
    const files = await filesUnder(theirs);
    expect(files.length).toBeGreaterThan(500);
    expect(await filesUnder(ours)).toEqual(files);
    for (const file of files) {
      const [a, b] = await Promise.all([readFile(path.join(ours, file)), readFile(path.join(theirs, file))]);
      expect(a.equals(b), file).toBe(true);
    }
    const segment = (await readdir(path.join(ours, 'pg_wal'))).find((name) => /^[0-9A-F]{24}$/.test(name))!;
    const written = await stat(path.join(ours, 'pg_wal', segment));
    expect(written.size).toBe(16 * 1024 * 1024);
    expect(written.blocks * 512).toBeLessThan(written.size);
    expect(isNewEmbedded(ours)).toBe(false);

    const orm = await openDatabase({ url: undefined, embeddedPath: ours, ...schemaOf(plugins) });
    try {
      expect((await orm.migrator.getExecuted()).map((m) => m.name)).toEqual(migrationsOf(plugins).map((m) => m.name));
      expect(await orm.em.fork().execute('select count(*)::int as n from users')).toEqual([{ n: 0 }]);
    } finally {
      await orm.close(true);
    }
  });

  it('refuses an archive that is not a database template: outside the folder, links, damage, cut short, no PG_VERSION', async () => {
    const dir = await folder();
    const write = async (name: string, bytes: Buffer) => {
      const file = path.join(dir, name);
      await writeFile(file, bytes);
      return file;
    };
    const target = path.join(dir, 'db');
    const escaping = await write(
      'escape.tar',
      tarOf([
        { name: 'PG_VERSION', data: '17' },
        { name: '../../evil', data: 'x' },
      ]),
    );
    await expect(extractTemplate(escaping, target)).rejects.toThrow(/lies outside the database folder/);
    expect(existsSync(path.join(dir, '..', 'evil'))).toBe(false);
    const link = await write('link.tar', tarOf([{ name: 'base', type: '2' }]));
    await expect(extractTemplate(link, target)).rejects.toThrow(/neither a file nor a folder/);
    const damaged = tarOf([{ name: 'PG_VERSION', data: '17' }]);
    damaged[0] = 'Q'.charCodeAt(0);
    await expect(extractTemplate(await write('damaged.tar', damaged), target)).rejects.toThrow(/damaged header/);
    const short = tarOf([{ name: 'PG_VERSION', data: '17' }]).subarray(0, 600);
    await expect(extractTemplate(await write('short.tar', short), target)).rejects.toThrow(/cut short/);
    const noVersion = await write(
      'none.tar',
      tarOf([
        { name: 'base', type: '5' },
        { name: 'base/1', data: 'x' },
      ]),
    );
    await expect(extractTemplate(noVersion, target)).rejects.toThrow(/not a database cluster/);
    expect(isNewEmbedded(target)).toBe(true);
  });

  it('reads folders and files with their bytes, and finds the non-zero runs of a file', () => {
    const entries = readTar(
      tarOf([
        { name: 'base', type: '5' },
        { name: 'base/1', data: 'hello' },
        { name: 'PG_VERSION', data: '17\n' },
      ]),
    );
    expect(entries.map((e) => [e.name, e.directory, Buffer.from(e.data).toString()])).toEqual([
      ['base', true, ''],
      ['base/1', false, 'hello'],
      ['PG_VERSION', false, '17\n'],
    ]);
    const data = new Uint8Array(8192 * 4 + 100);
    data[8192 + 5] = 1; // block 1
    data[8192 * 2 + 8191] = 2; // block 2, joined to block 1
    data[8192 * 4 + 99] = 3; // the short last block
    expect(nonZeroRuns(data)).toEqual([
      [8192, 8192 * 3],
      [8192 * 4, 8192 * 4 + 100],
    ]);
    expect(nonZeroRuns(new Uint8Array(8192 * 2))).toEqual([]);
  });
});
