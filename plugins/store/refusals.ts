import { localizedError } from '../../core/i18n/catalogue.ts';
import { storeText } from './i18n/index.ts';
import { MAX_COINS } from './schemas.ts';

/**
 * What the store refuses, with the status and the exact message each refusal has always had, worded from the store's
 * catalogue (`refusal.*`) so it is said in the reader's language too: the ledger (coins), the grants and the
 * purchases throw these from inside their transaction, which then rolls back whatever it wrote.
 */
export const refusals = {
  /** A debit the balance does not cover: `balance` is the balance now, `short` what is missing. */
  short: (balance: number, short: number) =>
    localizedError(storeText, 'conflict', 'refusal.short', { short }, { balance, short }),
  overMax: () => localizedError(storeText, 'conflict', 'refusal.overMax', { max: MAX_COINS }),
  noUser: () => localizedError(storeText, 'not_found', 'refusal.userNotFound'),
  unknownRank: () => localizedError(storeText, 'bad_request', 'refusal.unknownRank'),
  itemNotFound: () => localizedError(storeText, 'not_found', 'refusal.itemNotFound'),
  notOnSale: () => localizedError(storeText, 'conflict', 'refusal.notOnSale'),
  soldOut: () => localizedError(storeText, 'conflict', 'refusal.soldOut'),
  /** The recipient already has `limit` of the item; `recipientName` null: the buyer bought it for themself. */
  limit: (limit: number, recipientName: string | null) =>
    recipientName === null
      ? localizedError(storeText, 'conflict', 'refusal.limitYours', { limit }, { limit })
      : localizedError(storeText, 'conflict', 'refusal.limitTheirs', { limit, name: recipientName }, { limit }),
};
