import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { lockRow } from '../../core/db/locks.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import type { EventBus } from '../../core/events.ts';
import { type TextInEveryLocale, textInEveryLocale } from '../../core/i18n/catalogue.ts';
import type { Locale } from '../../core/i18n/locales.ts';
import type {} from '../notifications/index.ts'; // the events it declares
import { rankNamedIn } from '../ranks/index.ts';
import type { GrantService } from '../store/index.ts';
import type { StripePlan } from './config.ts';
import { StripeCustomerSchema, type StripeSubscription, StripeSubscriptionSchema } from './entities.ts';
import { billingText } from './i18n/index.ts';
import { PAST_DUE_GRACE_DAYS, STRIPE_STATUSES, type StripeStatus, stateOf } from './schemas.ts';
import { billingSql } from './sql.ts';

/** The store's grant service (plugins/store/grants.ts): perks and ranks held because of a subscription. */
export type Grants = Pick<GrantService, 'grantIn' | 'endIn'>;

export interface ConvergeDeps {
  orm: Orm;
  events: EventBus;
  grants: () => Grants;
  plans: readonly StripePlan[];
  now: () => number;
  log: FastifyBaseLogger;
}

type Notice = { userId: string; ref: string; kind: string; link: string | null } & TextInEveryLocale;

const GRACE_MS = PAST_DUE_GRACE_DAYS * 86_400_000;
const LINK = '/subscribe';

/** Stripe's status, or `incomplete` for one this code does not know (it grants nothing). */
function statusOf(status: string): StripeStatus {
  return (STRIPE_STATUSES as readonly string[]).includes(status) ? (status as StripeStatus) : 'incomplete';
}

/**
 * Brings one user's perks and rank in line with their subscriptions as Stripe lists them (read just before, outside
 * any transaction): the same list gives the same state whatever events came, in whatever order, however often.
 * Runs under the customer row's lock; a list read before the last one written is older news and writes nothing.
 * `event`: recorded in the same transaction; when it was already recorded, nothing happens ('duplicate').
 */
export async function converge(
  deps: ConvergeDeps,
  userId: string,
  subscriptions: readonly Stripe.Subscription[],
  readAt: Date,
  event: { id: string; type: string } | null,
): Promise<'handled' | 'duplicate'> {
  const notices: Notice[] = [];
  let identity = false;
  const outcome = await deps.orm.em.fork().transactional(async (em) => {
    if (event) {
      const rows = await billingSql(em)
        .insertInto('stripe_events')
        .values({ id: event.id, type: event.type, received_at: new Date(deps.now()) })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .execute();
      if (rows.length === 0) return 'duplicate' as const;
    }
    await lockRow(em, StripeCustomerSchema, userId);
    const customer = await em.findOneOrFail(StripeCustomerSchema, { user: userId }, { refresh: true });
    if (customer.syncedAt && customer.syncedAt > readAt) return 'handled' as const;
    customer.syncedAt = readAt;
    for (const sub of subscriptions) {
      const changed = await convergeOne(deps, em, userId, customer.customerId, sub, notices);
      identity ||= changed;
    }
    identity = (await expireGraceIn(deps, em, userId)) || identity;
    await em.flush();
    return 'handled' as const;
  });
  if (outcome === 'handled') after(deps, userId, notices, identity);
  return outcome;
}

/** Ends the perks of past-due subscriptions whose grace has run out (no event comes for that: it is read lazily). */
export async function expireGrace(deps: ConvergeDeps, userId: string): Promise<void> {
  const identity = await deps.orm.em.fork().transactional(async (em) => {
    if (!(await lockRow(em, StripeCustomerSchema, userId))) return false;
    const changed = await expireGraceIn(deps, em, userId);
    await em.flush();
    return changed;
  });
  after(deps, userId, [], identity);
}

/**
 * Ends the perks of every past-due subscription whose grace has run out, user by user (the store's sweeper calls
 * it, so a lapsed subscriber loses the perks on time even if nobody opens their subscriptions). Answers how many
 * users it looked at.
 */
export async function expireAllGrace(deps: ConvergeDeps): Promise<number> {
  const cutoff = new Date(deps.now() - GRACE_MS);
  const rows = await billingSql(deps.orm.em.fork())
    .selectFrom('stripe_subscriptions')
    .select('user_id')
    .distinct()
    .where('status', '=', 'past_due')
    .where('granting', '=', true)
    .where('past_due_since', '<=', cutoff)
    .execute();
  for (const { user_id } of rows) await expireGrace(deps, user_id);
  return rows.length;
}

async function expireGraceIn(deps: ConvergeDeps, em: Em, userId: string): Promise<boolean> {
  const cutoff = new Date(deps.now() - GRACE_MS);
  const lapsed = await em.find(StripeSubscriptionSchema, {
    user: userId,
    status: 'past_due',
    granting: true,
    pastDueSince: { $lte: cutoff },
  });
  let changed = false;
  for (const row of lapsed) {
    row.granting = false;
    changed = (await deps.grants().endIn(em, { userId, source: 'subscription', sourceRef: row.id })) || changed;
    await em.flush();
  }
  return changed;
}

