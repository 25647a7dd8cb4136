/**
 * Node's compile cache (the stripped TypeScript and V8's code of every module), relative to the project's root.
 * `server.ts` turns it on there (`module.enableCompileCache`) before the app's modules load, so `node server.ts` run
 * by hand, `npm start`, the image and every test or bench that spawns a process share it. The launchers we write
 * also give it as NODE_COMPILE_CACHE (Node's documented variable), which turns it on before the entry file is read:
 * `npm start` (package.json), the image (Dockerfile ENV) and tests/support/spawn-server.ts. That saves only the entry
 * file's own stripping; the process runs the same either way. NODE_DISABLE_COMPILE_CACHE=1 turns it off
 * (docs/adr/0020-one-way-to-run-the-web-process.md).
 */
export const COMPILE_CACHE_FOLDER = 'node_modules/.cache/node-compile';
