import { definePlugin } from '../../core/plugin.ts';
import ranks from '../ranks/index.ts';
import store from '../store/index.ts';
import { billingRoutes } from './api.ts';
import { billingConfig } from './config.ts';
import {
  StripeCheckoutSessionSchema,
  StripeCustomerSchema,
  StripeEventSchema,
  StripeSubscriptionSchema,
} from './entities.ts';
import { billingCatalogue } from './i18n/index.ts';
import { migrations } from './migrations/index.ts';
import { billingPersonalData } from './personal-data.ts';
import { seedBilling } from './seed.ts';
import { BillingService } from './service.ts';

export { type BillingConfig, DEMO_STRIPE_PLANS, type StripePlan } from './config.ts';

export interface BillingPlugin {
  /** Plans, Checkout, the billing portal, and subscriptions converged from Stripe. */
  subscriptions: BillingService;
}

/** Subscriptions through Stripe (docs/billing.md). Without STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: "not set up". */
export default definePlugin({
  i18n: billingCatalogue,
  config: billingConfig,
  name: 'billing',
  requires: [ranks, store],
  entities: [StripeCustomerSchema, StripeSubscriptionSchema, StripeCheckoutSessionSchema, StripeEventSchema],
  migrations,
  service: (ctx): BillingPlugin => {
    const subscriptions = new BillingService({
      ...ctx,
      // The store plugin comes before this one (plugins/index.ts) and owns what perks and ranks a user holds.
      grants: () => ctx.services.store.grants,
    });
    const store = ctx.services.store;
    // A past-due subscription's grace ends without an event from Stripe: the store's grant sweeper ends it on time.
    store.sweeper.also(() => subscriptions.sweepGrace());
    // A plan's perks are named after the plan in the user manager's view.
    store.grants.nameSourcesWith('subscription', (em, ids) => subscriptions.planNamesOf(em, ids));
    return { subscriptions };
  },
  routes(app, plugin) {
    billingRoutes(app, plugin.subscriptions);
  },
  personalData: (plugin) => billingPersonalData((userId) => plugin.subscriptions.cancelAllFor(userId)),
  pages: { examples: [{ path: '/subscribe', opens: 'anonymous' }] },
  seed: (plugin, ctx) => seedBilling(plugin.subscriptions, ctx, ctx.services.ranks),
});
