import type { Em } from '../../core/db/orm.ts';
import {
  containing,
  type Erasure,
  type PersonalDataContribution,
  plainRows,
  scrubNames,
} from '../../core/personal-data.ts';
import { CoinTransactionSchema, GrantSchema, StorePurchaseSchema, WalletSchema } from './entities.ts';

/**
 * Coins, grants, purchases and gifts. The ledger is a record others rely on (a gift's buyer, the totals): the wallet
 * and its rows move to the pseudonym together, so its balance still equals its ledger; others' lines that named them
 * (a gift's) name "Deleted user". Grants end with the account.
 */
export const storePersonalData: PersonalDataContribution = {
  async exportFor(userId: string, em: Em) {
    return {
      wallet: plainRows(await em.find(WalletSchema, { user: userId })),
      coinTransactions: plainRows(
        await em.find(CoinTransactionSchema, { user: userId }, { orderBy: { createdAt: 'asc' } }),
      ),
      grants: plainRows(await em.find(GrantSchema, { user: userId }, { orderBy: { startedAt: 'asc' } })),
      purchases: plainRows(await em.find(StorePurchaseSchema, { buyer: userId }, { orderBy: { createdAt: 'asc' } })),
      giftsReceived: plainRows(
        await em.find(
          StorePurchaseSchema,
          { recipient: userId, buyer: { $ne: userId } },
          { orderBy: { createdAt: 'asc' } },
        ),
      ),
      purchasesFulfilled: plainRows(
        await em.find(StorePurchaseSchema, { fulfilledBy: userId }, { orderBy: { createdAt: 'asc' } }),
      ),
    };
  },

  async eraseFor({ userId, pseudonymId, names }: Erasure, em: Em) {
    await em.nativeDelete(GrantSchema, { user: userId });
    await em.nativeUpdate(WalletSchema, { user: userId }, { user: pseudonymId });
    await em.nativeUpdate(CoinTransactionSchema, { user: userId }, { user: pseudonymId });
    await em.nativeUpdate(StorePurchaseSchema, { buyer: userId }, { buyer: pseudonymId });
    await em.nativeUpdate(StorePurchaseSchema, { recipient: userId }, { recipient: pseudonymId });
    await em.nativeUpdate(StorePurchaseSchema, { fulfilledBy: userId }, { fulfilledBy: pseudonymId });
    // A gift's line in the recipient's ledger names the giver.
    for (const name of names) {
      for (const row of await em.find(CoinTransactionSchema, { reason: { $like: containing(name) } })) {
        row.reason = scrubNames(row.reason!, names);
      }
    }
    await em.flush();
  },
};
