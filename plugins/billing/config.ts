import { z } from 'zod';
import { definePluginConfig, optionalString } from '../../core/config.ts';

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

function stripeApi(url: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const u = new URL(url);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: Number(u.port) || (protocol === 'http' ? 80 : 443), protocol };
}

/** Stripe (validated at start with core's variables, core/config.ts): both keys set, or payments are "not set up". */
export const billingConfig = definePluginConfig({
  env: {
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
        .pipe(StripePlansSchema)
        .optional(),
    ),
  },
  of: (e) => ({
    /** False when either key is missing (then every Stripe route is a 503). */
    configured: Boolean(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET),
    secretKey: e.STRIPE_SECRET_KEY ?? null,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
    /** Null: Stripe's own API. */
    api: e.STRIPE_API_URL ? stripeApi(e.STRIPE_API_URL) : null,
    timeoutMs: e.STRIPE_TIMEOUT_MS,
    plans: (e.STRIPE_PLANS ?? DEMO_STRIPE_PLANS) as readonly StripePlan[],
  }),
  refuse: (e, core) =>
    core.isProduction && e.STRIPE_SECRET_KEY && !e.STRIPE_PLANS
      ? 'STRIPE_PLANS: required in production when STRIPE_SECRET_KEY is set'
      : null,
});
export type BillingConfig = ReturnType<typeof billingConfig.of>;

declare module '../../core/config.ts' {
  interface PluginConfigs {
    billing: BillingConfig;
  }
}
