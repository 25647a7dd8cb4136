import { existsSync } from 'node:fs';
import path from 'node:path';
import { beginExtraction } from './extract-template.ts';

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

/**
 * server.ts, before the app's modules load: on a first start on the embedded database, begins writing the template's
 * files (core/db/extract-template.ts), so the disk's waits overlap the modules' CPU. Read straight from the
 * environment with the defaults core/config.ts gives; the configuration is checked later, as always, and a start
 * it refuses leaves a folder without `PG_VERSION`, which the next start takes for new.
 */
export function prepareEmbeddedDatabase(env: Record<string, string | undefined>): void {
  // Production always has a DATABASE_URL (core/config.ts refuses to start without one).
  if (env.DATABASE_URL || env.NODE_ENV === 'production') return;
  const embeddedPath = embeddedPathOf(env.DATA_DIR ?? DEFAULT_DATA_DIR);
  const template = templatePathOf(DIST_DIR);
  if (isNewEmbedded(embeddedPath) && existsSync(template)) void beginExtraction(template, embeddedPath);
}
