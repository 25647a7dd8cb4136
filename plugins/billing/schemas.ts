import { z } from 'zod';
import { text } from '../../core/shared/text.ts';

/**
 * The subscriptions contract (specification §7 "Settings, store, subscriptions"), shared by the API, the service
 * and the site. Plans come from configuration (STRIPE_PLANS); Stripe is the authority on a subscription's state.
 */

/** Stripe's subscription statuses, as stored (docs.stripe.com/api/subscriptions/object#subscription_object-status). */
export const STRIPE_STATUSES = [
  'active',
  'past_due',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'trialing',
  'unpaid',
  'paused',
] as const;
export type StripeStatus = (typeof STRIPE_STATUSES)[number];

/** What a user reads about their subscription. */
export const SUBSCRIPTION_STATES = ['active', 'past_due', 'cancelling', 'cancelled', 'incomplete'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];
export const SUBSCRIPTION_STATE_LABELS: Record<SubscriptionState, string> = {
  active: 'Active',
  past_due: 'Past due',
  cancelling: 'Cancelling at period end',
  cancelled: 'Cancelled',
  incomplete: 'Incomplete',
};

/** A past-due subscription keeps its perks this long after the first failed payment (docs/billing.md). */
export const PAST_DUE_GRACE_DAYS = 7;

export const PAYMENTS_NOT_SET_UP = 'Payments are not set up on this site yet.';
export const STRIPE_OUTAGE =
  'Payments are not answering right now. Nothing was charged and nothing changed: please try again in a few minutes.';

/** POST /api/client/stripe/subscriptions/create: the plan's id (specification: `subscriptionID`). */
export const CreateSubscriptionBodySchema = z.strictObject({
  subscriptionID: text().min(1, 'Choose a plan.').max(40),
});
export type CreateSubscriptionInput = z.infer<typeof CreateSubscriptionBodySchema>;

/** The success page's `?session_id=` (Stripe's `{CHECKOUT_SESSION_ID}`), optional. */
export const SessionQuerySchema = z.strictObject({ session_id: text().max(255).optional() });

export interface PlanView {
  id: string;
  name: string;
  monthlyPrice: string;
  description: string;
  perks: string[];
  rank: string | null;
}

export interface MySubscriptionView {
  id: string;
  planId: string | null;
  planName: string;
  state: SubscriptionState;
  /** The current period's end (ISO): when it renews, or ends if cancelling. */
  currentPeriodEnd: string;
  /** Whether the plan's perks and rank are held now. */
  granting: boolean;
}

export interface PlansResponse {
  subscriptions: PlanView[];
}
export interface MySubscriptionsResponse {
  subscriptions: MySubscriptionView[];
}

/** A subscription's state in the user's words, from Stripe's status and its cancel_at_period_end. */
export function stateOf(status: StripeStatus, cancelAtPeriodEnd: boolean): SubscriptionState {
  if (status === 'canceled' || status === 'incomplete_expired' || status === 'unpaid') return 'cancelled';
  if (status === 'incomplete' || status === 'paused') return 'incomplete';
  if (cancelAtPeriodEnd) return 'cancelling';
  return status === 'past_due' ? 'past_due' : 'active';
}
