import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DATA_DIR, embeddedPathOf } from './db/embedded.ts';

/** Empty strings in the environment mean "unset", as in most .env tooling. */
export const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
export const flag = (fallback: boolean) =>
  z
    .preprocess((v) => (v === '' || v === undefined ? undefined : v), z.enum(['true', 'false', '1', '0']).optional())
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  /** How long a statement may run or wait, and a transaction sit idle, before the database stops it (503). */
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  SESSION_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  DISCORD_CLIENT_ID: optionalString,
  DISCORD_CLIENT_SECRET: optionalString,
  DISCORD_API_URL: z.url().default('https://discord.com/api'),
  DISCORD_TOKEN: optionalString,
  /** The application's id; default DISCORD_CLIENT_ID (they are the same for one Discord application). */
  DISCORD_APPLICATION_ID: optionalString,
  /** With DISCORD_TOKEN: run the gateway client inside the web process (off when `npm run bot` runs it apart). */
  BOT_IN_PROCESS: flag(true),
  /** Where "Add to Discord" leads; default: built from DISCORD_CLIENT_ID. */
  BOT_INVITE_URL: optionalString.pipe(z.url().optional()),
  /** The ad network (NitroPay-style `createAd` API): no site id or no script, no ads and no ad-block notice. */
  AD_SITE_ID: optionalString,
  AD_SCRIPT_URL: optionalString.pipe(z.url().optional()),
  /** A pixel on the ad network's host; ad-blockers block it, so loading it confirms ads can show. */
  AD_PROBE_URL: optionalString.pipe(z.url().optional()),
  /**
   * Other origins the ad network and the consent framework it brings load scripts, frames and pictures from
   * (comma or space separated), allowed by the Content-Security-Policy only while an ad network is configured.
   */
  AD_HOSTS: optionalString.pipe(
    z
      .string()
      .transform((v, ctx) => {
        const origins: string[] = [];
        for (const entry of v.split(/[\s,]+/).filter(Boolean)) {
          let url: URL | null = null;
          try {
            url = new URL(entry);
          } catch {
            url = null;
          }
          if (!url || !/^https?:$/.test(url.protocol) || url.origin !== entry.replace(/\/$/, '')) {
            ctx.addIssue({ code: 'custom', message: `${entry.slice(0, 80)} is not an origin (https://host[:port])` });
            return z.NEVER;
          }
          origins.push(url.origin);
        }
        return origins;
      })
      .optional(),
  ),
  /** The ad-blocker help manifest ({ id, name, steps, gif }[]); the site's bundled copy is the fallback. */
  ADBLOCK_HELP_URL: optionalString.pipe(z.url().optional()),
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
  DEMO_DATA: z.string().optional(),
  TRUST_PROXY: flag(false),
  /** Prometheus metrics (GET /metrics) on a port of their own, bound to HOST; 0 picks a free port. */
  METRICS_PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
  /** `Authorization: Bearer <token>` for the metrics: at GET /metrics on the main port, or on METRICS_PORT only when that is set. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** The web process's backups of the embedded database: hours between two (0: none), how many kept, where. */
  BACKUP_INTERVAL_HOURS: z.coerce.number().min(0).default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
  BACKUP_DIR: optionalString,
  /** How long a shutdown may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_S: z.coerce.number().min(1).default(10),
});

export type Env = z.input<typeof envSchema>;

/** The ad network, as pages see it (everything in it ends up in the page anyway). */
export interface AdsConfig {
  siteId: string;
  scriptUrl: string;
  /** Null: the probe checks only that the ad script loaded. */
  probeUrl: string | null;
  /** Null: the help manifest bundled with the site (site/lib/ads/adblock-help.json) only. */
  helpManifestUrl: string | null;
}

/**
 * Each plugin's own configuration, by plugin name, as its definition's `config` makes it from its variables. Core
 * names none: a plugin adds its entry by declaration merging (`declare module '…/core/config.ts' { interface
 * PluginConfigs { orders: OrdersConfig } }`) and reads it as `ctx.config.plugins.<name>`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the plugins' declaration merging
export interface PluginConfigs {}

/** The configuration with none of the plugins': what a plugin's config is made from beside its own variables. */
export type CoreConfig = Omit<Config, 'plugins'>;

/**
 * A plugin's variables and what it makes of them (PluginDefinition's `config`): `env` is the zod shape of its
 * variables, validated with core's in one report; `of` builds its config; `refuse` returns what a combination the
 * schema alone cannot refuse gets as its message (`VARIABLE: why`), or null.
 */
