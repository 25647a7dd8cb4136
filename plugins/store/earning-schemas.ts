import { z } from 'zod';
import { AnswerMomentSchema } from '../../core/shared/moments.ts';
import { text } from '../../core/shared/text.ts';

/**
 * Coins earned outside the store (docs/store.md "Hourly" and "Sponsors"): the hourly reward, the sponsor token and
 * the ad network's callback. Shared by the server, the site's pages and the bot; no form of the site sends these,
 * so they stand apart from the store's contract (schemas.ts), which the browser imports.
 */

/** A rolling hour between two hourly claims. */
export const HOURLY_INTERVAL_MS = 60 * 60 * 1000;

/** POST /api/client/users/hourly → what was paid, the balance after it and when the next claim opens. */
export const HourlyClaimResponseSchema = z.strictObject({
  amount: z.int().min(0),
  balance: z.int().min(0),
  nextClaimAt: AnswerMomentSchema,
});
export type HourlyClaimResponse = z.output<typeof HourlyClaimResponseSchema>;

/** What /hourly shows: the balance, the reward, and when the next claim opens (null: now). */
export interface HourlyStatus {
  balance: number;
  amount: number;
  lastClaimAt: string | null;
  nextClaimAt: string | null;
}

/** The sponsor product's identifier (specification §7: product identifier '29'). */
export const SPONSOR_PRODUCT_ID = '29';

/** POST /api/client/npay/token → a short-lived token binding the signed-in user (not a session token). */
export const SponsorTokenResponseSchema = z.strictObject({
  token: z.string(),
  expiresAt: AnswerMomentSchema,
});
export type SponsorTokenResponse = z.output<typeof SponsorTokenResponseSchema>;

/**
 * POST /api/npay/callback: the ad network's word that a sponsor payment completed. The raw body is this JSON,
 * signed (header `x-sponsor-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`).
 */
export const SponsorCallbackBodySchema = z.strictObject({
  /** The token the sponsor script was initialised with: names the user. */
  token: text().min(1).max(512),
  /** The ad network's id of the payment: it pays once. */
  paymentId: text()
    .min(1)
    .max(100)
    .regex(/^[\w.:-]+$/, 'A payment id is letters, digits and . _ : -'),
  productId: z.literal(SPONSOR_PRODUCT_ID),
});
export type SponsorCallbackBody = z.infer<typeof SponsorCallbackBodySchema>;

export const SponsorCallbackResponseSchema = z.strictObject({
  received: z.literal(true),
  /** false: this payment had been credited already (a repeated callback). */
  credited: z.boolean(),
});
export type SponsorCallbackResponse = z.output<typeof SponsorCallbackResponseSchema>;

/** A user back from the sponsor flow: the coins a payment brings (`sponsorReward`), and those already credited (null: not yet). */
export interface SponsorReturn {
  reward: number;
  credited: number | null;
}
