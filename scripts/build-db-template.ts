import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { schemaOf } from '../core/boot.ts';
import { DIST_DIR, templatePathOf } from '../core/db/embedded.ts';
import { buildTemplate } from '../core/db/template.ts';
import { plugins } from '../plugins/index.ts';

/**
 * `npm run build`, last: the embedded database template (core/db/template.ts), a cluster migrated to the committed
 * migrations, from which a first start makes a new embedded database (its demo data is added at that start).
 */
const distDir = path.resolve(process.argv[2] ?? DIST_DIR);
const target = templatePathOf(distDir);
const tarball = await buildTemplate(schemaOf(plugins));
await mkdir(path.dirname(target), { recursive: true });
await writeFile(target, tarball);
// What earlier builds wrote beside it: the demo template and its manifest, no longer read.
await rm(path.join(distDir, 'pglite-demo.tar'), { force: true });
await rm(path.join(distDir, 'pglite-demo.json'), { force: true });
console.log(`Wrote the embedded database template ${path.relative(process.cwd(), target)}`);