export interface PluginConfigDefinition<Shape extends z.ZodRawShape = z.ZodRawShape, Out = unknown> {
  env: Shape;
  of: (e: z.output<z.ZodObject<Shape>>, core: CoreConfig) => Out;
  refuse?: (e: z.output<z.ZodObject<Shape>>, core: CoreConfig) => string | null;
}

/** Types a plugin's config definition (its variables' parsed values in `of` and `refuse`). */
export function definePluginConfig<const Shape extends z.ZodRawShape, Out>(
  definition: PluginConfigDefinition<Shape, Out>,
): PluginConfigDefinition<Shape, Out> {
  return definition;
}

/** What loadConfig needs of a plugin: its name and its config definition. */
export interface ConfiguredPlugin {
  name: string;
  // biome-ignore lint/suspicious/noExplicitAny: any plugin's variables and config
  config?: PluginConfigDefinition<any, unknown> | undefined;
}

/** The Discord application the diner signs in with and whose bot it runs (DISCORD_* variables). */
export interface DiscordAppConfig {
  clientId: string | undefined;
  clientSecret: string | undefined;
  apiUrl: string;
  token: string | undefined;
  applicationId: string | undefined;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  host: string;
  port: number;
  /** The site's own origin: OAuth redirects and the same-origin check use it. */
  publicUrl: string;
  logLevel: string;
  dataDir: string;
  /** Unset: the embedded PGlite database under dataDir (or in memory with ':memory:'). */
  databaseUrl: string | undefined;
  /** DATABASE_TIMEOUT_MS: the limit on a statement's run or wait and a transaction's idle time (core/db/orm.ts). */
  databaseTimeoutMs: number;
  embeddedDbPath: string;
  sessionSecret: string;
  /**
   * The Discord application: OAuth2 for sign-in (required in production), the bot token for Discord's REST API and
   * the bot process (bot/, web/main.ts), and the API's base URL (docs/architecture.md, "Configuration").
   */
  discord: DiscordAppConfig;
  bot: { inProcess: boolean };
  /** The bot's invite link, or null when neither BOT_INVITE_URL nor DISCORD_CLIENT_ID is set. */
  inviteUrl: string | null;
  /** Ads: null when no ad network is configured (then no ads and no ad-block notice). */
  ads: AdsConfig | null;
  /** AD_HOSTS: origins the Content-Security-Policy allows for the ad network beside its script's; empty without ads. */
  adHosts: readonly string[];
  bodyLimit: number;
  demoData: boolean;
  trustProxy: boolean;
  /**
   * Prometheus metrics: on a port of their own (`port`), or at GET /metrics on the main port for the bearer of
   * `token`; both null: no metrics endpoint at all. With both set, the metrics port asks for the token too.
   */
  metrics: { port: number | null; token: string | null };
  /** A shutdown that has not finished after this long exits anyway (server.ts). */
  shutdownTimeoutMs: number;
  /**
   * Backups (core/backup/): where they go (BACKUP_DIR, default `$DATA_DIR/backups`), and the web process's own on the
   * embedded database: every `intervalMs` (BACKUP_INTERVAL_HOURS, default 24; 0: none), the newest `keep` kept.
   */
  backups: { dir: string; intervalMs: number; keep: number };
  /** Each plugin's configuration (PluginConfigs), for the plugins loadConfig was given. */
  plugins: PluginConfigs;
}

/** View Channels, Send Messages, Embed Links, Attach Files, Read Message History, Use Application Commands. */
const BOT_PERMISSIONS = '2147601408';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Secrets production cannot run without; development falls back to embedded defaults. */
const PRODUCTION_REQUIRED = ['SESSION_SECRET', 'DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET', 'DATABASE_URL'] as const;

/** Core's variables and every plugin's, in one schema: one report lists every bad variable. Refuses a name two declare. */
function schemaOf(plugins: readonly ConfiguredPlugin[]) {
  const owners = new Map<string, string>(Object.keys(envSchema.shape).map((key) => [key, 'core']));
  let shape: z.ZodRawShape = { ...envSchema.shape };
  for (const plugin of plugins) {
    for (const key of Object.keys(plugin.config?.env ?? {})) {
      const owner = owners.get(key);
      if (owner) throw new ConfigError(`Plugin "${plugin.name}" declares the variable ${key}, which ${owner} declares`);
      owners.set(key, `plugin "${plugin.name}"`);
    }
    shape = { ...shape, ...plugin.config?.env };
  }
  return z.object(shape);
}

