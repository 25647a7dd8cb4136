import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The embedded database's shared buffers. PostgreSQL's default, 128MB, would live inside the WebAssembly memory of
 * this one process and fill as pages are read; 16 MB holds a diner's working set and keeps the idle process small
 * (bench/NOTES.md, "Idle memory: the embedded database's shared buffers").
 */
export const EMBEDDED_SHARED_BUFFERS = '16MB';

/** PostgreSQL's start parameters for the embedded database: PGlite's own, with our shared buffers. */
export function embeddedStartParams(defaults: readonly string[]): string[] {
  return [...defaults, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`];
}

/** DATA_DIR when it is not set. */
export const DEFAULT_DATA_DIR = './data';

/** Where `npm run build` puts the site and the embedded database template. */
export const DIST_DIR = path.resolve('dist');

/** The embedded database template in a build's folder (core/db/template.ts). */
export const templatePathOf = (distDir: string) => path.join(distDir, 'pglite-template.tar');

/** The embedded database's folder for a DATA_DIR (`:memory:`: in memory, `memory://`). */
export function embeddedPathOf(dataDir: string): string {
  return dataDir === ':memory:' ? 'memory://' : path.join(path.resolve(dataDir), 'db');
}

/**
 * The file a first start leaves in a new embedded database's folder while it makes it (the template written, the demo
 * data added), removed once the database is whole (`finishNewEmbedded`). A start that finds it, or finds no
 * `PG_VERSION`, takes the database for new: a first start cut off part way is begun again from the template.
 */
export const UNFINISHED_MARK = 'virtual-diner-first-start';

/** True when the embedded database at `embeddedPath` has yet to be made, or its first start did not finish. */
export function isNewEmbedded(embeddedPath: string): boolean {
  if (embeddedPath === 'memory://') return false;
  return !existsSync(path.join(embeddedPath, 'PG_VERSION')) || existsSync(path.join(embeddedPath, UNFINISHED_MARK));
}

/**
 * Readies the folder of a new embedded database: what an unfinished first start left there is removed (the mark
 * says this folder is ours to remove), and the mark is written before anything else, so that an interruption from
 * here on leaves a database the next start makes again.
 */
export async function beginNewEmbedded(embeddedPath: string): Promise<void> {
  if (existsSync(path.join(embeddedPath, UNFINISHED_MARK))) await rm(embeddedPath, { recursive: true, force: true });
  await mkdir(embeddedPath, { recursive: true });
  await writeFile(path.join(embeddedPath, UNFINISHED_MARK), 'A first start is making this database.\n');
}

/** The new embedded database is whole (migrated, its demo data in): later starts open it as it is. */
export async function finishNewEmbedded(embeddedPath: string): Promise<void> {
  if (embeddedPath !== 'memory://') await rm(path.join(embeddedPath, UNFINISHED_MARK), { force: true });
}

/**
 * The file in DATA_DIR that says which process has the embedded database open: `{ pid, what }`. PGlite's folder can
 * be opened by one process only (two would write the same files), and PGlite does not lock it, so the web process
 * and `npm run backup` / `npm run restore` claim it here first. A file whose process is gone is stale and ignored.
 */
export const OWNER_FILE = 'db.owner.json';

export interface EmbeddedOwner {
  pid: number;
  what: string;
}

const ownerFileOf = (embeddedPath: string) => path.join(path.dirname(embeddedPath), OWNER_FILE);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process, other than this one, that has the embedded database at `embeddedPath` open; null if none. */
export function embeddedOwner(embeddedPath: string): EmbeddedOwner | null {
  if (embeddedPath === 'memory://') return null;
  let owner: EmbeddedOwner;
  try {
    owner = JSON.parse(readFileSync(ownerFileOf(embeddedPath), 'utf8')) as EmbeddedOwner;
  } catch {
    return null;
  }
  if (!Number.isInteger(owner.pid) || owner.pid === process.pid || !isAlive(owner.pid)) return null;
  return owner;
}

export class EmbeddedInUseError extends Error {
  override name = 'EmbeddedInUseError';
}

/**
 * Claims the embedded database at `embeddedPath` for this process (`what` says for what, in the other's refusal);
 * refuses when another live process has it. Returns the release (which removes the file only if it is still ours).
 */
export async function claimEmbedded(embeddedPath: string, what: string): Promise<() => Promise<void>> {
  if (embeddedPath === 'memory://') return async () => {};
  const owner = embeddedOwner(embeddedPath);
  if (owner)
    throw new EmbeddedInUseError(
      `The embedded database in ${path.dirname(embeddedPath)} is open in another process (pid ${owner.pid}, ${owner.what}): one process at a time may open it`,
    );
  const file = ownerFileOf(embeddedPath);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify({ pid: process.pid, what } satisfies EmbeddedOwner)}\n`);
  return async () => {
    try {
      const current = JSON.parse(readFileSync(file, 'utf8')) as EmbeddedOwner;
      if (current.pid === process.pid) await rm(file, { force: true });
    } catch {
      // Gone already.
    }
  };
}
