import { existsSync, readFileSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Packages the web process loads from one file each, bundled at build time (scripts/build-vendor.ts), instead of
 * from their hundreds of modules: Node's loader spends about 0.3-0.4 ms a module even with the compile cache, and
 * kysely (MikroORM's query builder) is 254 of them: 65-127 ms to import, against 5-16 ms as one file, and a start's
 * modules loaded about 60 ms sooner (docs/decisions.md, "Cold start: kysely from one file").
 *
 * A package is listed here only when every importer asks for its root alone (a subpath would load a second copy of
 * its internals beside the bundle) and it has no state shared with other packages: kysely is imported only by
 * MikroORM, always as `kysely`.
 */
export const VENDORED_PACKAGES: readonly string[] = ['kysely'];

/** Where `npm run build` writes the bundles, and the manifest that says which version each was built from. */
export const vendorDirOf = (distDir: string) => path.join(distDir, 'vendor');
export const VENDOR_MANIFEST = 'manifest.json';

export interface VendorBundle {
  /** The package, as importers name it. */
  name: string;
  /** The installed version it was bundled from. */
  version: string;
  /** The module it was bundled from (the package's root entry), relative to the project's root. */
  entry: string;
  /** The bundle's file name in the vendor folder. */
  file: string;
}

/** The installed version of a package (its package.json under node_modules), or null when it is not installed. */
export function installedVersion(root: string, name: string): string | null {
  const file = path.join(root, 'node_modules', name, 'package.json');
  if (!existsSync(file)) return null;
  return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? null;
}

/**
 * The bundles that may stand in for their packages, by the URL of the entry each was built from: those in the
 * manifest, built from the version installed now. A bundle older than an `npm install` that changed its package is
 * left alone, and the package loads as usual (a start is never served a stale copy); so is everything when the site
 * was never built.
 */
export function currentBundles(root: string, distDir: string): Map<string, string> {
  const dir = vendorDirOf(distDir);
  const manifest = path.join(dir, VENDOR_MANIFEST);
  const bundles = new Map<string, string>();
  if (!existsSync(manifest)) return bundles;
  for (const bundle of JSON.parse(readFileSync(manifest, 'utf8')) as VendorBundle[]) {
    const file = path.join(dir, bundle.file);
    if (VENDORED_PACKAGES.includes(bundle.name) && installedVersion(root, bundle.name) === bundle.version && existsSync(file)) {
      bundles.set(pathToFileURL(path.join(root, bundle.entry)).href, pathToFileURL(file).href);
    }
  }
  return bundles;
}

/**
 * server.ts, before the app's modules load: an import of a vendored package that Node resolves to the very entry
 * its bundle was built from loads the bundle instead. An importer with a copy of its own (another version nested
 * under it) resolves elsewhere and keeps it; every other specifier is Node's own resolution, untouched. Returns the
 * entries it redirects (none when nothing is built).
 */
export function useVendorBundles(root: string, distDir: string): string[] {
  const bundles = currentBundles(root, distDir);
  if (bundles.size === 0) return [];
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      if (!VENDORED_PACKAGES.includes(specifier)) return nextResolve(specifier, context);
      const resolved = nextResolve(specifier, context);
      const bundle = bundles.get(resolved.url);
      return bundle === undefined ? resolved : { url: bundle, format: 'module', shortCircuit: true };
    },
  });
  return [...bundles.keys()];
}
