import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { DIST_DIR } from '../core/db/embedded.ts';
import { installedVersion, VENDOR_MANIFEST, VENDORED_PACKAGES, vendorDirOf, type VendorBundle } from '../web/vendor.ts';

/**
 * After `astro build`: each package of web/vendor.ts VENDORED_PACKAGES as one ES module in dist/vendor, and a
 * manifest of the versions they were built from. server.ts loads them in place of the packages' own files while
 * those versions are the installed ones. Every other package a bundle imports stays an import (`packages:
 * 'external'`), so nothing is copied twice.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const dir = vendorDirOf(process.argv[2] ? path.resolve(process.argv[2]) : DIST_DIR);
await rm(dir, { recursive: true, force: true });
await mkdir(dir, { recursive: true });
const manifest: VendorBundle[] = [];
for (const name of VENDORED_PACKAGES) {
  const version = installedVersion(ROOT, name);
  if (!version) throw new Error(`${name} is not installed: run npm install`);
  const file = `${name.replace(/^@/, '').replace(/\//g, '__')}.mjs`;
  const entry = fileURLToPath(import.meta.resolve(name));
  await build({
    entryPoints: [entry],
    outfile: path.join(dir, file),
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node24',
    logLevel: 'warning',
  });
  manifest.push({ name, version, entry: path.relative(ROOT, entry), file });
}
await writeFile(path.join(dir, VENDOR_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`Bundled ${manifest.map((b) => `${b.name} ${b.version}`).join(', ')} into ${path.relative(process.cwd(), dir)}`);
