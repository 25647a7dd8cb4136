import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRank } from '../../tests/support/ranks.ts';
import { createTestApp } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { StripeCheckoutSessionSchema, StripeEventSchema } from './entities.ts';
import { PAST_DUE_GRACE_DAYS, PAYMENTS_NOT_SET_UP, STRIPE_OUTAGE } from './schemas.ts';
import { type BillingTestApp, startBillingTestApp } from './testing.ts';

const DAY = 86_400_000;

describe('billing: subscriptions through the Stripe stand-in', () => {
  let t: BillingTestApp;
  beforeAll(async () => {
    t = await startBillingTestApp();
    await createRank(t.app, { name: 'Patron', position: 7, permissions: 0 });
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    t.stripe.setOutage('none');
    t.stripe.setDelivery({});
    t.events.length = 0;
  });

  const me = async (auth: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/client/stripe/subscriptions/@me', headers: auth })).json()
      .subscriptions;

  it('lists the plans with what each gives', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/client/stripe/subscriptions' });
    expect(answer.statusCode).toBe(200);
    expect(
      answer
        .json()
        .subscriptions.map((p: { id: string; perks: string[]; rank: string | null }) => [p.id, p.perks, p.rank]),
    ).toEqual([
      ['supporter', ['SUPPORTER'], null],
      ['patron', ['SUPPORTER', 'PATRON'], 'Patron'],
    ]);
  });

  it("refuses in the reader's language: a portal without a billing account, in French; in English without the header", async () => {
    const user = await t.app.createUser();
    const portal = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url: '/api/client/stripe/billing-portal-url',
        headers: { ...user.auth, ...headers },
      });
    const french = await portal({ 'accept-language': 'fr' });
    expect(french.statusCode).toBe(404);
    expect(french.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Vous n’avez pas encore de compte de facturation : abonnez-vous d’abord à une formule.',
    });
    expect((await portal({})).json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'You have no billing account yet: subscribe to a plan first.',
    });
  });

  it('creates the customer once and hands out the same open session on a second click', async () => {
    const user = await t.app.createUser();
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/client/stripe/subscriptions/create',
        headers: user.auth,
        payload: { subscriptionID: 'supporter' },
      });
    const first = await create();
    expect(first.statusCode, first.body).toBe(200);
    const url = first.json().checkoutURL as string;
    expect(url).toMatch(new RegExp(`^${t.stripe.url}/checkout/cs_test_`));
    expect((await create()).json().checkoutURL).toBe(url);
    const customer = await t.customerOf(user.id);
    expect(
      t.stripe
        .customers()
        .filter((c) => (c.metadata as { userId?: string }).userId === user.id)
        .map((c) => c.id),
    ).toEqual([customer]);
    const session = t.stripe.checkoutSessions().find((s) => url.endsWith(s.id))!;
    expect(session).toMatchObject({ customer, client_reference_id: user.id, mode: 'subscription', status: 'open' });
    expect(session.success_url).toContain(`/subscribe?success=true&session_id=${session.id}`);
    // Once that session has expired, a new one.
    t.stripe.expireSession(session.id);
    const again = await create();
    expect(again.json().checkoutURL).not.toBe(url);
    expect(await t.app.db.orm.em.fork().count(StripeCheckoutSessionSchema, { user: user.id })).toBe(2);
  });

  it('refuses an unknown plan (404), a bad body (400, nothing written) and a second plan while subscribed (409)', async () => {
    const user = await t.app.createUser();
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/client/stripe/subscriptions/create',
      headers: user.auth,
      payload: { subscriptionID: 'gold' },
    });
    expect(unknown.statusCode).toBe(404);
    for (const payload of [
      {},
      { subscriptionID: '' },
      { subscriptionID: 5 },
      { subscriptionID: 'supporter', extra: 1 },
    ]) {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/client/stripe/subscriptions/create',
        headers: user.auth,
        payload,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(bad.json().issues).toBeDefined();
    }
    expect(t.stripe.customers().some((c) => (c.metadata as { userId?: string }).userId === user.id)).toBe(false);
    await t.subscribe(user);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/client/stripe/subscriptions/create',
      headers: user.auth,
      payload: { subscriptionID: 'patron' },
    });
    expect(second.statusCode).toBe(409);
  });

  it('a paid Checkout grants the plan after the webhooks; the user is told once; @me says active with the period end', async () => {
    const user = await t.app.createUser();
    const subId = await t.subscribe(user, 'patron');
    expect(await t.perksOf(user.id)).toEqual(['SUPPORTER', 'PATRON']);
    expect(await t.ranksOf(user.id)).toEqual(['Patron']);
    const [mine] = await me(user.auth);
    expect(mine).toMatchObject({ id: subId, planId: 'patron', planName: 'Patron', state: 'active', granting: true });
    expect(Date.parse(mine.currentPeriodEnd)).toBe(
      t.stripe.subscriptionsOf(await t.customerOf(user.id))[0]!.items.data[0]!.current_period_end * 1000,
    );
    const notices = t.events.filter((e) => e.event === 'notice' && e.payload.userId === user.id);
    expect(notices.map((n) => n.payload.kind)).toEqual(['subscription.started']);
    expect(t.events.some((e) => e.event === 'identityChanged' && e.payload.userId === user.id)).toBe(true);
    expect(t.stripe.deliveries.every((d) => d.status === 200)).toBe(true);
  });

  it('cancel at period end keeps the perks and says so; the end of the period takes them away and tells the user', async () => {
    const user = await t.app.createUser();
    const subId = await t.subscribe(user);
    await t.stripe.cancelAtPeriodEnd(subId);
    expect((await me(user.auth))[0]).toMatchObject({ state: 'cancelling', granting: true });
    expect(await t.perksOf(user.id)).toEqual(['SUPPORTER']);
    await t.stripe.endPeriod(subId);
    expect((await me(user.auth))[0]).toMatchObject({ state: 'cancelled', granting: false });
    expect(await t.perksOf(user.id)).toEqual([]);
    expect(
      t.events.filter((e) => e.event === 'notice' && e.payload.userId === user.id).map((n) => n.payload.kind),
    ).toEqual(['subscription.started', 'subscription.ended']);
  });

  it('a failed payment is past due: perks kept through the grace period, then gone; a renewal brings them back', async () => {
    const user = await t.app.createUser();
    const subId = await t.subscribe(user);
    await t.stripe.failPayment(subId);
    expect((await me(user.auth))[0]).toMatchObject({ state: 'past_due', granting: true });
    expect(await t.perksOf(user.id)).toEqual(['SUPPORTER']);
    expect(
      t.events.filter((e) => e.event === 'notice' && e.payload.userId === user.id).map((n) => n.payload.kind),
    ).toContain('subscription.payment_failed');
    t.clock.now += (PAST_DUE_GRACE_DAYS + 1) * DAY;
    try {
      expect((await me(user.auth))[0]).toMatchObject({ state: 'past_due', granting: false });
      expect(await t.perksOf(user.id)).toEqual([]);
      await t.stripe.renew(subId);
      expect((await me(user.auth))[0]).toMatchObject({ state: 'active', granting: true });
      expect(await t.perksOf(user.id)).toEqual(['SUPPORTER']);
    } finally {
      t.clock.now -= (PAST_DUE_GRACE_DAYS + 1) * DAY;
    }
  });

  it("the store's grant sweeper ends a lapsed grace without anyone opening the subscriptions", async () => {
    const user = await t.app.createUser();
    const subId = await t.subscribe(user);
    await t.stripe.failPayment(subId);
    await appServices(t.app.server.ctx).store.sweeper.sweep();
    expect(await t.perksOf(user.id)).toEqual(['SUPPORTER']);
    t.clock.now += (PAST_DUE_GRACE_DAYS + 1) * DAY;
    try {
      await appServices(t.app.server.ctx).store.sweeper.sweep();
      expect(await t.perksOf(user.id)).toEqual([]);
    } finally {
      t.clock.now -= (PAST_DUE_GRACE_DAYS + 1) * DAY;
    }
  });

  it("the billing portal URL is the stand-in portal for the user's customer; without a customer, 404", async () => {
    const user = await t.app.createUser();
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/client/stripe/billing-portal-url',
      headers: user.auth,
    });
    expect(none.statusCode).toBe(404);
    await t.subscribe(user);
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/client/stripe/billing-portal-url',
      headers: user.auth,
    });
    expect(answer.statusCode).toBe(200);
    const page = await (await fetch(answer.json().sessionURL)).text();
    expect(page).toContain('Cancel plan');
  });

  it("the success page's sync converges a user before any webhook arrives", async () => {
    const user = await t.app.createUser();
    t.stripe.setDelivery({ hold: true });
    const subId = await t.subscribe(user);
    expect(await me(user.auth)).toEqual([]);
    await appServices(t.app.server.ctx).billing.subscriptions.syncUser(user.id);
    expect((await me(user.auth))[0]).toMatchObject({ id: subId, state: 'active' });
    expect(await t.perksOf(user.id)).toEqual(['SUPPORTER']);
    t.stripe.setDelivery({});
    await t.stripe.releaseHeld();
    expect(await t.perksOf(user.id)).toEqual(['SUPPORTER']);
    expect(t.events.filter((e) => e.event === 'notice' && e.payload.userId === user.id)).toHaveLength(1);
  });

  describe('a Stripe outage', () => {
    for (const outage of ['500', 'refuse', 'hang'] as const) {
      it(`(${outage}) gives a clear 503 and leaves nothing half done`, async () => {
        const user = await t.app.createUser();
        t.stripe.setOutage(outage);
        const answer = await t.app.inject({
          method: 'POST',
          url: '/api/client/stripe/subscriptions/create',
          headers: user.auth,
          payload: { subscriptionID: 'supporter' },
        });
        expect(answer.statusCode).toBe(503);
        expect(answer.json().message).toBe(STRIPE_OUTAGE);
        const em = t.app.db.orm.em.fork();
        const customers = await em
          .getConnection()
          .execute('select 1 from stripe_customers where user_id = ?', [user.id]);
        expect(customers).toEqual([]);
        expect(await em.count(StripeCheckoutSessionSchema, { user: user.id })).toBe(0);
      });
    }

    it('a webhook that cannot re-read Stripe answers 503 and records nothing, so Stripe retries it', async () => {
      const user = await t.app.createUser();
      t.stripe.setDelivery({ hold: true });
      await t.subscribe(user);
      t.stripe.setOutage('500');
      t.stripe.setDelivery({});
      const before = t.stripe.deliveries.length;
      await t.stripe.releaseHeld();
      const answered = t.stripe.deliveries.slice(before);
      expect(answered.map((d) => d.status)).toEqual([503, 503, 503]);
      expect(
        await t.app.db.orm.em.fork().count(StripeEventSchema, { id: { $in: answered.map((d) => d.eventId) } }),
      ).toBe(0);
      expect(await t.perksOf(user.id)).toEqual([]);
      t.stripe.setOutage('none');
      for (const d of answered) expect(await t.stripe.resend(d.eventId)).toBe(200);
      expect(await t.perksOf(user.id)).toEqual(['SUPPORTER']);
    });
  });
});

describe('billing without Stripe configured', () => {
  it('every Stripe route answers 503 "not set up"; the webhook too', async () => {
    const app = await createTestApp();
    try {
      const user = await app.createUser();
      const calls = [
        { method: 'GET' as const, url: '/api/client/stripe/subscriptions' },
        {
          method: 'POST' as const,
          url: '/api/client/stripe/subscriptions/create',
          payload: { subscriptionID: 'supporter' },
        },
        { method: 'GET' as const, url: '/api/client/stripe/subscriptions/@me' },
        { method: 'GET' as const, url: '/api/client/stripe/billing-portal-url' },
        {
          method: 'POST' as const,
          url: '/api/stripe/webhook',
          payload: '{}',
          headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        },
      ];
      for (const call of calls) {
        const answer = await app.inject({ ...call, headers: { ...user.auth, ...call.headers } });
        expect(answer.statusCode, call.url).toBe(503);
        expect(answer.json()).toMatchObject({ statusCode: 503, message: PAYMENTS_NOT_SET_UP });
      }
      expect(appServices(app.server.ctx).billing.subscriptions.plans()).toHaveLength(2);
    } finally {
      await app.close();
    }
  });
});
