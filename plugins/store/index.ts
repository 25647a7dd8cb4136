import { z } from 'zod';
import { definePluginConfig, optionalString } from '../../core/config.ts';
import { definePlugin } from '../../core/plugin.ts';
import settings from '../settings/index.ts';
import users from '../users/index.ts';
import { coinsRoutes } from './coins-api.ts';
import hourlyCommand from './commands/hourly.ts';
import { StorePurchaseSchema, storeEntities } from './entities.ts';
import { GrantSweeper } from './grant-sweeper.ts';
import { GrantService, type GrantSourceNamer } from './grants.ts';
import { HourlyService } from './hourly.ts';
import { storeCatalogue } from './i18n/index.ts';
import { StoreItems } from './items.ts';
import { storeItemsRoutes } from './items-api.ts';
import { CoinLedger } from './ledger.ts';
import { migrations } from './migrations/index.ts';
import { storePersonalData } from './personal-data.ts';
import { StorePurchases } from './purchases.ts';
import { seedStoreItems } from './seed.ts';
import { seedWallets } from './seed-wallets.ts';
import { SponsorService } from './sponsor.ts';
import { WalletService } from './wallets.ts';

export type { GrantService } from './grants.ts';

export interface StorePlugin {
  /** Coins: credit and debit for every plugin (rewards, purchases), idempotent per reference. */
  coins: CoinLedger;
  /** Perks and ranks held because of a purchase, a subscription, an objective or a sponsor payment. */
  grants: GrantService;
  /** The hourly reward: the route, /hourly and the bot's /hourly. */
  hourly: HourlyService;
  /** A user's wallet as profiles show it; a user manager's adjustment. */
  wallets: WalletService;
  /** The sponsor token (`nitroPayToken`) and the ad network's payment callback. */
  sponsor: SponsorService;
  /** What the store sells; managed from the store screen. */
  items: StoreItems;
  /** Buying and gifting; custom rewards staff fulfil. */
  purchases: StorePurchases;
  /** Ends timed grants; runs while the web server runs. */
  sweeper: GrantSweeper;
}

/** A purchase's grant is named after the item bought (as it was named then). */
const purchaseNames: GrantSourceNamer = async (em, ids) => {
  const purchases = await em.find(StorePurchaseSchema, { id: { $in: [...ids] } }, { fields: ['id', 'itemName'] });
  return new Map(purchases.map((purchase) => [purchase.id, purchase.itemName]));
};

/** The money side inside the diner: coins and their ledger, grants, the hourly reward, sponsors, items and purchases (docs/store.md). */
/** The plugins whose services store uses, its commands too (commands/define.ts). */
export const requires = [settings, users] as const;

/** The store's variables (validated at start with core's, core/config.ts). */
const storeConfig = definePluginConfig({
  env: {
    /** How often the store ends timed grants whose time ran out; 0 turns it off (tests sweep by hand). */
    STORE_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
    /** Store purchases one user may make per minute (in memory, per process); 0: no limit (the bench). */
    STORE_PURCHASES_PER_MINUTE: z.coerce.number().int().min(0).default(20),
    /**
     * Sponsor payments through the ad network (docs/store.md "Sponsors"): the secret it signs its payment callbacks
     * with (HMAC-SHA256). Unset, or no ad network: no sponsor offer, `nitroPayToken` is null.
     */
    AD_SPONSOR_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  },
  of: (e, core) => ({
    sweepIntervalMs: e.STORE_SWEEP_INTERVAL_MS,
    purchasesPerMinute: e.STORE_PURCHASES_PER_MINUTE,
    /** The key of the ad network's signed sponsor-payment callbacks; null without ads or unset. */
    sponsorSecret: core.ads ? (e.AD_SPONSOR_SECRET ?? null) : null,
  }),
});
declare module '../../core/config.ts' {
  interface PluginConfigs {
    store: ReturnType<typeof storeConfig.of>;
  }
}

/** The audit actions this plugin's writes record, with the audit log's labels (core/audit). */
const audit = {
  actions: {
    'user.coins': "Adjusted someone's coins",
    'settings.store.create': 'Added a store item',
    'settings.store.update': 'Edited a store item',
    'settings.store.restock': 'Restocked a store item',
    'settings.store.delete': 'Deleted a store item',
    'settings.store.fulfil': 'Fulfilled a store purchase',
  },
  targetTypes: ['storeItem', 'storePurchase'],
} as const;
declare module '../../core/audit/schemas.ts' {
  interface AuditActions extends Record<keyof typeof audit.actions, true> {}
  interface AuditTargetTypes extends Record<(typeof audit.targetTypes)[number], true> {}
}

export default definePlugin({
  audit,
  name: 'store',
  i18n: storeCatalogue,
  personalData: () => storePersonalData,
  config: storeConfig,
  requires,
  entities: storeEntities,
  migrations,
  service: (ctx): StorePlugin => {
    const coins = new CoinLedger(ctx);
    const grants = new GrantService(ctx);
    const settings = ctx.services.settings;
    const sponsor = new SponsorService({ ...ctx, coins, settings });
    // `nitroPayToken` in GET /api/v3/users/@me, what grants hold in the user manager's view, and the ranks grants
    // hold when a rank is given or taken by hand: the users plugin asks us, without importing this plugin.
    const users = ctx.services.users;
    users.users.issuePaymentTokensWith((userId) => sponsor.tokenFor(userId)?.token ?? null);
    users.grantHolds.register(grants);
    grants.nameSourcesWith('purchase', purchaseNames);
    return {
      coins,
      grants,
      hourly: new HourlyService({ ...ctx, coins, settings }),
      wallets: new WalletService({ ...ctx, coins }),
      sponsor,
      items: new StoreItems(ctx),
      purchases: new StorePurchases({ ...ctx, coins, grants, blacklist: users.admin }),
      sweeper: new GrantSweeper(grants),
    };
  },
  routes(app, store, ctx) {
    coinsRoutes(app, store);
    storeItemsRoutes(app, store.items, store.purchases, ctx.config.plugins.store.purchasesPerMinute);
  },
  jobs: (store, ctx) => [
    {
      name: 'store.grants',
      intervalMs: ctx.config.plugins.store.sweepIntervalMs,
      metrics: {
        duration: 'vd_grant_sweep_duration_seconds',
        failures: 'vd_grant_sweep_failures_total',
        lag: 'vd_grant_sweep_lag_seconds',
      },
      run: () => store.sweeper.sweep(),
    },
  ],
  commands: [hourlyCommand],
  // Open to visitors, who read what is on offer and sign in to buy or claim.
  pages: {
    examples: [
      { path: '/store', opens: 'anonymous' },
      { path: '/hourly', opens: 'anonymous' },
    ],
  },
  async seed(store, ctx) {
    await seedWallets(ctx);
    await seedStoreItems(store, ctx);
  },
});
