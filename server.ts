import module from 'node:module';
import path from 'node:path';
import { COMPILE_CACHE_FOLDER } from './web/compile-cache.ts';

/**
 * `node server.ts` (npm start, the Dockerfile): the web process (web/main.ts). Node's compile cache goes on first,
 * before the app's modules load: a start after the first reads their stripped TypeScript and V8 code from disk
 * instead of compiling several hundred files again (web/compile-cache.ts). Every launcher runs this file with no
 * Node options (docs/adr/0020-one-way-to-run-the-web-process.md).
 */
module.enableCompileCache(path.join(import.meta.dirname, COMPILE_CACHE_FOLDER));
await import('./web/main.ts');
