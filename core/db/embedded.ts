import { existsSync } from 'node:fs';
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
