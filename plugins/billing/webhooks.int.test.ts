import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StripeEventSchema, StripeSubscriptionSchema } from './entities.ts';
import { type BillingTestApp, startBillingTestApp } from './testing.ts';

/**
 * The webhook: signatures, and events twice, out of order and late. Ten deliveries of one event at once:
 * races.int.test.ts.
 */
describe('billing webhooks', () => {
  let t: BillingTestApp;
  let hook: string;
  beforeAll(async () => {
    t = await startBillingTestApp();
    hook = `${t.app.server.app.listeningOrigin}/api/stripe/webhook`;
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    t.stripe.setDelivery({});
    t.events.length = 0;
  });

  const post = (body: string, signature?: string) =>
    fetch(hook, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      body,
    });
  const eventCount = () => t.app.db.orm.em.fork().count(StripeEventSchema, {});
  const state = async (userId: string) => {
    const rows = await t.app.db.orm.em.fork().find(StripeSubscriptionSchema, { user: userId });
    return rows.map((r) => ({ status: r.status, cancel: r.cancelAtPeriodEnd, granting: r.granting }));
  };
  const noticesOf = (userId: string) =>
    t.events.filter((e) => e.event === 'notice' && e.payload.userId === userId).map((e) => e.payload.kind);

  /** A paid subscription whose events are held (not delivered yet): the event objects, oldest first. */
  async function heldSubscription() {
    const user = await t.app.createUser();
    t.stripe.setDelivery({ hold: true });
    const from = t.stripe.events.length;
    const subId = await t.subscribe(user);
    return { user, subId, events: t.stripe.events.slice(from) };
  }

  describe('signatures', () => {
    it('a bad, old, tampered or missing signature is a 400 that changes nothing', async () => {
      const { user, events } = await heldSubscription();
      const payload = JSON.stringify(events[0]);
      const before = await eventCount();
      const now = Math.floor(Date.now() / 1000);
      const tampered = payload.replace('"livemode":false', '"livemode":true');
      expect(tampered).not.toBe(payload);
      const cases: [string, string | undefined][] = [
        [payload, t.stripe.sign(payload, { secret: 'whsec_not_ours' })],
        [payload, t.stripe.sign(payload, { timestamp: now - 301 })],
        // Dated ahead of now by more than the tolerance: refused as a stale one is.
        [payload, t.stripe.sign(payload, { timestamp: now + 600 })],
        [payload, t.stripe.sign(payload, { timestamp: now + 3600 })],
        [tampered, t.stripe.sign(payload)],
        [payload, 'not a signature'],
        [payload, undefined],
      ];
      for (const [body, signature] of cases) {
        const answer = await post(body, signature);
        expect(answer.status, signature).toBe(400);
        expect(await answer.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      }
      expect(await eventCount()).toBe(before);
      expect(await state(user.id)).toEqual([]);
      expect(await t.perksOf(user.id)).toEqual([]);
      // The same payload, signed now with the right secret, is taken.
      expect((await post(payload, t.stripe.sign(payload))).status).toBe(200);
      expect(await t.perksOf(user.id)).toEqual(['SUPPORTER']);
    });

    it('a signed event of a shape it does not expect is a 400 or an ignored 200, never a 500, and changes nothing', async () => {
      const refused = [
        { id: 'evt_x', type: 'customer.subscription.updated' },
        { id: 'evt_x', type: 'customer.subscription.deleted', data: null },
        { id: 'evt_x', type: 'invoice.paid', data: { object: null } },
        { id: 'evt_x', type: 'invoice.payment_failed', data: {} },
        { id: 'evt_x', type: 'checkout.session.completed', data: { object: { customer: 42 } } },
        { id: 'evt_x', type: 'customer.subscription.created', data: { object: { customer: { name: 'no id' } } } },
        { type: 'customer.subscription.updated', data: { object: { customer: 'cus_x' } } },
        { id: 7, type: 'customer.subscription.updated', data: { object: { customer: 'cus_x' } } },
        { id: 'evt_x', data: { object: { customer: 'cus_x' } } },
        {},
        [],
        null,
        'customer.subscription.updated',
      ];
      const before = await eventCount();
      for (const event of refused) {
        const payload = JSON.stringify(event);
        const answer = await post(payload, t.stripe.sign(payload));
        expect(answer.status, payload).toBe(400);
        expect(await answer.json(), payload).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      }
      const notJson = 'not json';
      expect((await post(notJson, t.stripe.sign(notJson))).status).toBe(400);
      // Shapes it need not read: a type it does not handle, whatever its data, and a handled one without a customer.
      const ignored = [
        { id: 'evt_y', type: 'customer.created' },
        { id: 'evt_y', type: 'customer.created', data: 'anything' },
        { id: 'evt_y', type: 'checkout.session.completed', data: { object: { id: 'cs_x', customer: null } } },
      ];
      for (const event of ignored) {
        const payload = JSON.stringify(event);
        const answer = await post(payload, t.stripe.sign(payload));
        expect(answer.status, payload).toBe(200);
        expect(await answer.json(), payload).toEqual({ received: true, ignored: true });
      }
      expect(await eventCount()).toBe(before);
    });

    it('an event type it does not handle is acknowledged and changes nothing', async () => {
      const payload = JSON.stringify({
        id: 'evt_other',
        object: 'event',
        type: 'customer.created',
        data: { object: { id: 'cus_x', object: 'customer' } },
      });
      const before = await eventCount();
      const answer = await post(payload, t.stripe.sign(payload));
      expect(answer.status).toBe(200);
      expect(await eventCount()).toBe(before);
    });
  });

  it('every event twice, as Stripe may: one notice, the same state', async () => {
    const user = await t.app.createUser();
    t.stripe.setDelivery({ times: 2 });
    const subId = await t.subscribe(user);
    await t.stripe.cancelAtPeriodEnd(subId);
    await t.stripe.endPeriod(subId);
    expect(await state(user.id)).toEqual([{ status: 'canceled', cancel: true, granting: false }]);
    expect(await t.perksOf(user.id)).toEqual([]);
    expect(noticesOf(user.id)).toEqual(['subscription.started', 'subscription.ended']);
  });

  it('events out of order converge on what Stripe says', async () => {
    const user = await t.app.createUser();
    t.stripe.setDelivery({ reverse: true });
    const subId = await t.subscribe(user);
    expect(await state(user.id)).toEqual([{ status: 'active', cancel: false, granting: true }]);
    t.stripe.setDelivery({ hold: true });
    await t.stripe.failPayment(subId);
    await t.stripe.renew(subId);
    await t.stripe.cancelAtPeriodEnd(subId);
    t.stripe.setDelivery({ reverse: true });
    await t.stripe.releaseHeld();
    expect(await state(user.id)).toEqual([{ status: 'active', cancel: true, granting: true }]);
    expect(await t.perksOf(user.id)).toEqual(['SUPPORTER']);
  });

  it('late events (the creation arriving after the end) leave the subscription ended', async () => {
    const { user, subId } = await heldSubscription();
    const held = t.stripe.events.length;
    // The end is delivered at once; the creation's events are still held.
    t.stripe.setDelivery({});
    await t.stripe.endPeriod(subId);
    expect(t.stripe.events.length).toBe(held + 1);
    expect(await state(user.id)).toEqual([{ status: 'canceled', cancel: false, granting: false }]);
    await t.stripe.releaseHeld();
    expect(await state(user.id)).toEqual([{ status: 'canceled', cancel: false, granting: false }]);
    expect(await t.perksOf(user.id)).toEqual([]);
    expect(noticesOf(user.id)).toEqual([]);
  });
});
