import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { demoTemplateFor } from './demo-template.ts';
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
 * files (core/db/extract-template.ts), the demo template's when it fits (core/db/demo-template.ts), so the disk's
 * waits overlap the modules' CPU. Reads the configuration as the start will (core/config.ts, loaded here first): on
 * PostgreSQL (production always is) there is nothing to write; a configuration it refuses is left for the start to
 * report (this never rejects), and a start refused leaves a folder without `PG_VERSION`, which the next start takes
 * for new.
 */
export async function prepareEmbeddedDatabase(env: Record<string, string | undefined>): Promise<void> {
  let config: Config;
  try {
    config = (await import('../config.ts')).loadConfig(env);
  } catch {
    return;
  }
  if (config.databaseUrl || !isNewEmbedded(config.embeddedDbPath)) return;
  const template = demoTemplateFor(config, DIST_DIR, config.embeddedDbPath) ?? templatePathOf(DIST_DIR);
  if (existsSync(template)) void beginExtraction(template, config.embeddedDbPath);
}
