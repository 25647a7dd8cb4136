import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UserSchema } from '../../core/auth/entities.ts';
import { StripeCustomerSchema, StripeSubscriptionSchema } from './entities.ts';
import { CANCEL_REFUSED } from './personal-data.ts';
import { type BillingTestApp, startBillingTestApp } from './testing.ts';

/**
 * Deleting an account (issue 44, docs/my-data.md): its subscriptions are cancelled at Stripe first, through this
 * plugin's `beforeErase`; when Stripe cannot cancel, the deletion is refused and nothing changes.
 */
describe('billing: an account deleted with a live subscription', () => {
  let t: BillingTestApp;
  beforeAll(async () => {
    t = await startBillingTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    t.stripe.setOutage('none');
    t.stripe.setDelivery({});
  });

  const remove = async (auth: Record<string, string>, id: string) => {
    const { username } = await t.app.db.orm.em.fork().findOneOrFail(UserSchema, { id });
    return t.app.inject({ method: 'DELETE', url: '/api/client/users/@me', headers: auth, payload: { username } });
  };

  it('refuses with 503 and changes nothing when Stripe does not answer', async () => {
    const user = await t.app.createUser();
    const subscription = await t.subscribe(user);
    t.stripe.setOutage('500');
    const answer = await remove(user.auth, user.id);
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ statusCode: 503, message: CANCEL_REFUSED });
    t.stripe.setOutage('none');
    expect(await t.app.db.orm.em.fork().count(UserSchema, { id: user.id })).toBe(1);
    expect(t.stripe.subscriptionsOf(await t.customerOf(user.id)).map((s) => [s.id, s.status])).toEqual([
      [subscription, 'active'],
    ]);
    const me = await t.app.inject({ method: 'GET', url: '/api/v3/users/@me', headers: user.auth });
    expect(me.statusCode).toBe(200);
  });

  it('cancels every live subscription at Stripe, then keeps the payment records under the pseudonym', async () => {
    const user = await t.app.createUser();
    const subscription = await t.subscribe(user);
    const customer = await t.customerOf(user.id);
    const answer = await remove(user.auth, user.id);
    expect(answer.statusCode, answer.body).toBe(204);
    expect(t.stripe.subscriptionsOf(customer).map((s) => [s.id, s.status])).toEqual([[subscription, 'canceled']]);
    await t.stripe.idle();
    const em = t.app.db.orm.em.fork();
    expect(await em.count(UserSchema, { id: user.id })).toBe(0);
    const kept = await em.findOneOrFail(StripeCustomerSchema, { customerId: customer });
    expect(kept.user.id).not.toBe(user.id);
    expect(await em.count(StripeSubscriptionSchema, { user: kept.user.id })).toBe(1);
    expect(await t.perksOf(kept.user.id)).toEqual([]);
  });
});
