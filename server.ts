import module from 'node:module';

/**
 * `node server.ts` (npm start, the Dockerfile): the web process (web/main.ts). Node's compile cache goes on first,
 * before the app's modules load: a start after the first reads their stripped TypeScript and V8 code from disk
 * instead of compiling several hundred files again (NODE_COMPILE_CACHE picks the folder, default the OS temp dir;
 * NODE_DISABLE_COMPILE_CACHE=1 turns it off). docs/decisions.md "Cold start".
 */
module.enableCompileCache();
await import('./web/main.ts');
