import { mkdir, open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Files written at once: creating a file costs a round trip to a VM's disk, and several overlap on libuv's threads. */
const CONCURRENT_FILES = 8;
/** A file at least this big is written as the runs of its non-zero blocks into a file of its size (holes between). */
const SPARSE_FROM = 64 * 1024;
const BLOCK = 8192;
const ZEROS = new Uint8Array(BLOCK);

interface TarEntry {
  name: string;
  directory: boolean;
  data: Uint8Array;
}

/**
 * Writes the embedded database template (an uncompressed tar of a PGlite cluster, core/db/template.ts) into `dir`, so
 * that PGlite opens it as an existing database. PGlite could load the tar itself (`loadDataDir`), but it writes each
 * of its ~606 files synchronously, one after another, the 16 MB WAL segment whole: 130 ms of a first start on a
 * quiet 2-core VM, and 300 ms and more when the VM's disk is slow to create files (it varies from minute to minute
 * there: 630 empty files took 16 ms to 660 ms). Here the files are written several at a time, and the large ones
 * (the WAL segment is half zeros) as their non-zero runs only, the rest left as holes that read as zeros. The
 * embedded database's thread runs it before it opens the folder (core/db/pglite-worker.ts), begun by server.ts
 * before the app's modules load, so neither the disk's waits nor this CPU hold up the modules.
 *
 * `PG_VERSION` at the top is written last: a start interrupted part way finds no `PG_VERSION`, takes the database
 * for new, writes every file again and adds the demo data. Entries must be regular files or folders inside `dir`
 * (this reads only the template `npm run build` wrote, and refuses anything else rather than guess).
 */
export async function extractTemplate(tarPath: string, dir: string): Promise<void> {
  const version = await writeAllButVersion(tarPath, dir);
  await writeFile(path.join(path.resolve(dir), 'PG_VERSION'), version);
}

/** Writes the template's folders and files, all but the top `PG_VERSION`, whose bytes it returns. */
async function writeAllButVersion(tarPath: string, dir: string): Promise<Uint8Array> {
  const root = path.resolve(dir);
  const entries = readTar(await readFile(tarPath), tarPath);
  const target = (name: string) => {
    const file = path.resolve(root, `.${path.posix.sep}${name}`);
    if (file !== root && !file.startsWith(root + path.sep))
      throw new Error(`${tarPath}: the entry ${JSON.stringify(name)} lies outside the database folder`);
    return file;
  };
  const versionFile = path.join(root, 'PG_VERSION');
  let version: Uint8Array | null = null;
  const folders = new Set<string>([root]);
  const files: { file: string; data: Uint8Array }[] = [];
  for (const entry of entries) {
    const file = target(entry.name);
    if (entry.directory) folders.add(file);
    else if (file === versionFile) version = entry.data;
    else {
      folders.add(path.dirname(file));
      files.push({ file, data: entry.data });
    }
  }
  if (!version) throw new Error(`${tarPath} is not a database cluster (no PG_VERSION)`);
  // Parents before children: sorted, each folder's path comes after its parent's.
  for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true });
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENT_FILES }, async () => {
      while (next < files.length) await writeEntry(files[next++]!);
    }),
  );
  return version;
}

async function writeEntry({ file, data }: { file: string; data: Uint8Array }): Promise<void> {
  if (data.byteLength < SPARSE_FROM) return writeFile(file, data);
  const handle = await open(file, 'w');
  try {
    await handle.truncate(data.byteLength);
    for (const [start, end] of nonZeroRuns(data)) await handle.write(data, start, end - start, start);
  } finally {
    await handle.close();
  }
}

/** The [start, end) byte ranges of `data` made of blocks that are not all zeros, adjacent blocks joined. */
export function nonZeroRuns(data: Uint8Array): [number, number][] {
  const runs: [number, number][] = [];
  let start = -1;
  for (let at = 0; at < data.byteLength; at += BLOCK) {
    const end = Math.min(at + BLOCK, data.byteLength);
    const zero = Buffer.from(data.buffer, data.byteOffset + at, end - at).equals(ZEROS.subarray(0, end - at));
    if (!zero && start < 0) start = at;
    if (zero && start >= 0) {
      runs.push([start, at]);
      start = -1;
    }
  }
  if (start >= 0) runs.push([start, data.byteLength]);
  return runs;
}

/**
 * The entries of a ustar archive as PGlite's `dumpDataDir` writes it: 512-byte headers (name at 0, size in octal at
 * 124, type at 156, magic `ustar` at 257, a name prefix at 345), each file's bytes after its header padded to 512,
 * two zero blocks at the end. Regular files (`0`) and folders (`5`) only.
 */
export function readTar(tar: Uint8Array, source = 'the tar'): TarEntry[] {
  const bytes = Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength);
  const text = (header: Buffer, from: number, length: number) => {
    const field = header.subarray(from, from + length);
    const nul = field.indexOf(0);
    return field.subarray(0, nul < 0 ? length : nul).toString('utf8');
  };
  const entries: TarEntry[] = [];
  let offset = 0;
  for (;;) {
    if (offset + 512 > bytes.byteLength) throw new Error(`${source} is cut short (no end-of-archive blocks)`);
    const header = bytes.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) return entries;
    if (!text(header, 257, 6).startsWith('ustar'))
      throw new Error(`${source} is not a ustar archive (at byte ${offset})`);
    const sum = parseInt(text(header, 148, 8).trim(), 8);
    let expected = 0;
    for (let i = 0; i < 512; i++) expected += i >= 148 && i < 156 ? 32 : header[i]!;
    if (sum !== expected) throw new Error(`${source} has a damaged header (at byte ${offset})`);
    const name = text(header, 345, 155) + text(header, 0, 100);
    const size = parseInt(text(header, 124, 12).trim() || '0', 8);
    const type = header[156] === 0 ? '0' : String.fromCharCode(header[156]!);
    if (type !== '0' && type !== '5')
      throw new Error(
        `${source}: ${JSON.stringify(name)} is neither a file nor a folder (type ${JSON.stringify(type)})`,
      );
    const start = offset + 512;
    if (!Number.isSafeInteger(size) || start + size > bytes.byteLength)
      throw new Error(`${source} is cut short (in ${JSON.stringify(name)})`);
    entries.push({ name, directory: type === '5', data: bytes.subarray(start, start + size) });
    offset = start + Math.ceil(size / 512) * 512;
  }
}
