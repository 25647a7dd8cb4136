import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeArgs } from '../support/spawn-server.ts';
import { SERVER_NODE_FLAGS } from '../../web/node-flags.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

describe("the web process's V8 options", () => {
  it('are the ones `npm start` passes', () => {
    const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toBe(['node', ...SERVER_NODE_FLAGS, 'scripts/start.ts'].join(' '));
  });

  it("are the ones the image's CMD passes", () => {
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'));
    expect(JSON.parse(cmd![1]!)).toEqual(['node', ...SERVER_NODE_FLAGS, 'server.ts']);
  });

  it('are the ones every test and bench that spawns the web process passes', () => {
    for (const script of ['server.ts', 'bench/gateway-server.ts', 'bench/orders-server.ts', 'bench/store-server.ts', 'bench/statistics-server.ts']) {
      expect(nodeArgs(script)).toEqual([...SERVER_NODE_FLAGS, script]);
    }
    // The baselines are bare Fastify, run as Node runs anything.
    for (const script of ['bench/hello-server.ts', 'bench/ws-hello-server.ts', 'bench/write-baseline-server.ts', 'bench/payload-server.ts']) {
      expect(nodeArgs(script)).toEqual([script]);
    }
  });

  it("are options this Node accepts (an upgrade that drops one fails here, not at a deployment's start)", () => {
    const out = execFileSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', 'console.log(JSON.stringify(process.execArgv))'], { encoding: 'utf8' });
    expect((JSON.parse(out) as string[]).slice(0, SERVER_NODE_FLAGS.length)).toEqual(SERVER_NODE_FLAGS);
  });
});
