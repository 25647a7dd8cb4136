import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGliteThread } from './pglite-thread.ts';

/**
 * The embedded database's shared buffers. PostgreSQL's default, 128MB, would live inside the WebAssembly memory of
 * this one process and fill as pages are read; 16 MB holds a diner's working set and keeps the idle process small
 * (bench/NOTES.md, "Idle memory: the embedded database's shared buffers").
 */
export const EMBEDDED_SHARED_BUFFERS = '16MB';

/** PostgreSQL's start parameters for the embedded database: PGlite's own, with our shared buffers. */
export function embeddedStartParams(defaults: readonly string[], sharedBuffers = EMBEDDED_SHARED_BUFFERS): string[] {
  return [...defaults, '-c', `shared_buffers=${sharedBuffers}`];
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

/** True when the embedded database at `embeddedPath` has yet to be made (the template written, the demo data added). */
export function isNewEmbedded(embeddedPath: string): boolean {
  return embeddedPath !== 'memory://' && !existsSync(path.join(embeddedPath, 'PG_VERSION'));
}

/** The embedded database as server.ts began it: the thread, and what it decided about the folder then. */
export interface EarlyEmbedded {
  thread: PGliteThread;
  /** The folder held no database when the start began (the template's files are written into it first). */
  isNew: boolean;
  /** The demo template written, when the database is new and the build's demo template fits. */
  demoTemplate: string | null;
}

let early: PGliteThread | null = null;

/**
 * server.ts, before the app's modules load: begins opening the embedded database in its thread
 * (core/db/pglite-thread.ts), so that PostgreSQL starts on the other core while this one loads the app's modules.
 * The thread decides what the start would (core/db/pglite-worker.ts `planned`): the folder (DATA_DIR's), whether it
 * holds a database yet, and for a new one the template whose files it writes first (core/db/extract-template.ts),
 * the demo template's when it fits the configuration (core/db/demo-template.ts; for a new database the thread reads
 * the configuration whole, and one the start will refuse writes nothing). With DATABASE_URL set (production always
 * is) there is no thread. The start takes what was begun (`takeEarlyEmbedded`).
 */
export function prepareEmbeddedDatabase(env: Record<string, string | undefined>): void {
  if (env.DATABASE_URL) return;
  early = new PGliteThread({ env: { ...env }, distDir: DIST_DIR, sharedBuffers: EMBEDDED_SHARED_BUFFERS });
}

/**
 * The embedded database server.ts began, with the decisions it made, when it opens this folder; null (and the thread,
 * if any, closed) otherwise. Once.
 */
export async function takeEarlyEmbedded(embeddedPath: string): Promise<EarlyEmbedded | null> {
  const thread = early;
  early = null;
  if (!thread) return null;
  const plan = await thread.plan().catch(() => null);
  if (plan?.dataDir === embeddedPath) return { thread, isNew: plan.isNew, demoTemplate: plan.demoTemplate };
  await thread.close().catch(() => {});
  return null;
}
