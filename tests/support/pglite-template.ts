import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { schemaOf } from '../../core/boot.ts';
import { migrate, openDatabase } from '../../core/db/orm.ts';
import { plugins } from '../../plugins/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite cluster migrated to every committed migration (an uncompressed tar), made once per run. */
    pgliteTemplate: string;
  }
}

/**
 * vitest globalSetup of the PGlite project: running every migration in WebAssembly is most of what a test file's
 * fresh database costs (seconds at rest, tens of seconds on a busy machine), so it is done once per run; each test
 * file then loads this cluster as its in-memory database starts.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const orm = await openDatabase({ url: undefined, embeddedPath: 'memory://', ...schemaOf(plugins) });
  await migrate(orm);
  const native = await (orm.em.getConnection() as unknown as { getNativeClient(): Promise<PGlite> }).getNativeClient();
  const tarball = await native.dumpDataDir('none');
  await orm.close(true);
  const file = path.join(tmpdir(), `vd-pglite-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rm(file, { force: true });
}
