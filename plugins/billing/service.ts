import type Stripe from 'stripe';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import type { Em } from '../../core/db/orm.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import type { StripePlan } from './config.ts';
import { type ConvergeDeps, converge, expireAllGrace, expireGrace, type Grants } from './converge.ts';
import { StripeCheckoutSessionSchema, StripeCustomerSchema, StripeSubscriptionSchema } from './entities.ts';
import { billingText } from './i18n/index.ts';
import { cancelEverySubscription } from './personal-data.ts';
import { type MySubscriptionView, type PlanView, stateOf, type WebhookAnswer } from './schemas.ts';
import { billingSql } from './sql.ts';
import { callStripe, notSetUp, stripeClient } from './stripe.ts';
import { readStripeEvent, signedAt } from './stripe-events.ts';

/** Stripe's shortest Checkout Session life; a stored session this close to its end is not handed out again. */
const SESSION_LIFE_S = 30 * 60;
const SESSION_REUSE_MARGIN_MS = 2 * 60_000;
/** A signature dated further from now than this, before or ahead, is refused (constructEvent's tolerance, both ways). */
const SIGNATURE_TOLERANCE_S = 300;

/** The webhook's 200: `ignored` for an event it need not act on, `duplicate` for one already handled. */
/** Who subscribes: what Stripe's customer is named after. */
export type Subscriber = Pick<CurrentUser, 'id' | 'username' | 'displayName'>;

export interface BillingDeps extends Pick<ServiceKernel, 'orm' | 'events' | 'config' | 'now' | 'log'> {
  grants: () => Grants;
}

/**
 * Subscriptions through Stripe (issue 13; docs/billing.md). Checkout and the billing portal are Stripe's pages;
 * what a user holds is converged from Stripe's own list of their subscriptions (converge.ts), on every webhook and
 * when they land back from Checkout.
 */
export class BillingService {
  readonly #deps: BillingDeps;
  /** The SDK, loading; null when payments are not set up. */
  readonly #stripe: Promise<Stripe> | null;
  readonly #converge: ConvergeDeps;
  /** One Subscribe at a time per user in this process: a double click gets the session the first click made. */
  readonly #inFlight = new Map<string, Promise<string>>();

