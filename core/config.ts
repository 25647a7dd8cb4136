import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DATA_DIR, embeddedPathOf } from './db/embedded.ts';

/** Empty strings in the environment mean "unset", as in most .env tooling. */
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const flag = (fallback: boolean) =>
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
  /** The bot (plugins/discord): HTTP interactions are verified with the application's public key (hex). */
  DISCORD_PUBLIC_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters')
      .optional(),
  ),
  /** The application's id; default DISCORD_CLIENT_ID (they are the same for one Discord application). */
  DISCORD_APPLICATION_ID: optionalString,
  /** Seconds a customer waits between two orders placed through the bot (in memory, per process). */
  BOT_ORDER_COOLDOWN_S: z.coerce.number().int().min(0).default(30),
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
  /**
   * Sponsor payments through the ad network (docs/store.md "Sponsors"): the secret it signs its payment callbacks
   * with (HMAC-SHA256). Unset, or no ad network: no sponsor offer, `nitroPayToken` is null.
   */
  AD_SPONSOR_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** The ad-blocker help manifest ({ id, name, steps, gif }[]); the site's bundled copy is the fallback. */
  ADBLOCK_HELP_URL: optionalString.pipe(z.url().optional()),
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
  DEMO_DATA: z.string().optional(),
  TRUST_PROXY: flag(false),
  /** Orders (plugins/orders): the deadlines the sweeper enforces, in seconds. */
  ORDER_CLAIM_TIMEOUT_S: z.coerce.number().int().min(1).default(240),
  ORDER_COOKING_TIME_S: z.coerce.number().int().min(0).default(180),
  ORDER_DELIVERY_TIMEOUT_S: z.coerce.number().int().min(1).default(180),
  ORDER_UNCLAIMED_CANCEL_S: z.coerce.number().int().min(1).default(3600),
  /** How often the order sweeper looks for passed deadlines; 0 turns it off (tests drive it by hand). */
  ORDER_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  /** How often the store ends timed grants whose time ran out; 0 turns it off (tests sweep by hand). */
  STORE_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  /** Store purchases one user may make per minute (in memory, per process); 0: no limit (the bench). */
  STORE_PURCHASES_PER_MINUTE: z.coerce.number().int().min(0).default(20),
  /** An Imgur-style anonymous image host; unset: uploads are stored under $DATA_DIR/uploads and served by the web process. */
  IMAGE_HOST_URL: optionalString.pipe(z.url().optional()),
  IMAGE_HOST_CLIENT_ID: optionalString,
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).default(8_388_608),
  /** Prometheus metrics (GET /metrics) on a port of their own, bound to HOST; 0 picks a free port. */
  METRICS_PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
  /** `Authorization: Bearer <token>` for the metrics: at GET /metrics on the main port, or on METRICS_PORT only when that is set. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** How long a shutdown may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_S: z.coerce.number().min(1).default(10),
  /** Stripe (plugins/billing): both keys set, or payments are "not set up". */
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Another API origin than Stripe's (the stand-in: `http://127.0.0.1:PORT`). */
  STRIPE_API_URL: optionalString.pipe(z.url().optional()),
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** The plans, as JSON (docs/billing.md); unset: the two demo plans, whose price ids the stand-in knows. */
  STRIPE_PLANS: optionalString.pipe(
    z
      .string()
      .transform((v, ctx) => {
        try {
          return JSON.parse(v) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be JSON' });
          return z.NEVER;
        }
      })
      .pipe(z.lazy(() => StripePlansSchema))
      .optional(),
  ),
});

export type Env = z.input<typeof envSchema>;

/** One subscription plan (STRIPE_PLANS): what Stripe charges (`priceId`) and what a subscriber holds while subscribed. */
const StripePlanSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'a plan id is lowercase letters, digits and dashes'),
  priceId: z.string().min(1).max(255),
  name: z.string().min(1).max(60),
  /** As shown, e.g. `$2.99`: Stripe's price is the one charged. */
  monthlyPrice: z.string().min(1).max(20),
  description: z.string().max(300).default(''),
  perks: z
    .array(z.string().regex(/^[A-Z0-9_]{1,40}$/, 'a perk is UPPER_CASE'))
    .max(20)
    .default([]),
  /** A rank's name (ranks are rows: their ids are not known before the database), or null. */
  rank: z.string().min(1).max(60).nullable().default(null),
});
const StripePlansSchema = z
  .array(StripePlanSchema)
  .min(1)
  .max(6)
  .refine((plans) => new Set(plans.map((p) => p.id)).size === plans.length, 'plan ids must differ')
  .refine((plans) => new Set(plans.map((p) => p.priceId)).size === plans.length, 'price ids must differ');
