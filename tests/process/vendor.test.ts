import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currentBundles,
  installedVersion,
  VENDOR_MANIFEST,
  VENDORED_PACKAGES,
  type VendorBundle,
  vendorDirOf,
} from '../../web/vendor.ts';
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

  it('the build bundles each package whole from the installed version, naming every entry it came from', () => {
    const built = JSON.parse(manifest) as VendorBundle[];
    expect(built.map((bundle) => bundle.name)).toEqual([...VENDORED_PACKAGES]);
    for (const bundle of built) expect(bundle.version).toBe(installedVersion(ROOT, bundle.name));
    const kysely = built.find((bundle) => bundle.name === 'kysely')!;
    expect(kysely.format).toBe('module');
    expect(kysely.entries).toContainEqual({
      entry: 'node_modules/kysely/dist/index.js',
      file: 'kysely/dist/index.mjs',
    });
    // Every entry zod's exports name but its `*` patterns: the root and `zod/v4` among them.
    const zod = built.find((bundle) => bundle.name === 'zod')!;
    expect(zod.entries.map((entry) => entry.entry)).toEqual(
      expect.arrayContaining([
        'node_modules/zod/index.js',
        'node_modules/zod/v4/index.js',
        'node_modules/zod/v4/core/index.js',
      ]),
    );
    // A CommonJS package (required by Fastify) is bundled as CommonJS.
    expect(built.find((bundle) => bundle.name === 'semver')).toMatchObject({
      format: 'commonjs',
      entries: [{ entry: 'node_modules/semver/index.js', file: 'semver/index.cjs' }],
    });
    const { byEntry } = currentBundles(ROOT, dist);
    expect(byEntry.get(KYSELY_ENTRY)).toEqual({
      url: pathToFileURL(path.join(vendorDirOf(dist), 'kysely/dist/index.mjs')).href,
      format: 'module',
    });
    expect(byEntry.size).toBe(built.reduce((sum, bundle) => sum + bundle.entries.length, 0));
  });

  it('a bundle from another version than the installed one, or none built, stands in for nothing', () => {
    const stale = (JSON.parse(manifest) as VendorBundle[]).map((bundle) => ({ ...bundle, version: '0.0.1' }));
    writeFileSync(manifestFile, JSON.stringify(stale));
    try {
      expect(currentBundles(ROOT, dist).byEntry.size).toBe(0);
    } finally {
      writeFileSync(manifestFile, manifest);
    }
    expect(currentBundles(ROOT, path.join(dist, 'never-built')).byEntry.size).toBe(0);
  });

  it("the packages' importers load the bundles, and none of the bundled packages' own files", () => {
    const loaded = runModule(`
      import module from 'node:module';
      import { useVendorBundles } from './web/vendor.ts';
      const urls = [];
      module.registerHooks({ load(url, context, next) { urls.push(url); return next(url, context); } });
      const redirected = useVendorBundles(process.cwd(), ${JSON.stringify(dist)});
      const sql = await import('@mikro-orm/sql');
      const core = await import('@mikro-orm/core');
      const kysely = await import('kysely');
      const fastify = (await import('fastify')).default;
      await fastify().ready();
      // CommonJS packages that require bundled or unbundled packages (discord.js requires discord-api-types/v10).
      const discord = await import('discord.js');
      const packages = ${JSON.stringify(VENDORED_PACKAGES)};
      console.log(JSON.stringify({
        redirected: redirected.length,
        ownFiles: urls.filter((url) => packages.some((name) => url.includes('/node_modules/' + name + '/'))),
        bundles: urls.filter((url) => url.includes('/vendor/')).length > 0,
        works: typeof kysely.Kysely === 'function' && typeof sql.MikroORM === 'function' && sql.EntityManager.prototype instanceof core.EntityManager && typeof discord.GatewayIntentBits === 'object',
      }));
    `);
    expect(loaded).toEqual({ redirected: expect.any(Number), ownFiles: [], bundles: true, works: true });
  });

  it("zod and zod/v4 are one copy: a schema made through one is an instance of the other's classes", () => {
    const loaded = runModule(`
      import { useVendorBundles } from './web/vendor.ts';
      useVendorBundles(process.cwd(), ${JSON.stringify(dist)});
      const { z } = await import('zod');
      const v4 = await import('zod/v4');
      const core = await import('zod/v4/core');
      const failed = z.string().safeParse(1);
      console.log(JSON.stringify({
        url: import.meta.resolve('zod/v4').includes('/vendor/'),
        sameClass: z.string() instanceof v4.ZodString,
        sameCore: z.string() instanceof core.$ZodType,
        sameError: failed.error instanceof v4.ZodError,
      }));
    `);
    expect(loaded).toEqual({ url: true, sameClass: true, sameCore: true, sameError: true });
  });

  it('a subpath the bundle lacks is refused, not loaded as a second copy', () => {
    const loaded = runModule(`
      import { useVendorBundles } from './web/vendor.ts';
      useVendorBundles(process.cwd(), ${JSON.stringify(dist)});
      let refused = '';
      try { await import('zod/v4/locales/en.js'); } catch (error) { refused = error.message; }
      console.log(JSON.stringify({ refused }));
    `);
    expect(loaded).toEqual({ refused: expect.stringContaining('is not in the bundle of zod') });
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
