import { DomainError } from '../../core/errors.ts';
import { MAX_COINS } from './schemas.ts';

/**
 * What the store refuses, with the status and the exact message each refusal has always had: the ledger (coins), the
 * grants and the purchases throw these from inside their transaction, which then rolls back whatever it wrote.
 */
export const refusals = {
  /** A debit the balance does not cover: `balance` is the balance now, `short` what is missing. */
  short: (balance: number, short: number) =>
    new DomainError('conflict', `Not enough coins: you need ${short.toLocaleString('en')} more.`, { balance, short }),
  overMax: () =>
    new DomainError('conflict', `That would take the balance over ${MAX_COINS.toLocaleString('en')} coins.`),
  noUser: () => new DomainError('not_found', 'User not found'),
  unknownRank: () => new DomainError('bad_request', 'Unknown rank in the grant.'),
  itemNotFound: () => new DomainError('not_found', 'Store item not found'),
  notOnSale: () => new DomainError('conflict', 'This item is not on sale.'),
  soldOut: () => new DomainError('conflict', 'This item is sold out.'),
  /** The recipient already has `limit` of the item; `recipientName` null: the buyer bought it for themself. */
  limit: (limit: number, recipientName: string | null) => {
    const most = `${limit} of this item`;
    return new DomainError(
      'conflict',
      recipientName === null
        ? `You already have ${most}, the most one user may get.`
        : `${recipientName} already has ${most}, the most one user may get.`,
      { limit },
    );
  },
};
