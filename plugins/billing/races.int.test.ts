import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appServices } from '../index.ts';
import { StripeEventSchema, StripeSubscriptionSchema } from './entities.ts';
import { type BillingTestApp, startBillingTestApp } from './testing.ts';

/**
 * Subscriptions under concurrency. PGlite runs one transaction at a time; on PostgreSQL (TEST_DATABASE_URL) these
 * race for real: one customer per user, and the event's primary key lets one delivery in.
 */
describe('billing under concurrency', () => {
  let t: BillingTestApp;
  beforeAll(async () => {
    t = await startBillingTestApp();
  });
  afterAll(() => t?.close());

  it('two clicks on subscribe at once: one customer, one open Checkout session for both', async () => {
    const user = await t.app.createUser();
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/client/stripe/subscriptions/create',
        headers: user.auth,
        payload: { subscriptionID: 'supporter' },
      });
    const both = await Promise.all([create(), create()]);
    const [url] = both.map((a) => a.json().checkoutURL as string);
    expect(url).toMatch(new RegExp(`^${t.stripe.url}/checkout/cs_test_`));
    expect(both.map((a) => a.json().checkoutURL)).toEqual([url, url]);
    const customer = await t.customerOf(user.id);
    expect(
      t.stripe
        .customers()
        .filter((c) => (c.metadata as { userId?: string }).userId === user.id)
        .map((c) => c.id),
    ).toEqual([customer]);
  });

  it('the same event delivered 10 times at once has one effect', async () => {
    const user = await t.app.createUser();
    t.events.length = 0;
    t.stripe.setDelivery({ hold: true });
    const from = t.stripe.events.length;
    await t.subscribe(user);
    const created = t.stripe.events.slice(from).find((e) => e.type === 'customer.subscription.created')!;
    const payload = JSON.stringify(created);
    const hook = `${t.app.server.app.listeningOrigin}/api/stripe/webhook`;
    const post = () =>
      fetch(hook, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': t.stripe.sign(payload) },
        body: payload,
      });
    const answers = await Promise.all(Array.from({ length: 10 }, post));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const bodies = await Promise.all(answers.map((a) => a.json() as Promise<{ duplicate?: boolean }>));
    expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1);
    expect(await t.app.db.orm.em.fork().count(StripeEventSchema, { id: created.id as string })).toBe(1);
    const rows = await t.app.db.orm.em.fork().find(StripeSubscriptionSchema, { user: user.id });
    expect(rows.map((r) => ({ status: r.status, cancel: r.cancelAtPeriodEnd, granting: r.granting }))).toEqual([
      { status: 'active', cancel: false, granting: true },
    ]);
    expect(await t.perksOf(user.id)).toEqual(['SUPPORTER']);
    expect(
      t.events.filter((e) => e.event === 'notice' && e.payload.userId === user.id).map((e) => e.payload.kind),
    ).toEqual(['subscription.started']);
    expect(t.events.filter((e) => e.event === 'identityChanged' && e.payload.userId === user.id)).toHaveLength(1);
    // One grant, read through the store's public API (its grants are its own table).
    expect(await appServices(t.app.server.ctx).store.grants.activeFor(user.id)).toHaveLength(1);
  });
});
