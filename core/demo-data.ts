import type { EntitySchema } from '@mikro-orm/core';
import type { Config } from './config.ts';
import { configHashOf, type DemoManifest, placeReads, recordConfigReads } from './db/demo-template.ts';
import type { MigrationClass } from './db/migrations.ts';
import { openDatabase } from './db/orm.ts';
import { dumpEmbedded } from './db/template.ts';
import { buildServer, type Server } from './http/server.ts';
import type { AnyPlugin } from './plugin.ts';

/** Each plugin's demo data, in list order. */
export async function seedDemoData(server: Server, plugins: readonly AnyPlugin[]): Promise<void> {
  for (const plugin of plugins) {
    if (plugin.seed) await plugin.seed(server.ctx.services[plugin.name], server.ctx);
  }
}

/**
 * The demo template (core/db/demo-template.ts): an in-memory database made from the plain template's bytes, every
 * plugin's demo data added by the server `config` builds (as a start would, without listening), and the cluster
 * dumped; with its manifest, the moment the seeds ran and the configuration's hash. The seeds run with a copy of the
 * configuration that records what they read: one that reads where the process runs (PLACE_PATHS) is refused.
 */
export async function buildDemoTemplate(
  schema: { entities: EntitySchema[]; migrations: MigrationClass[] },
  plugins: readonly AnyPlugin[],
  config: Config,
  templateTar: Uint8Array,
): Promise<{ tarball: Uint8Array; manifest: DemoManifest }> {
  const orm = await openDatabase({ url: undefined, embeddedPath: 'memory://', ...schema, templateTar });
  try {
    const recorder = recordConfigReads(config);
    const server = await buildServer({ config: recorder.config, orm, plugins, site: null });
    const seededAt = Date.now();
    try {
      recorder.recording = true;
      await seedDemoData(server, plugins);
      recorder.recording = false;
    } finally {
      await server.close();
    }
    const misread = placeReads(recorder.reads());
    if (misread.length > 0) {
      throw new Error(
        `The demo data reads ${misread.join(', ')} of the configuration, which a demo template cannot depend on (core/db/demo-template.ts PLACE_PATHS)`,
      );
    }
    return {
      tarball: await dumpEmbedded(orm),
      manifest: { seededAt, configHash: configHashOf(config), pluginEnv: Object.keys(config.pluginEnv) },
    };
  } finally {
    await orm.close(true);
  }
}