  constructor(deps: BillingDeps) {
    this.#deps = deps;
    this.#stripe = stripeClient(deps.config);
    this.#converge = {
      orm: deps.orm,
      events: deps.events,
      grants: deps.grants,
      plans: deps.config.plugins.billing.plans,
      now: deps.now,
      log: deps.log,
    };
  }

  get configured(): boolean {
    return this.#stripe !== null;
  }

  plans(): PlanView[] {
    return this.#deps.config.plugins.billing.plans.map((p) => ({
      id: p.id,
      name: p.name,
      monthlyPrice: p.monthlyPrice,
      description: p.description,
      perks: [...p.perks],
      rank: p.rank,
    }));
  }

  /** GET /api/client/stripe/subscriptions. */
  listPlans(): PlanView[] {
    this.#assertConfigured();
    return this.plans();
  }

  /** POST /api/client/stripe/subscriptions/create: a Checkout Session's URL (the open one if there is one). */
  async checkout(user: Subscriber, planId: string): Promise<string> {
    const stripe = await this.#client();
    const plan = this.#deps.config.plugins.billing.plans.find((p) => p.id === planId);
    if (!plan) throw localizedError(billingText, 'not_found', 'refusal.noSuchPlan');
    const running = this.#inFlight.get(user.id);
    if (running) {
      await running.catch(() => undefined);
    }
    const work = this.#checkout(stripe, user, plan);
    this.#inFlight.set(user.id, work);
    try {
      return await work;
    } finally {
      if (this.#inFlight.get(user.id) === work) this.#inFlight.delete(user.id);
    }
  }

  async #checkout(stripe: Stripe, user: Subscriber, plan: StripePlan): Promise<string> {
    const em = this.#deps.orm.em.fork();
    const live = await em.count(StripeSubscriptionSchema, {
      user: user.id,
      status: { $in: ['active', 'past_due', 'trialing'] },
    });
    if (live > 0) throw localizedError(billingText, 'conflict', 'refusal.alreadySubscribed');
    const customerId = await this.#customerOf(stripe, user);
    const last = await em.findOne(
      StripeCheckoutSessionSchema,
      { user: user.id, planId: plan.id },
      { orderBy: { createdAt: 'desc' } },
    );
    if (last && last.expiresAt.getTime() > this.#deps.now() + SESSION_REUSE_MARGIN_MS) {
      const open = await callStripe(this.#deps.log, 'checkout.sessions.retrieve', () =>
        stripe.checkout.sessions.retrieve(last.id),
      );
      if (open.status === 'open' && open.url) return open.url;
    }
    const base = this.#deps.config.publicUrl;
    const session = await callStripe(this.#deps.log, 'checkout.sessions.create', () =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: user.id,
        line_items: [{ price: plan.priceId, quantity: 1 }],
        success_url: `${base}/subscribe?success=true&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${base}/subscribe?cancelled=true`,
        expires_at: Math.floor(this.#deps.now() / 1000) + SESSION_LIFE_S,
        metadata: { userId: user.id, planId: plan.id },
        subscription_data: { metadata: { userId: user.id, planId: plan.id } },
      }),
    );
    if (!session.url) throw localizedError(billingText, 'unavailable', 'refusal.noCheckoutPage');
    em.create(StripeCheckoutSessionSchema, {
      id: session.id,
      user: user.id,
      planId: plan.id,
      url: session.url,
      expiresAt: new Date(session.expires_at * 1000),
      createdAt: new Date(this.#deps.now()),
    });
    await em.flush();
    return session.url;
  }

  /** The user's Stripe customer: created at Stripe once (its idempotency key is the user), then kept. */
  async #customerOf(stripe: Stripe, user: Subscriber): Promise<string> {
    const em = this.#deps.orm.em.fork();
    const known = await em.findOne(StripeCustomerSchema, { user: user.id });
    if (known) return known.customerId;
    const customer = await callStripe(this.#deps.log, 'customers.create', () =>
      stripe.customers.create(
        { name: user.displayName || user.username, metadata: { userId: user.id } },
        { idempotencyKey: `vd-customer-${user.id}` },
      ),
    );
    await billingSql(em)
      .insertInto('stripe_customers')
      .values({ user_id: user.id, customer_id: customer.id, created_at: new Date(this.#deps.now()) })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .execute();
    const kept = await em.fork().findOneOrFail(StripeCustomerSchema, { user: user.id });
    return kept.customerId;
  }

  /** GET /api/client/stripe/billing-portal-url. */
  async portalUrl(user: Subscriber): Promise<string> {
    const stripe = await this.#client();
    const customer = await this.#deps.orm.em.fork().findOne(StripeCustomerSchema, { user: user.id });
    if (!customer) throw localizedError(billingText, 'not_found', 'refusal.noBillingAccount');
    const session = await callStripe(this.#deps.log, 'billingPortal.sessions.create', () =>
      stripe.billingPortal.sessions.create({
        customer: customer.customerId,
        return_url: `${this.#deps.config.publicUrl}/subscribe`,
      }),
    );
    return session.url;
  }

  /** GET /api/client/stripe/subscriptions/@me: newest first, as last converged. */
  async mine(userId: string): Promise<MySubscriptionView[]> {
    this.#assertConfigured();
    return this.subscriptionsOf(userId);
  }

  /** A user deletes their account: every live subscription is cancelled at Stripe first (personal-data.ts). */
  async cancelAllFor(userId: string): Promise<number> {
    return cancelEverySubscription(this.#deps, this.#stripe ? await this.#stripe : null, userId);
  }

  /** Ends every lapsed grace (the store's grant sweeper runs it with the timed grants); answers how many users it looked at. */
  sweepGrace(): Promise<number> {
    return expireAllGrace(this.#converge);
  }

  /** What the user's subscriptions are (no Stripe call; the page uses it even when payments are not set up). */
  async subscriptionsOf(userId: string): Promise<MySubscriptionView[]> {
    await expireGrace(this.#converge, userId);
    const rows = await this.#deps.orm.em
      .fork()
      .find(StripeSubscriptionSchema, { user: userId }, { orderBy: { createdAt: 'desc' } });
    const plans = this.#deps.config.plugins.billing.plans;
    return rows.map((row) => ({
      id: row.id,
      planId: row.planId ?? null,
      planName: plans.find((p) => p.id === row.planId)?.name ?? 'Unknown plan',
      state: stateOf(row.status, row.cancelAtPeriodEnd),
      currentPeriodEnd: row.currentPeriodEnd.toISOString(),
      granting: row.granting,
    }));
  }

  /** The plans' names of these subscriptions, by subscription id (as configured now; one of no known plan has none). */
  async planNamesOf(em: Em, subscriptionIds: readonly string[]): Promise<Map<string, string>> {
    const rows = await em.find(
      StripeSubscriptionSchema,
      { id: { $in: [...subscriptionIds] } },
      { fields: ['id', 'planId'] },
    );
    const names = new Map<string, string>();
    for (const row of rows) {
      const plan = this.#deps.config.plugins.billing.plans.find((p) => p.id === row.planId);
      if (plan) names.set(row.id, plan.name);
    }
    return names;
  }

  /** The success page: converge the user now, so one who lands before the webhook sees their plan. */
  async syncUser(userId: string): Promise<void> {
    const stripe = await this.#client();
    const customer = await this.#deps.orm.em.fork().findOne(StripeCustomerSchema, { user: userId });
    if (customer) await this.#sync(stripe, userId, customer.customerId, null);
  }

  /**
   * POST /api/stripe/webhook: the raw body, verified with the SDK. A bad or missing signature, or one dated more than
   * 300 s before or after now, is a 400 and changes nothing; so is a body that is not an event of the shape read
   * (stripe-events.ts). The event only says whose subscriptions to read again.
   */
  async webhook(raw: Buffer, signature: string | undefined): Promise<WebhookAnswer> {
    const stripe = await this.#client();
    if (!signature) throw localizedError(billingText, 'bad_request', 'refusal.missingSignature');
    let json: unknown;
    try {
      json = stripe.webhooks.constructEvent(
        raw,
        signature,
        this.#deps.config.plugins.billing.webhookSecret!,
        SIGNATURE_TOLERANCE_S,
      );
    } catch (error) {
      throw localizedError(
        billingText,
        'bad_request',
        error instanceof SyntaxError ? 'refusal.notJson' : 'refusal.badSignature',
      );
    }
    // The SDK's clock, Date.now(), for the bound ahead too: both bounds are about the delivery, not the diner's time.
    if (signedAt(signature) > Date.now() / 1000 + SIGNATURE_TOLERANCE_S)
      throw localizedError(billingText, 'bad_request', 'refusal.badSignature');
    const event = readStripeEvent(json);
    if (!event) return { received: true, ignored: true };
    const customer = await this.#deps.orm.em.fork().findOne(StripeCustomerSchema, { customerId: event.customerId });
    if (!customer) {
      this.#deps.log.warn(
        { event: event.id, customer: event.customerId },
        'A Stripe event for a customer this site did not create: ignored',
      );
      return { received: true, ignored: true };
    }
    const outcome = await this.#sync(stripe, customer.user.id, event.customerId, { id: event.id, type: event.type });
    return outcome === 'duplicate' ? { received: true, duplicate: true } : { received: true };
  }

  async #sync(stripe: Stripe, userId: string, customerId: string, event: { id: string; type: string } | null) {
    const readAt = new Date(this.#deps.now());
    const list = await callStripe(this.#deps.log, 'subscriptions.list', () =>
      stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }),
    );
    return converge(this.#converge, userId, list.data, readAt, event);
  }

  #assertConfigured(): void {
    if (!this.#stripe) throw notSetUp();
  }

  #client(): Promise<Stripe> {
    if (!this.#stripe) throw notSetUp();
    return this.#stripe;
  }
}