export type StripePlan = z.output<typeof StripePlanSchema>;

/** The demo plans: shown as "not set up" until Stripe is configured; the Stripe stand-in knows their price ids. */
export const DEMO_STRIPE_PLANS: StripePlan[] = [
  {
    id: 'supporter',
    priceId: 'price_standin_supporter',
    name: 'Supporter',
    monthlyPrice: '$2.99',
    description: 'Keep the kitchen lights on.',
    perks: ['SUPPORTER'],
    rank: null,
  },
  {
    id: 'patron',
    priceId: 'price_standin_patron',
    name: 'Patron',
    monthlyPrice: '$7.99',
    description: 'For regulars who want the Patron rank.',
    perks: ['SUPPORTER', 'PATRON'],
    rank: 'Patron',
  },
];

/** The ad network, as pages see it (everything in it ends up in the page anyway). */
export interface AdsConfig {
  siteId: string;
  scriptUrl: string;
  /** Null: the probe checks only that the ad script loaded. */
  probeUrl: string | null;
  /** Null: the help manifest bundled with the site (site/lib/ads/adblock-help.json) only. */
  helpManifestUrl: string | null;
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
  /** OAuth2 for sign-in; the bot token for Discord's REST API (profile sync; the bot issue uses it too). */
  discord: {
    clientId: string | undefined;
    clientSecret: string | undefined;
    apiUrl: string;
    token: string | undefined;
    /** Ed25519 public key (hex) for HTTP interactions; unset: POST /api/interactions does not exist. */
    publicKey: string | undefined;
    applicationId: string | undefined;
  };
  bot: { orderCooldownMs: number; inProcess: boolean };
  /** The bot's invite link, or null when neither BOT_INVITE_URL nor DISCORD_CLIENT_ID is set. */
  inviteUrl: string | null;
  /** Ads: null when no ad network is configured (then no ads and no ad-block notice). */
  ads: AdsConfig | null;
  /** AD_HOSTS: origins the Content-Security-Policy allows for the ad network beside its script's; empty without ads. */
  adHosts: readonly string[];
  /** AD_SPONSOR_SECRET: the key of the ad network's signed sponsor-payment callbacks; null without ads or unset. */
  sponsorSecret: string | null;
  bodyLimit: number;
  demoData: boolean;
  trustProxy: boolean;
  orders: {
    claimTimeoutMs: number;
    cookingTimeMs: number;
    deliveryTimeoutMs: number;
    unclaimedCancelMs: number;
    sweepIntervalMs: number;
  };
  /** The store (plugins/store): the timed grants' sweeper, and the purchase rate limit (0: none). */
  store: { sweepIntervalMs: number; purchasesPerMinute: number };
  /** Where order images go: the image host when `url` is set, else `localDir` (served at /uploads/). */
  images: { hostUrl: string | undefined; hostClientId: string | undefined; localDir: string; maxBytes: number };
  /**
   * Prometheus metrics: on a port of their own (`port`), or at GET /metrics on the main port for the bearer of
   * `token`; both null: no metrics endpoint at all. With both set, the metrics port asks for the token too.
   */
  metrics: { port: number | null; token: string | null };
  /** A shutdown that has not finished after this long exits anyway (server.ts). */
  shutdownTimeoutMs: number;
  /** Stripe: `configured` false when either key is missing (then every Stripe route is a 503). */
  stripe: {
    configured: boolean;
    secretKey: string | null;
    webhookSecret: string | null;
    /** Null: Stripe's own API. */
    api: { host: string; port: number; protocol: 'http' | 'https' } | null;
    timeoutMs: number;
    plans: readonly StripePlan[];
  };
}

