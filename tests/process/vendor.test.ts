import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentBundles, installedVersion, VENDOR_MANIFEST, vendorDirOf, type VendorBundle } from '../../web/vendor.ts';
import { ROOT } from '../support/spawn-server.ts';

const KYSELY_ENTRY = pathToFileURL(path.join(ROOT, 'node_modules/kysely/dist/index.js')).href;

/** Runs `source` as an ES module in a new Node process from the project's root; returns what it printed as JSON. */
function runModule(source: string): unknown {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', source], { cwd: ROOT, encoding: 'utf8' });
  return JSON.parse(out);
}

describe('packages loaded from one file (web/vendor.ts, scripts/build-vendor.ts)', () => {
  let dist: string;
  let manifestFile: string;
  let manifest: string;

  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'vd-vendor-'));
    execFileSync(process.execPath, ['scripts/build-vendor.ts', dist], { cwd: ROOT, stdio: 'pipe' });
    manifestFile = path.join(vendorDirOf(dist), VENDOR_MANIFEST);
    manifest = readFileSync(manifestFile, 'utf8');
  });

  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('the build bundles kysely from the installed version and names the entry it came from', () => {
    expect(JSON.parse(manifest)).toEqual([{ name: 'kysely', version: installedVersion(ROOT, 'kysely'), entry: 'node_modules/kysely/dist/index.js', file: 'kysely.mjs' }]);
    expect(currentBundles(ROOT, dist)).toEqual(new Map([[KYSELY_ENTRY, pathToFileURL(path.join(vendorDirOf(dist), 'kysely.mjs')).href]]));
  });

  it('a bundle from another version than the installed one, or none built, stands in for nothing', () => {
    const stale = (JSON.parse(manifest) as VendorBundle[]).map((bundle) => ({ ...bundle, version: '0.0.1' }));
    writeFileSync(manifestFile, JSON.stringify(stale));
    try {
      expect(currentBundles(ROOT, dist).size).toBe(0);
    } finally {
      writeFileSync(manifestFile, manifest);
    }
    expect(currentBundles(ROOT, path.join(dist, 'never-built')).size).toBe(0);
  });

  it("MikroORM's imports of kysely load the bundle, and none of kysely's own files", () => {
    const loaded = runModule(`
      import module from 'node:module';
      import { useVendorBundles } from './web/vendor.ts';
      const urls = [];
      module.registerHooks({ load(url, context, next) { urls.push(url); return next(url, context); } });
      const redirected = useVendorBundles(process.cwd(), ${JSON.stringify(dist)});
      const sql = await import('@mikro-orm/sql');
      const kysely = await import('kysely');
      console.log(JSON.stringify({
        redirected,
        kyselyFiles: urls.filter((url) => url.includes('/node_modules/kysely/')).length,
        bundles: urls.filter((url) => url.includes('/vendor/kysely.mjs')).length,
        works: typeof kysely.Kysely === 'function' && typeof sql.MikroORM === 'function',
      }));
    `);
    expect(loaded).toEqual({ redirected: [KYSELY_ENTRY], kyselyFiles: 0, bundles: 1, works: true });
  });

  it('without a build every package loads from its own files', () => {
    const loaded = runModule(`
      import { useVendorBundles } from './web/vendor.ts';
      const redirected = useVendorBundles(process.cwd(), ${JSON.stringify(path.join(dist, 'never-built'))});
      console.log(JSON.stringify({ redirected, kysely: import.meta.resolve('kysely') }));
    `);
    expect(loaded).toEqual({ redirected: [], kysely: KYSELY_ENTRY });
  });
});
