import { z } from 'zod';
import { AnswerMomentSchema } from '../../core/shared/moments.ts';
import { text } from '../../core/shared/text.ts';
import { type CoinKind, CoinTransactionViewSchema, MAX_COINS } from './schemas.ts';

/**
 * The coins-for-users contract (docs/store.md "Hourly", "Balances on profiles", "Admin adjustments", "Sponsors"):
 * the hourly reward, a user's wallet, a user manager's adjustment, the sponsor token and the ad network's callback.
 * Shared by the server, the site and the bot: no entities, services or database here.
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

/** The kinds of ledger rows as people read them (the profile's transaction list). */
export const COIN_KIND_LABELS: Record<CoinKind, string> = {
  HOURLY: 'Hourly reward',
  PURCHASE: 'Purchase',
  GIFT_SENT: 'Gift sent',
  GIFT_RECEIVED: 'Gift received',
  REWARD: 'Reward',
  ADMIN: 'Adjustment by staff',
  REFUND: 'Refund',
};

/** How many ledger rows a wallet view lists. */
export const RECENT_TRANSACTIONS = 20;

/** GET /api/client/users/{id}/wallet: the user themself or a user manager. */
export const WalletViewSchema = z.strictObject({
  balance: z.int().min(0),
  /** The latest ledger rows (RECENT_TRANSACTIONS), newest first. */
  transactions: z.array(CoinTransactionViewSchema),
});
export type WalletView = z.output<typeof WalletViewSchema>;

export const MAX_ADJUST_REASON = 500;

/**
 * POST /api/client/admin/users/{id}/coins: a user manager adds (positive) or takes (negative) coins, with a reason
 * the user reads in their transactions.
 */
export const AdjustCoinsBodySchema = z.strictObject({
  amount: z
    .int('A whole number of coins')
    .min(-MAX_COINS)
    .max(MAX_COINS)
    .refine((n) => n !== 0, 'The amount cannot be 0.'),
  reason: text().trim().min(3, 'A reason is at least 3 characters.').max(MAX_ADJUST_REASON),
});
export type AdjustCoinsInput = z.infer<typeof AdjustCoinsBodySchema>;

/** The balance after the adjustment, and its ledger row. */
export const AdjustCoinsResponseSchema = z.strictObject({
  balance: z.int().min(0),
  transaction: CoinTransactionViewSchema,
});
export type AdjustCoinsResponse = z.output<typeof AdjustCoinsResponseSchema>;

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
