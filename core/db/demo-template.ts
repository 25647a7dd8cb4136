import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';

/**
 * The demo template: the embedded database template (core/db/template.ts) with every plugin's demo data already in,
 * made by `npm run build` (core/demo-data.ts `buildDemoTemplate`). A first start on the embedded database copies it
 * instead of the plain template and skips the demo data, about 0.5-0.7 s of a first start (bench/NOTES.md,
 * "Cold start: the demo data made by the build"). It is used only while it says what a start would have written:
 *
 * - **made recently**: demo data is dated from the moment it is made (orders cooking now, a month of history up to
 *   today), so a template older than DEMO_TEMPLATE_MAX_AGE_MS is left for demo data made at the start;
 * - **by the same configuration**: the start's configuration must be the build's, but for where and how the process
 *   runs (PLACE_PATHS), which no seed may read.
 *
 * Otherwise, or when there is none, the start seeds as it always did.
 */
export const DEMO_TEMPLATE_MAX_AGE_MS = 60 * 60_000;

export const demoTemplatePathOf = (distDir: string) => path.join(distDir, 'pglite-demo.tar');
export const demoManifestPathOf = (distDir: string) => path.join(distDir, 'pglite-demo.json');

/**
 * The configuration that says where and how this process runs rather than what it writes, as paths of keys: it
 * differs between the build and a start (a port, a folder, a log level, a session secret drawn at random), so the
 * demo template ignores it, and no seed may read it (`buildDemoTemplate` refuses one that does). Everything else
 * must be the same.
 */
export const PLACE_PATHS: readonly string[] = [
  'host',
  'port',
  'publicUrl',
  'logLevel',
  'dataDir',
  'databaseUrl',
  'embeddedDbPath',
  'sessionSecret',
  'metrics',
  'shutdownTimeoutMs',
  'demoData',
];

export interface DemoManifest {
  /** When the seeds ran (ms since the epoch): the `now` of the demo data. */
  seededAt: number;
  /** SHA-256 of the configuration but PLACE_PATHS (configHashOf): the template holds no secret of it in clear. */
  configHash: string;
  /** The plugins' variables the hash covers, by name (Config's `pluginEnv`): a start compares the same ones. */
  pluginEnv: string[];
}

/** JSON with every object's keys in order, so that equal values give equal text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What a demo template made with `config` fits: core's configuration but PLACE_PATHS, and the plugins' variables
 * named `pluginKeys` as `env` gives them (by default the configuration's own `pluginEnv`), hashed. The plugins'
 * variables are compared as written, not as the plugins read them, so that a process that has not loaded the plugins
 * (the embedded database's thread, started before them) decides as the start does.
 */
export function configHashOf(
  config: Config,
  pluginKeys: readonly string[] = Object.keys(config.pluginEnv),
  env: Readonly<Record<string, string | undefined>> = config.pluginEnv,
): string {
  const { plugins: _plugins, pluginEnv: _pluginEnv, ...core } = config;
  const shaping = structuredClone(core) as unknown as Record<string, unknown>;
  shaping.pluginEnv = Object.fromEntries([...pluginKeys].sort().map((key) => [key, env[key] || undefined]));
  for (const place of PLACE_PATHS) {
    const keys = place.split('.');
    const parent = keys
      .slice(0, -1)
      .reduce<unknown>((object, key) => (object as Record<string, unknown> | undefined)?.[key], shaping);
    if (parent !== null && typeof parent === 'object') delete (parent as Record<string, unknown>)[keys.at(-1)!];
  }
  return createHash('sha256').update(canonical(shaping)).digest('hex');
}

export interface ConfigRecorder<T> {
  /** A deep copy of the configuration that records what is read of it while `recording` is true. */
  readonly config: T;
  recording: boolean;
  /** Every distinct path read so far (keys joined by dots; `*` for the list of an object's keys). */
  reads(): string[];
}

/**
 * A copy of `config` whose reads (a property, a key's presence, the list of keys) are recorded while `recording` is
 * on, however deep and whichever plugin reads: the build runs the seeds with it, to refuse a seed that reads
 * PLACE_PATHS.
 */
