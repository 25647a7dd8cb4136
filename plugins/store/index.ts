import { definePlugin } from '../../core/plugin.ts';
import { storeEntities } from './entities.ts';
import { GrantService } from './grants.ts';
import { CoinLedger } from './ledger.ts';
import { migrations } from './migrations/index.ts';

export interface StorePlugin {
  /** Coins: credit and debit for every plugin (rewards, purchases), idempotent per reference. */
  coins: CoinLedger;
  /** Perks and ranks held because of a purchase, a subscription, an objective or a sponsor payment. */
  grants: GrantService;
}

/** The money side inside the diner: coins and their ledger, grants (docs/store.md). */
export default definePlugin({
  name: 'store',
  entities: storeEntities,
  migrations,
  service: (ctx): StorePlugin => ({
    coins: new CoinLedger(ctx.orm, ctx.now),
    grants: new GrantService(ctx.orm, ctx.events, ctx.now),
  }),
});