/** View Channels, Send Messages, Embed Links, Attach Files, Read Message History, Use Application Commands. */
const BOT_PERMISSIONS = '2147601408';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Secrets production cannot run without; development falls back to embedded defaults. */
const PRODUCTION_REQUIRED = ['SESSION_SECRET', 'DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET', 'DATABASE_URL'] as const;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  refuseUnsafe(e, isProduction);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    isProduction,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseTimeoutMs: e.DATABASE_TIMEOUT_MS,
    embeddedDbPath: embeddedPathOf(e.DATA_DIR),
    // Without a configured secret (development only), a per-process secret: state cookies die with the process.
    sessionSecret: e.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    discord: discordOf(e),
    bot: { orderCooldownMs: e.BOT_ORDER_COOLDOWN_S * 1000, inProcess: e.BOT_IN_PROCESS },
    inviteUrl:
      e.BOT_INVITE_URL ??
      (e.DISCORD_CLIENT_ID
        ? `https://discord.com/oauth2/authorize?client_id=${encodeURIComponent(e.DISCORD_CLIENT_ID)}&scope=bot%20applications.commands&permissions=${BOT_PERMISSIONS}`
        : null),
    ads: adsOf(e),
    adHosts: e.AD_SITE_ID && e.AD_SCRIPT_URL ? (e.AD_HOSTS ?? []) : [],
    sponsorSecret: e.AD_SITE_ID && e.AD_SCRIPT_URL ? (e.AD_SPONSOR_SECRET ?? null) : null,
    bodyLimit: e.BODY_LIMIT,
    demoData: e.DEMO_DATA === undefined ? !isProduction : e.DEMO_DATA === 'true' || e.DEMO_DATA === '1',
    trustProxy: e.TRUST_PROXY,
    orders: {
      claimTimeoutMs: e.ORDER_CLAIM_TIMEOUT_S * 1000,
      cookingTimeMs: e.ORDER_COOKING_TIME_S * 1000,
      deliveryTimeoutMs: e.ORDER_DELIVERY_TIMEOUT_S * 1000,
      unclaimedCancelMs: e.ORDER_UNCLAIMED_CANCEL_S * 1000,
      sweepIntervalMs: e.ORDER_SWEEP_INTERVAL_MS,
    },
    store: { sweepIntervalMs: e.STORE_SWEEP_INTERVAL_MS, purchasesPerMinute: e.STORE_PURCHASES_PER_MINUTE },
    images: {
      hostUrl: e.IMAGE_HOST_URL?.replace(/\/$/, ''),
      hostClientId: e.IMAGE_HOST_CLIENT_ID,
      localDir: path.join(dataDir, 'uploads'),
      maxBytes: e.UPLOAD_MAX_BYTES,
    },
    metrics: { port: e.METRICS_PORT ?? null, token: e.METRICS_TOKEN ?? null },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_S * 1000,
    stripe: stripeOf(e),
  };
}

type ParsedEnv = z.output<typeof envSchema>;

/** Combinations the schema alone cannot refuse: production's required secrets, plans with Stripe, two ports. */
function refuseUnsafe(e: ParsedEnv, isProduction: boolean): void {
  if (isProduction) {
    const missing = PRODUCTION_REQUIRED.filter((name) => !e[name]);
    if (missing.length > 0) {
      throw new ConfigError(`Missing required configuration for production: ${missing.join(', ')}`);
    }
  }
  if (isProduction && e.STRIPE_SECRET_KEY && !e.STRIPE_PLANS) {
    throw new ConfigError('Invalid configuration: STRIPE_PLANS: required in production when STRIPE_SECRET_KEY is set');
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError('Invalid configuration: METRICS_PORT: must differ from PORT');
  }
}

function discordOf(e: ParsedEnv): Config['discord'] {
  return {
    clientId: e.DISCORD_CLIENT_ID,
    clientSecret: e.DISCORD_CLIENT_SECRET,
    apiUrl: e.DISCORD_API_URL.replace(/\/$/, ''),
    token: e.DISCORD_TOKEN,
    publicKey: e.DISCORD_PUBLIC_KEY?.toLowerCase(),
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

function stripeOf(e: ParsedEnv): Config['stripe'] {
  return {
    configured: Boolean(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET),
    secretKey: e.STRIPE_SECRET_KEY ?? null,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
    api: e.STRIPE_API_URL ? stripeApi(e.STRIPE_API_URL) : null,
    timeoutMs: e.STRIPE_TIMEOUT_MS,
    plans: e.STRIPE_PLANS ?? DEMO_STRIPE_PLANS,
  };
}

function stripeApi(url: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const u = new URL(url);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: Number(u.port) || (protocol === 'http' ? 80 : 443), protocol };
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
