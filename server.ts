import module from 'node:module';
import path from 'node:path';
import { DIST_DIR } from './core/db/embedded.ts';
import { COMPILE_CACHE_FOLDER } from './web/node-flags.ts';
import { useVendorBundles } from './web/vendor.ts';

/**
 * `node server.ts` (npm start, the Dockerfile): the web process (web/main.ts). Node's compile cache goes on first,
 * before the app's modules load: a start after the first reads their stripped TypeScript and V8 code from disk
 * instead of compiling several hundred files again. The launchers turn it on before Node reads this file
 * (NODE_COMPILE_CACHE, web/node-flags.ts COMPILE_CACHE_FOLDER), and then this call changes nothing; for
 * `node server.ts` run by hand it is the same folder. NODE_DISABLE_COMPILE_CACHE=1 turns it off
 * (docs/adr/0011-a-start-does-only-what-it-must.md). Packages built into one file each by `npm run build` load from
 * it (web/vendor.ts).
 */
module.enableCompileCache(path.join(import.meta.dirname, COMPILE_CACHE_FOLDER));
useVendorBundles(import.meta.dirname, DIST_DIR);
await import('./web/main.ts');
