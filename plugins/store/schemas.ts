import { z } from 'zod';

/**
 * The store's contract (coins, hourly, items, purchases, gifts). Shared by the server, the site and the bot: no
 * entities, services or database here.
 */

/** Every kind of change to a balance; each ledger row has one. */
export const COIN_KINDS = ['HOURLY', 'PURCHASE', 'GIFT_SENT', 'GIFT_RECEIVED', 'REWARD', 'ADMIN', 'REFUND'] as const;
export type CoinKind = (typeof COIN_KINDS)[number];

/** What a grant gives: a perk (its name) or a rank (its id). */
export const GRANT_KINDS = ['perk', 'rank'] as const;
export type GrantKind = (typeof GRANT_KINDS)[number];

/** Who gave a grant; with the grant's `sourceRef` (a purchase, a subscription, an objective) it names the grant. */
export const GRANT_SOURCES = ['purchase', 'subscription', 'objective', 'sponsor'] as const;
export type GrantSource = (typeof GRANT_SOURCES)[number];

/** No balance, price or reward goes beyond this: far above any real one, far below 2^31 (an integer column). */
export const MAX_COINS = 1_000_000_000;

export const CoinTransactionViewSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  kind: z.enum(COIN_KINDS),
  reference: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type CoinTransactionView = z.infer<typeof CoinTransactionViewSchema>;

export const GrantViewSchema = z.object({
  id: z.string(),
  kind: z.enum(GRANT_KINDS),
  value: z.string(),
  source: z.enum(GRANT_SOURCES),
  sourceRef: z.string(),
  startedAt: z.string(),
  /** null: for ever (or as long as its source lasts, for a subscription). */
  endsAt: z.string().nullable(),
});
export type GrantView = z.infer<typeof GrantViewSchema>;