/**
 * Reads core's variables and those of `plugins` (each plugin's definition's `config`), refuses bad values and unsafe
 * combinations with one message, and gives each plugin its config in `plugins`. A process that builds the app passes
 * the same plugin list it builds it with; without plugins, only core's.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  plugins: readonly ConfiguredPlugin[] = [],
): Config {
  const parsed = schemaOf(plugins).safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data as ParsedEnv & Record<string, unknown>;
  const isProduction = e.NODE_ENV === 'production';
  refuseUnsafe(e, isProduction);
  const core = coreConfigOf(e, isProduction);
  const configs: Record<string, unknown> = {};
  for (const plugin of plugins) {
    if (!plugin.config) continue;
    const refusal = plugin.config.refuse?.(e, core);
    if (refusal) throw new ConfigError(`Invalid configuration: ${refusal}`);
    configs[plugin.name] = plugin.config.of(e, core);
  }
  return { ...core, plugins: configs as unknown as PluginConfigs };
}

function coreConfigOf(e: ParsedEnv, isProduction: boolean): CoreConfig {
  return {
    env: e.NODE_ENV,
    isProduction,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseTimeoutMs: e.DATABASE_TIMEOUT_MS,
    embeddedDbPath: embeddedPathOf(e.DATA_DIR),
    // Without a configured secret (development only), a per-process secret: state cookies die with the process.
    sessionSecret: e.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    discord: discordOf(e),
    bot: { inProcess: e.BOT_IN_PROCESS },
    inviteUrl:
      e.BOT_INVITE_URL ??
      (e.DISCORD_CLIENT_ID
        ? `https://discord.com/oauth2/authorize?client_id=${encodeURIComponent(e.DISCORD_CLIENT_ID)}&scope=bot%20applications.commands&permissions=${BOT_PERMISSIONS}`
        : null),
    ads: adsOf(e),
    adHosts: e.AD_SITE_ID && e.AD_SCRIPT_URL ? (e.AD_HOSTS ?? []) : [],
    bodyLimit: e.BODY_LIMIT,
    demoData: e.DEMO_DATA === undefined ? !isProduction : e.DEMO_DATA === 'true' || e.DEMO_DATA === '1',
    trustProxy: e.TRUST_PROXY,
    metrics: { port: e.METRICS_PORT ?? null, token: e.METRICS_TOKEN ?? null },
    backups: {
      dir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
      intervalMs: Math.round(e.BACKUP_INTERVAL_HOURS * 3_600_000),
      keep: e.BACKUP_KEEP,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_S * 1000,
  };
}

type ParsedEnv = z.output<typeof envSchema>;

/** Combinations the schema alone cannot refuse: production's required secrets, two ports. */
function refuseUnsafe(e: ParsedEnv, isProduction: boolean): void {
  if (isProduction) {
    const missing = PRODUCTION_REQUIRED.filter((name) => !e[name]);
    if (missing.length > 0) {
      throw new ConfigError(`Missing required configuration for production: ${missing.join(', ')}`);
    }
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError('Invalid configuration: METRICS_PORT: must differ from PORT');
  }
}

function discordOf(e: ParsedEnv): DiscordAppConfig {
  return {
    clientId: e.DISCORD_CLIENT_ID,
    clientSecret: e.DISCORD_CLIENT_SECRET,
    apiUrl: e.DISCORD_API_URL.replace(/\/$/, ''),
    token: e.DISCORD_TOKEN,
    applicationId: e.DISCORD_APPLICATION_ID ?? e.DISCORD_CLIENT_ID,
  };
}

/** The ad network, when its site id and script are both set. */
function adsOf(e: ParsedEnv): Config['ads'] {
  return e.AD_SITE_ID && e.AD_SCRIPT_URL
    ? {
        siteId: e.AD_SITE_ID,
        scriptUrl: e.AD_SCRIPT_URL,
        probeUrl: e.AD_PROBE_URL ?? null,
        helpManifestUrl: e.ADBLOCK_HELP_URL ?? null,
      }
    : null;
}

/** The part of the configuration pages may see (Astro.locals.config): nothing secret. */
export interface PublicConfig {
  env: Config['env'];
  publicUrl: string;
  inviteUrl: string | null;
  /** Everything in it ends up in the page anyway (script URL, site id, probe). */
  ads: AdsConfig | null;
}

export function publicConfigOf(config: Config): PublicConfig {
  return { env: config.env, publicUrl: config.publicUrl, inviteUrl: config.inviteUrl, ads: config.ads };
}
