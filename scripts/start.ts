import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm start`: builds the site when the build is missing or older than its sources, then runs the web process.
 * The server migrates the database and adds demo data to a new one by itself.
 */
const SOURCES = ['site', 'astro.config.mjs', 'package-lock.json', 'plugins', 'core/shared'];
const BUILT = path.resolve('dist/server/entry.mjs');

function newest(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

const builtAt = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
if (builtAt === 0 || SOURCES.some((source) => newest(source) > builtAt)) {
  console.log(builtAt === 0 ? 'Building the site (first start)…' : 'Sources changed since the last build: rebuilding the site…');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import('../server.ts');
