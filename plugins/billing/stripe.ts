import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Config } from '../../core/config.ts';
import type { DomainError } from '../../core/errors.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import { billingText } from './i18n/index.ts';

export type StripeClient = Stripe;

/**
 * The SDK as configuration says: Stripe itself, or another origin (the stand-in, tests/stand-ins/stripe), where
 * the SDK does not retry (a test's outage must be seen as one). Null when payments are not set up. The SDK (about
 * 200 modules) is loaded only then: a start without payments does not read it
 * (docs/adr/0011-a-start-does-only-what-it-must.md).
 */
export function stripeClient(config: Config): Promise<Stripe> | null {
  const s = config.plugins.billing;
  if (!s.configured || !s.secretKey) return null;
  const secretKey = s.secretKey;
  return import('stripe').then(
    ({ default: StripeSdk }) =>
      new StripeSdk(secretKey, {
        timeout: s.timeoutMs,
        maxNetworkRetries: s.api ? 0 : 2,
        ...(s.api ? { host: s.api.host, port: s.api.port, protocol: s.api.protocol } : {}),
        appInfo: { name: 'Virtual Diner' },
      }),
  );
}

export function notSetUp(): DomainError {
  return localizedError(billingText, 'unavailable', 'refusal.paymentsNotSetUp');
}

/**
 * One call to Stripe. Any failure (no answer, a 5xx, a key Stripe refuses, a price it does not know) is ours or
 * Stripe's, never the user's: a 503 with the outage message, the cause logged. Callers make no write before it.
 */
export async function callStripe<T>(log: FastifyBaseLogger, what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const e = error as { type?: string; statusCode?: number; message?: string };
    log.warn({ stripe: what, type: e.type, status: e.statusCode, err: e.message }, 'Stripe call failed');
    throw localizedError(billingText, 'unavailable', 'refusal.stripeOutage');
  }
}
