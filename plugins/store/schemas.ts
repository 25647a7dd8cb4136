import { z } from 'zod';
import { AnswerIdSchema } from '../../core/shared/ids.ts';
import { AnswerMomentSchema } from '../../core/shared/moments.ts';

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

/** One ledger row: a change to a user's balance. */
export const CoinTransactionViewSchema = z.strictObject({
  id: AnswerIdSchema,
  /** Signed: a credit is positive, a debit negative (never 0). */
  amount: z.int(),
  kind: z.enum(COIN_KINDS),
  /** What made the change (`hourly:…`, `admin:…`, a purchase…): each reference is applied once. */
  reference: z.string(),
  reason: z.string().nullable(),
  createdAt: AnswerMomentSchema,
});
export type CoinTransactionView = z.output<typeof CoinTransactionViewSchema>;

export const GrantViewSchema = z.strictObject({
  id: AnswerIdSchema,
  kind: z.enum(GRANT_KINDS),
  /** The perk's name, or the rank's id. */
  value: z.string(),
  source: z.enum(GRANT_SOURCES),
  sourceRef: z.string(),
  startedAt: AnswerMomentSchema,
  /** null: for ever (or as long as its source lasts, for a subscription). */
  endsAt: AnswerMomentSchema.nullable(),
});
export type GrantView = z.output<typeof GrantViewSchema>;
