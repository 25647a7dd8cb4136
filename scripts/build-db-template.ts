import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { schemaOf } from '../core/boot.ts';
import { migrate, openDatabase } from '../core/db/orm.ts';
import { plugins } from '../plugins/index.ts';

/**
 * After `astro build`: a PGlite cluster, initialised and migrated to the committed migrations, as an uncompressed
 * tarball (unzipping it cost a first start most of a second). A first
 * start loads it into $DATA_DIR/db instead of running initdb and every migration in WebAssembly, which was most of
 * a first start's time. Built from the installed PGlite and the committed migrations, so they always match; a
 * migration added later is applied on start as usual.
 */
const target = path.resolve(process.argv[2] ?? 'dist/pglite-template.tar');
const orm = await openDatabase({ url: undefined, embeddedPath: 'memory://', ...schemaOf(plugins) });
await migrate(orm);
const connection = orm.em.getConnection() as unknown as { getNativeClient(): Promise<PGlite> };
const tarball = await (await connection.getNativeClient()).dumpDataDir('none');
await orm.close(true);
await mkdir(path.dirname(target), { recursive: true });
await writeFile(target, Buffer.from(await tarball.arrayBuffer()));
console.log(`Wrote the embedded database template ${path.relative(process.cwd(), target)}`);
