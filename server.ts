import module from 'node:module';
import { prepareEmbeddedDatabase } from './core/db/embedded.ts';

/**
 * `node server.ts` (npm start, the Dockerfile): the web process (web/main.ts). Node's compile cache goes on first,
 * before the app's modules load: a start after the first reads their stripped TypeScript and V8 code from disk
 * instead of compiling several hundred files again (NODE_COMPILE_CACHE picks the folder, default the OS temp dir;
 * NODE_DISABLE_COMPILE_CACHE=1 turns it off). docs/decisions.md "Cold start". On a first start on the embedded
 * database, the template's files are written meanwhile (core/db/embedded.ts `prepareEmbeddedDatabase`): the disk's
 * waits overlap the modules' CPU.
 */
module.enableCompileCache();
prepareEmbeddedDatabase(process.env);
await import('./web/main.ts');
