import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { DIST_DIR } from '../core/db/embedded.ts';
import {
  type PackageManifest,
  packageManifestOf,
  VENDOR_MANIFEST,
  VENDORED_PACKAGES,
  type VendorBundle,
  vendorDirOf,
} from '../web/vendor.ts';

/**
 * After `astro build`: each package of web/vendor.ts VENDORED_PACKAGES bundled whole into dist/vendor/<package>, and
 * a manifest of the versions and entries they were built from. server.ts loads them in place of the packages' own
 * files while those versions are the installed ones. Every entry the package's `exports` names is built in one
 * esbuild run with code splitting, so the entries share their internals as they do in the package; every other
 * package a bundle imports stays an import (`packages: 'external'`), so nothing is copied twice, and so does an
 * import of the package by its own name, which the resolve hook hands to the same bundle.
 */
const ROOT = path.resolve(import.meta.dirname, '..');

/** The subpaths a package offers: those of its `exports` but `*` patterns and `./package.json`; `.` without `exports`. */
function subpathsOf({ exports }: PackageManifest): string[] {
  if (exports === null || typeof exports !== 'object' || Array.isArray(exports)) return ['.'];
  const keys = Object.keys(exports);
  if (!keys.every((key) => key.startsWith('.'))) return ['.'];
  return keys.filter((key) => !key.includes('*') && key !== './package.json');
}

/** How a module file loads: by its extension, or a `.js` by its package's `type`. */
function formatOf(file: string, { type }: PackageManifest): 'module' | 'commonjs' {
  if (file.endsWith('.mjs')) return 'module';
  if (file.endsWith('.cjs')) return 'commonjs';
  return type === 'module' ? 'module' : 'commonjs';
}

const dir = vendorDirOf(process.argv[2] ? path.resolve(process.argv[2]) : DIST_DIR);
await rm(dir, { recursive: true, force: true });
await mkdir(dir, { recursive: true });
const manifest: VendorBundle[] = [];
for (const name of VENDORED_PACKAGES) {
  const packageManifest = packageManifestOf(ROOT, name);
  const version = packageManifest?.version;
  if (!packageManifest || !version) throw new Error(`${name} is not installed: run npm install`);
  const packageDir = path.join(ROOT, 'node_modules', name);
  const entries = subpathsOf(packageManifest).map((subpath) =>
    fileURLToPath(import.meta.resolve(subpath === '.' ? name : `${name}${subpath.slice(1)}`)),
  );
  const formats = new Set(entries.map((entry) => formatOf(entry, packageManifest)));
  if (formats.size !== 1) throw new Error(`${name}'s entries mix ES modules and CommonJS: it cannot be bundled as one`);
  const format = [...formats][0]!;
  // Code splitting (the entries sharing one copy of the internals) is esbuild's for ES modules only.
  if (format === 'commonjs' && entries.length > 1)
    throw new Error(`${name} is CommonJS with several entries: it cannot be bundled as one`);
  const folder = name.replace(/^@/, '').replace(/\//g, '__');
  const outdir = path.join(dir, folder);
  const extension = format === 'module' ? '.mjs' : '.cjs';
  const result = await build({
    entryPoints: entries,
    outdir,
    outbase: packageDir,
    outExtension: { '.js': extension },
    bundle: true,
    splitting: format === 'module',
    packages: 'external',
    format: format === 'module' ? 'esm' : 'cjs',
    platform: 'node',
    target: 'node24',
    metafile: true,
    logLevel: 'warning',
  });
  const built: VendorBundle['entries'] = [];
  for (const [output, meta] of Object.entries(result.metafile.outputs)) {
    if (!meta.entryPoint) continue;
    built.push({
      entry: path.relative(ROOT, path.resolve(ROOT, meta.entryPoint)),
      file: path.relative(dir, path.resolve(ROOT, output)),
    });
  }
  built.sort((a, b) => a.entry.localeCompare(b.entry));
  if (built.length !== entries.length) throw new Error(`${name}: ${entries.length} entries, ${built.length} bundled`);
  manifest.push({ name, version, folder, format, entries: built });
}
await writeFile(path.join(dir, VENDOR_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(
  `Bundled ${manifest.map((b) => `${b.name} ${b.version}`).join(', ')} into ${path.relative(process.cwd(), dir)}`,
);
