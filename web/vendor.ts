import { existsSync, readFileSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Packages the web process loads from a few files each, bundled at build time (scripts/build-vendor.ts), instead of
 * from their hundreds of modules: Node's loader spends about 0.3-0.4 ms a module even with the compile cache, and
 * these five are about 570 of the 1,330 modules a start would load from the packages' own files
 * (docs/adr/0012-vendor-bundles-through-a-resolve-hook.md; bench/NOTES.md, "Cold start: kysely from one file …" and "Cold start: every entry of a package in one bundle …").
 *
 * Each package is bundled whole: every entry its `exports` names (its root alone when it has no `exports`), built
 * together so that the entries share one copy of the package's internals. Whichever entries the app and its
 * packages import (zod and `zod/v4`, MikroORM's core and its `fs-utils`), they meet the same module state, as they
 * would in the package's own files. An import of a subpath the bundle lacks (a `*` pattern in `exports`) fails
 * loudly rather than load a second copy. Each package's other dependencies stay imports, loaded as usual.
 *
 * A package is bundled in one format, the one its entries are imported in: one that ES modules import and CommonJS
 * modules require under other files (discord-api-types: our slash commands import `v10.mjs`, discord.js requires
 * `v10.js`) cannot be, and is left out (its require would be refused).
 */
export const VENDORED_PACKAGES: readonly string[] = ['kysely', 'zod', '@mikro-orm/core', '@mikro-orm/sql', 'semver'];

/** Where `npm run build` writes the bundles, and the manifest that says which version each was built from. */
export const vendorDirOf = (distDir: string) => path.join(distDir, 'vendor');
export const VENDOR_MANIFEST = 'manifest.json';

export interface VendorBundle {
  /** The package, as importers name it. */
  name: string;
  /** The installed version it was bundled from. */
  version: string;
  /** Its folder in the vendor folder: every entry's bundle and the chunks they share. */
  folder: string;
  /** How its entries load: as ES modules, or as CommonJS (a package whose root is CommonJS, required by others). */
  format: 'module' | 'commonjs';
  /** Each entry of the package: the module it was bundled from (relative to the project's root) and its bundle (relative to the vendor folder). */
  entries: { entry: string; file: string }[];
}

/** The fields of an installed package's own package.json that the start and the build read. */
export interface PackageManifest {
  version?: string;
  type?: string;
  exports?: unknown;
}

/** An installed package's package.json under node_modules, or null when it is not installed. */
export function packageManifestOf(root: string, name: string): PackageManifest | null {
  const file = path.join(root, 'node_modules', name, 'package.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PackageManifest) : null;
}

/** The installed version of a package, or null when it is not installed. */
export function installedVersion(root: string, name: string): string | null {
  return packageManifestOf(root, name)?.version ?? null;
}

/** The package a bare specifier names (`zod` of `zod/v4`, `@mikro-orm/core` of itself); null for any other specifier. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.includes(':')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** A bundle standing in for one entry of a package. */
export interface StandIn {
  url: string;
  format: 'module' | 'commonjs';
}

/** What the resolve hook reads: the bundles by the URL of the entry each was built from, and each package's folder. */
export interface CurrentBundles {
  byEntry: Map<string, StandIn>;
  /** A bundled package's folder URL (with its trailing slash), by name. */
  packages: Map<string, string>;
  /** A bundled package's folder URL, by the URL of its folder of bundles (both with their trailing slash). */
  bundleFolders: Map<string, string>;
}

/**
 * The bundles that may stand in for their packages: those in the manifest, built from the version installed now. A
 * bundle older than an `npm install` that changed its package is left alone, and the package loads as usual (a start
 * is never served a stale copy); so is everything when the site was never built.
 */
export function currentBundles(root: string, distDir: string): CurrentBundles {
  const dir = vendorDirOf(distDir);
  const manifest = path.join(dir, VENDOR_MANIFEST);
  const current: CurrentBundles = { byEntry: new Map(), packages: new Map(), bundleFolders: new Map() };
  if (!existsSync(manifest)) return current;
  for (const bundle of JSON.parse(readFileSync(manifest, 'utf8')) as VendorBundle[]) {
    if (!VENDORED_PACKAGES.includes(bundle.name) || installedVersion(root, bundle.name) !== bundle.version) continue;
    if (!Array.isArray(bundle.entries) || !bundle.entries.every((entry) => existsSync(path.join(dir, entry.file))))
      continue;
    const folder = `${pathToFileURL(path.join(root, 'node_modules', bundle.name)).href}/`;
    current.packages.set(bundle.name, folder);
    current.bundleFolders.set(`${pathToFileURL(path.join(dir, bundle.folder)).href}/`, folder);
    for (const entry of bundle.entries) {
      current.byEntry.set(pathToFileURL(path.join(root, entry.entry)).href, {
        url: pathToFileURL(path.join(dir, entry.file)).href,
        format: bundle.format,
      });
    }
  }
  return current;
}

/** The folder of bundles a module belongs to, when it is one of them. */
function bundleFolderOf(url: string | undefined, bundleFolders: Map<string, string>): string | undefined {
  if (url === undefined) return undefined;
  for (const [bundles, folder] of bundleFolders) if (url.startsWith(bundles)) return folder;
  return undefined;
}

/**
 * server.ts, before the app's modules load: an import (or require) of a bundled package that Node resolves to one of
 * the entries its bundle was built from loads the bundle instead. A specifier that resolves into the package's own
 * folder but to no bundled entry is refused: loading that file would make a second copy of the package beside the
 * bundle. An importer with a copy of its own (another version nested under it) resolves elsewhere and keeps it.
 * A package a bundle imports is found from the bundled package's own folder, as its own files would find it (its
 * nested dependencies included), wherever the build was written. Every other specifier is Node's own resolution,
 * untouched. Returns the entries it redirects (none when nothing is built).
 */
export function useVendorBundles(root: string, distDir: string): string[] {
  const { byEntry, packages, bundleFolders } = currentBundles(root, distDir);
  if (byEntry.size === 0) return [];
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const name = packageOf(specifier);
      if (name === null) return nextResolve(specifier, context);
      const importer = bundleFolderOf(context.parentURL, bundleFolders);
      const from = importer === undefined ? context : { ...context, parentURL: `${importer}package.json` };
      const folder = packages.get(name);
      if (folder === undefined) return nextResolve(specifier, from);
      const resolved = nextResolve(specifier, from);
      const bundle = byEntry.get(resolved.url);
      if (bundle) return { url: bundle.url, format: bundle.format, shortCircuit: true };
      if (resolved.url.startsWith(folder)) {
        throw new Error(
          `${specifier} is not in the bundle of ${name} (web/vendor.ts): loading it would make a second copy of the package`,
        );
      }
      return resolved;
    },
  });
  return [...byEntry.keys()];
}