function after(deps: ConvergeDeps, userId: string, notices: Notice[], identity: boolean): void {
  if (identity) deps.events.publish('identityChanged', { userId });
  for (const notice of notices) deps.events.publish('notice', notice);
}

async function convergeOne(
  deps: ConvergeDeps,
  em: Em,
  userId: string,
  customerId: string,
  sub: Stripe.Subscription,
  notices: Notice[],
): Promise<boolean> {
  const item = sub.items.data[0];
  if (!item) return false;
  const stored = await storeSubscription(deps, em, userId, customerId, sub, item);
  const changed = await applyGrants(deps, em, userId, sub.id, stored.granting ? stored.plan : null);
  notices.push(...noticesOf(userId, sub, item, stored));
  return changed;
}

interface StoredSubscription {
  plan: StripePlan | null;
  status: StripeSubscription['status'];
  granting: boolean;
  /** The row's status and granting before this change; null for a new subscription. */
  before: { status: StripeSubscription['status']; granting: boolean } | null;
}

/** Writes the subscription's row as Stripe has it now, and whether it grants its plan (active, trialing, in grace). */
async function storeSubscription(
  deps: ConvergeDeps,
  em: Em,
  userId: string,
  customerId: string,
  sub: Stripe.Subscription,
  item: Stripe.SubscriptionItem,
): Promise<StoredSubscription> {
  const now = new Date(deps.now());
  const plan = deps.plans.find((p) => p.priceId === item.price.id) ?? null;
  const status = statusOf(sub.status);
  const row: StripeSubscription | null = await em.findOne(StripeSubscriptionSchema, { id: sub.id }, { refresh: true });
  const before = row ? { status: row.status, granting: row.granting } : null;
  const pastDueSince = status === 'past_due' ? (row?.pastDueSince ?? now) : null;
  const granting =
    plan !== null &&
    (status === 'active' ||
      status === 'trialing' ||
      (status === 'past_due' && now.getTime() - pastDueSince!.getTime() < GRACE_MS));
  const values = {
    customerId,
    planId: plan?.id ?? null,
    priceId: item.price.id,
    status,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    currentPeriodEnd: new Date(item.current_period_end * 1000),
    pastDueSince,
    granting,
    updatedAt: now,
  };
  if (row) em.assign(row, values);
  else em.create(StripeSubscriptionSchema, { id: sub.id, user: userId, createdAt: now, ...values });
  return { plan, status, granting, before };
}

/** The plan's perks and rank granted while `plan` is given (null: the subscription's grants end). Answers whether any changed. */
async function applyGrants(
  deps: ConvergeDeps,
  em: Em,
  userId: string,
  subscriptionId: string,
  plan: StripePlan | null,
): Promise<boolean> {
  const grants = deps.grants();
  if (!plan) {
    const ended = await grants.endIn(em, { userId, source: 'subscription', sourceRef: subscriptionId });
    await em.flush();
    return ended;
  }
  let changed = false;
  // Each grant is flushed before the next: the grant service reads the user again (refresh) under its lock.
  const grant = async (kind: 'perk' | 'rank', value: string) => {
    const input = { userId, kind, value, source: 'subscription', sourceRef: subscriptionId, endsAt: null } as const;
    changed = (await grants.grantIn(em, input)) || changed;
    await em.flush();
  };
  for (const perk of plan.perks) await grant('perk', perk);
  if (plan.rank) {
    const rank = await rankNamedIn(em, plan.rank);
    if (rank) await grant('rank', rank.id);
    else
      deps.log.warn(
        { plan: plan.id, rank: plan.rank },
        'A plan names a rank that does not exist: the rank is not granted',
      );
  }
  return changed;
}

/** What the subscriber is told of this change: started, payment failed, ended (each once, by its ref). */
function noticesOf(
  userId: string,
  sub: Stripe.Subscription,
  item: Stripe.SubscriptionItem,
  { plan, status, granting, before }: StoredSubscription,
): Notice[] {
  const planIn = (locale: Locale) => ({ plan: plan?.name ?? billingText(locale)('notice.aSubscription') });
  const notices: Notice[] = [];
  if (granting && !before?.granting && status !== 'past_due') {
    notices.push({
      userId,
      ref: `subscription:${sub.id}:started`,
      kind: 'subscription.started',
      ...textInEveryLocale(billingText, 'notice.subscribed', planIn),
      link: LINK,
    });
  }
  if (status === 'past_due' && before?.status !== 'past_due') {
    notices.push({
      userId,
      ref: `subscription:${sub.id}:past-due:${item.current_period_end}`,
      kind: 'subscription.payment_failed',
      ...textInEveryLocale(billingText, 'notice.paymentFailed', (locale) => ({
        ...planIn(locale),
        days: PAST_DUE_GRACE_DAYS,
      })),
      link: LINK,
    });
  }
  const state = stateOf(status, sub.cancel_at_period_end);
  if (state === 'cancelled' && before && stateOf(before.status, false) !== 'cancelled') {
    notices.push({
      userId,
      ref: `subscription:${sub.id}:ended`,
      kind: 'subscription.ended',
      ...textInEveryLocale(billingText, 'notice.ended', planIn),
      link: LINK,
    });
  }
  return notices;
}
