import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPILE_CACHE_FOLDER } from '../../web/compile-cache.ts';
import { launchEnv } from '../support/spawn-server.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

describe('the processes tests and benches spawn', () => {
  it("turn Node's compile cache on before the entry is read, in the folder server.ts uses, unless the caller says otherwise", () => {
    expect(launchEnv({}).NODE_COMPILE_CACHE).toBe(path.join(ROOT, COMPILE_CACHE_FOLDER));
    expect(launchEnv({ NODE_COMPILE_CACHE: '/elsewhere' }).NODE_COMPILE_CACHE).toBe('/elsewhere');
    expect(launchEnv({ NODE_DISABLE_COMPILE_CACHE: '1' }).NODE_DISABLE_COMPILE_CACHE).toBe('1');
  });
});