export function recordConfigReads<T extends object>(config: T): ConfigRecorder<T> {
  const reads = new Set<string>();
  const note = (at: string[], key: string) => {
    if (recorder.recording) reads.add([...at, key].join('.'));
  };
  const proxies = new WeakMap<object, object>();
  const wrap = (target: object, at: string[]): object => {
    const known = proxies.get(target);
    if (known) return known;
    const proxy = new Proxy(target, {
      get(object, key, receiver) {
        const value: unknown = Reflect.get(object, key, receiver);
        if (typeof key === 'symbol') return value;
        note(at, key);
        return value !== null && typeof value === 'object' ? wrap(value, [...at, key]) : value;
      },
      has(object, key) {
        if (typeof key !== 'symbol') note(at, key);
        return Reflect.has(object, key);
      },
      ownKeys(object) {
        note(at, '*');
        return Reflect.ownKeys(object);
      },
    });
    proxies.set(target, proxy);
    return proxy;
  };
  const recorder: ConfigRecorder<T> = {
    config: wrap(structuredClone(config), []) as T,
    recording: false,
    reads: () => [...reads],
  };
  return recorder;
}

/** The reads of `reads` that touch PLACE_PATHS: the place itself or inside it, or the keys (`*`) of an object holding one. */
export function placeReads(reads: readonly string[]): string[] {
  return reads.filter((read) =>
    PLACE_PATHS.some(
      (place) =>
        read === place ||
        read.startsWith(`${place}.`) ||
        (read.endsWith('*') && `${place}.`.startsWith(read.slice(0, -1))),
    ),
  );
}

/** Writes a demo template (core/demo-data.ts `buildDemoTemplate`) and its manifest into the build folder `distDir`. */
export async function writeDemoTemplate(
  distDir: string,
  demo: { tarball: Uint8Array; manifest: DemoManifest },
): Promise<void> {
  await writeFile(demoTemplatePathOf(distDir), demo.tarball);
  await writeFile(demoManifestPathOf(distDir), `${JSON.stringify(demo.manifest, null, 2)}\n`);
}

/** The demo template's manifest, or null when there is none or it cannot be read. */
export function readDemoManifest(distDir: string): DemoManifest | null {
  const file = demoManifestPathOf(distDir);
  if (!existsSync(file) || !existsSync(demoTemplatePathOf(distDir))) return null;
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as DemoManifest;
    return typeof manifest.seededAt === 'number' &&
      typeof manifest.configHash === 'string' &&
      Array.isArray(manifest.pluginEnv)
      ? manifest
      : null;
  } catch {
    return null;
  }
}

/**
 * The age verdict given for each database folder: server.ts asks before the app's modules load (to begin writing
 * the template), and the start asks again later; both must choose the same template for one folder.
 */
const freshFor = new Map<string, boolean>();

/**
 * The demo template a new embedded database in `embeddedPath` starts from, with `config`: its path when there is one
 * made within DEMO_TEMPLATE_MAX_AGE_MS by the same configuration, else null (the plain template, then the seeds).
 */
export function demoTemplateFor(
  config: Config,
  distDir: string,
  embeddedPath: string,
  now = Date.now(),
  /** The environment, when `config` was loaded without the plugins (the plugins' variables are read from it). */
  env?: Readonly<Record<string, string | undefined>>,
): string | null {
  if (!config.demoData) return null;
  const manifest = readDemoManifest(distDir);
  if (!manifest) return null;
  const key = path.resolve(embeddedPath);
  const fresh =
    freshFor.get(key) ?? (now - manifest.seededAt >= 0 && now - manifest.seededAt < DEMO_TEMPLATE_MAX_AGE_MS);
  freshFor.set(key, fresh);
  const hash = configHashOf(config, manifest.pluginEnv, env ?? config.pluginEnv);
  return fresh && manifest.configHash === hash ? demoTemplatePathOf(distDir) : null;
}
