import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPILE_CACHE_FOLDER, EMBEDDED_ENV, EMBEDDED_NODE_FLAGS, POSTGRES_NODE_FLAGS } from '../../web/node-flags.ts';
import { launchEnv, nodeArgs, processEnv } from '../support/spawn-server.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const WEB_PROCESS_SCRIPTS = [
  'server.ts',
  'bench/gateway-server.ts',
  'bench/orders-server.ts',
  'bench/store-server.ts',
  'bench/statistics-server.ts',
];
const POSTGRES = { DATABASE_URL: 'postgres://diner@127.0.0.1/diner' };

/**
 * Which options the launchers give the web process is a performance property (start time, memory, throughput),
 * measured by `npm run bench` (cases cold-start, throughput, writes) as the app is deployed: no test pins
 * package.json's start script, the image's CMD or a line of server.ts. Here: the test and bench launchers pass the
 * options of web/node-flags.ts by database, and this Node starts with every one of them.
 */
describe("the web process's V8 options", () => {
  it('are the ones every test and bench that spawns the web process passes, by the database it gives it', () => {
    for (const script of WEB_PROCESS_SCRIPTS) {
      expect(nodeArgs(script, {})).toEqual([...EMBEDDED_NODE_FLAGS, script]);
      expect(nodeArgs(script, { DATABASE_URL: '' })).toEqual([...EMBEDDED_NODE_FLAGS, script]);
      expect(nodeArgs(script, POSTGRES)).toEqual([...POSTGRES_NODE_FLAGS, script]);
    }
    // The baselines are bare Fastify, run as Node runs anything.
    for (const script of [
      'bench/hello-server.ts',
      'bench/ws-hello-server.ts',
      'bench/write-baseline-server.ts',
      'bench/payload-server.ts',
    ]) {
      expect(nodeArgs(script, {})).toEqual([script]);
      expect(nodeArgs(script, POSTGRES)).toEqual([script]);
      expect(processEnv(script, {})).toEqual({});
    }
  });

  it("come with the embedded database's environment (malloc's arenas) as `npm start` gives it, which a caller may override", () => {
    for (const script of WEB_PROCESS_SCRIPTS) {
      expect(processEnv(script, {})).toEqual(EMBEDDED_ENV);
      expect(processEnv(script, { DATABASE_URL: '' })).toEqual({ ...EMBEDDED_ENV, DATABASE_URL: '' });
      expect(processEnv(script, POSTGRES)).toEqual(POSTGRES);
      expect(processEnv(script, { MALLOC_ARENA_MAX: '8' })).toEqual({ MALLOC_ARENA_MAX: '8' });
    }
  });

  it('come with the compile cache turned on before the entry is read, in one folder for every launcher', () => {
    expect(launchEnv({}).NODE_COMPILE_CACHE).toBe(path.join(ROOT, COMPILE_CACHE_FOLDER));
    // A caller's own folder, or NODE_DISABLE_COMPILE_CACHE, is kept.
    expect(launchEnv({ NODE_COMPILE_CACHE: '/elsewhere' }).NODE_COMPILE_CACHE).toBe('/elsewhere');
    expect(launchEnv({ NODE_DISABLE_COMPILE_CACHE: '1' }).NODE_DISABLE_COMPILE_CACHE).toBe('1');
  });

  it("are options this Node accepts (an upgrade that drops one fails here, not at a deployment's start)", () => {
    for (const flags of [EMBEDDED_NODE_FLAGS, POSTGRES_NODE_FLAGS]) {
      const out = execFileSync(process.execPath, [...flags, '-e', 'console.log(JSON.stringify(process.execArgv))'], {
        encoding: 'utf8',
      });
      expect((JSON.parse(out) as string[]).slice(0, flags.length)).toEqual(flags);
    }
  });
});
