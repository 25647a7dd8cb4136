import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm run build` when the build is missing or older than anything it is made from: the site, the server code it
 * imports, the migrations of the database template, the build scripts and the lock file. `npm start`
 * and `npm run test:e2e` call it, so a fresh build is reused and a stale one is never served or tested.
 */
const SOURCES = ['site', 'astro.config.mjs', 'package-lock.json', 'plugins', 'core', 'scripts'];
const BUILT = path.resolve('dist/server/entry.mjs');

function newest(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

export function buildIfStale(): void {
  const builtAt = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
  if (builtAt !== 0 && !SOURCES.some((source) => newest(source) > builtAt)) return;
  console.log(
    builtAt === 0 ? 'Building the site (first start)…' : 'Sources changed since the last build: rebuilding the site…',
  );
  const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (import.meta.main) buildIfStale();
