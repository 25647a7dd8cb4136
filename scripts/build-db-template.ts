import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { schemaOf } from '../core/boot.ts';
import { type Config, ConfigError, loadConfig } from '../core/config.ts';
import { demoManifestPathOf, demoTemplatePathOf, writeDemoTemplate } from '../core/db/demo-template.ts';
import { DIST_DIR, templatePathOf } from '../core/db/embedded.ts';
import { buildTemplate } from '../core/db/template.ts';
import { buildDemoTemplate } from '../core/demo-data.ts';
import { plugins } from '../plugins/index.ts';

/**
 * `npm run build`, last: the embedded database template (core/db/template.ts), then the demo template
 * (core/db/demo-template.ts) with the demo data a start in this environment would add, unless this environment
 * has no demo data (DEMO_DATA=false, or production, whose database is PostgreSQL: the image is built so).
 */
const distDir = path.resolve(process.argv[2] ?? DIST_DIR);
const target = templatePathOf(distDir);
const schema = schemaOf(plugins);
const tarball = await buildTemplate(schema);
await mkdir(path.dirname(target), { recursive: true });
await writeFile(target, tarball);
console.log(`Wrote the embedded database template ${path.relative(process.cwd(), target)}`);

await rm(demoTemplatePathOf(distDir), { force: true });
await rm(demoManifestPathOf(distDir), { force: true });
let config: Config | undefined;
try {
  // As a start in this environment would read it, on the embedded database (whatever DATABASE_URL says here).
  config = loadConfig({ ...process.env, DATABASE_URL: '', DATA_DIR: ':memory:' }, plugins);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.log(`No demo template: the configuration here is refused (${error.message})`);
}
if (config && (!config.demoData || config.isProduction))
  console.log('No demo template: this environment has no demo data');
else if (config) {
  await writeDemoTemplate(distDir, await buildDemoTemplate(schema, plugins, config, tarball));
  console.log(`Wrote the demo template ${path.relative(process.cwd(), demoTemplatePathOf(distDir))}`);
}
