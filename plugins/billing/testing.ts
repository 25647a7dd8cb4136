import type { AddressInfo } from 'node:net';
import { UserSchema } from '../../core/auth/entities.ts';
import { type StripeStandIn, startStripeStandIn } from '../../tests/stand-ins/stripe/server.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { ranksOfIn } from '../ranks/index.ts';
import { billingSql } from './sql.ts';

/** A test app whose Stripe is the stand-in, listening so the stand-in's webhooks reach it; a clock tests move. */
export interface BillingTestApp {
  app: TestApp;
  stripe: StripeStandIn;
  clock: { now: number };
  /** Domain events published, oldest first (clear with `events.length = 0`). */
  events: { event: string; payload: Record<string, unknown> }[];
  /** Casey: subscribes through Checkout (create → the stand-in's Pay) and waits for the webhooks; returns the subscription id. */
  subscribe(user: TestUser, plan?: string): Promise<string>;
  /** The user's own perks: given by hand, then held by grants (no ranks'). */
  perksOf(userId: string): Promise<string[]>;
  ranksOf(userId: string): Promise<string[]>;
  customerOf(userId: string): Promise<string>;
  close(): Promise<void>;
}

export async function startBillingTestApp(env: Record<string, string> = {}): Promise<BillingTestApp> {
  const stripe = await startStripeStandIn();
  const clock = { now: Date.now() };
  // A hung Stripe is given up after 3 s: long enough for ten re-reads at once on a busy machine.
  const app = await createTestApp({
    env: { ...stripe.env, STRIPE_TIMEOUT_MS: '3000', ORDER_SWEEP_INTERVAL_MS: '0', ...env },
    now: () => clock.now,
  });
  await app.server.app.listen({ port: 0, host: '127.0.0.1' });
  stripe.setWebhookUrl(`http://127.0.0.1:${(app.server.app.server.address() as AddressInfo).port}/api/stripe/webhook`);
  const events: BillingTestApp['events'] = [];
  for (const event of ['notice', 'identityChanged'] as const)
    app.server.ctx.events.on(event, (payload) => void events.push({ event, payload }));

  const customerOf = async (userId: string) => {
    const row = await billingSql(app.db.orm.em.fork())
      .selectFrom('stripe_customers')
      .select('customer_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw new Error(`no customer for ${userId}`);
    return row.customer_id;
  };
  return {
    app,
    stripe,
    clock,
    events,
    customerOf,
    async subscribe(user, plan = 'supporter') {
      const created = await app.inject({
        method: 'POST',
        url: '/api/client/stripe/subscriptions/create',
        headers: user.auth,
        payload: { subscriptionID: plan },
      });
      if (created.statusCode !== 200) throw new Error(`create answered ${created.statusCode}: ${created.body}`);
      const id = (created.json().checkoutURL as string).split('/').pop()!;
      const subscription = await stripe.pay(id);
      await stripe.idle();
      return subscription;
    },
    async perksOf(userId) {
      const user = await app.db.orm.em.fork().findOneOrFail(UserSchema, { id: userId });
      return [...new Set([...user.manualPerks, ...user.grantedPerks])];
    },
    async ranksOf(userId) {
      return (await ranksOfIn(app.db.orm.em.fork(), userId)).map((r) => r.name);
    },
    async close() {
      await stripe.close();
      await app.close();
    },
  };
}
