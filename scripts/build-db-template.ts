import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { schemaOf } from '../core/boot.ts';
import { DIST_DIR, templatePathOf } from '../core/db/embedded.ts';
import { buildTemplate } from '../core/db/template.ts';
import { plugins } from '../plugins/index.ts';

/**
 * After `astro build`: the embedded database template (core/db/template.ts) as dist/pglite-template.tar. A first
 * start loads it into $DATA_DIR/db instead of running initdb and every migration in WebAssembly, which was most of
 * a first start's time. Built from the installed PGlite and the committed migrations, so they always match; a
 * migration added later is applied on start as usual. Uncompressed: unzipping it cost a first start most of a second.
 */
const target = path.resolve(process.argv[2] ?? templatePathOf(DIST_DIR));
const tarball = await buildTemplate(schemaOf(plugins));
await mkdir(path.dirname(target), { recursive: true });
await writeFile(target, tarball);
console.log(`Wrote the embedded database template ${path.relative(process.cwd(), target)}`);
