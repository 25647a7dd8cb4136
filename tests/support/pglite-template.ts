import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { schemaOf } from '../../core/boot.ts';
import { buildTemplate } from '../../core/db/template.ts';
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
  const tarball = await buildTemplate(schemaOf(plugins));
  const file = path.join(tmpdir(), `vd-pglite-template-${process.pid}.tar`);
  await writeFile(file, tarball);
  project.provide('pgliteTemplate', file);
  return () => rm(file, { force: true });
}
