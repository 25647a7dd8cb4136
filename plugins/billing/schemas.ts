import { z } from 'zod';
import { AnswerMomentSchema } from '../../core/shared/moments.ts';
import { schemaWords } from '../../core/shared/schema-words.ts';
import { text } from '../../core/shared/text.ts';
import type { billingCatalogue } from './i18n/index.ts';

/** This plugin's schema messages, worded from its catalogue (`schema.*`) where the parse has a language. */
const said = schemaWords<typeof billingCatalogue>('billing');

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

/** A past-due subscription keeps its perks this long after the first failed payment (docs/billing.md). */
export const PAST_DUE_GRACE_DAYS = 7;

/**
 * The English of the catalogue's `refusal.paymentsNotSetUp` and `refusal.stripeOutage` (plugins/billing/i18n), written
 * out for the tests, so that an edit of the catalogue cannot change what the API says unseen.
 */
export const PAYMENTS_NOT_SET_UP = 'Payments are not set up on this site yet.';
export const STRIPE_OUTAGE =
  'Payments are not answering right now. Nothing was charged and nothing changed: please try again in a few minutes.';

/** POST /api/client/stripe/subscriptions/create: the plan's id (specification: `subscriptionID`). */
export const CreateSubscriptionBodySchema = z.strictObject({
  subscriptionID: text().min(1, said('schema.choosePlan', 'Choose a plan.')).max(40),
});
export type CreateSubscriptionInput = z.infer<typeof CreateSubscriptionBodySchema>;

/** The success page's `?session_id=` (Stripe's `{CHECKOUT_SESSION_ID}`), optional. */
export const SessionQuerySchema = z.strictObject({ session_id: text().max(255).optional() });

/** A plan on sale (configured in STRIPE_PLANS). */
export const PlanViewSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  monthlyPrice: z.string(),
  description: z.string(),
  perks: z.array(z.string()),
  /** The rank the plan grants while it is held, or null. */
  rank: z.string().nullable(),
});
export type PlanView = z.output<typeof PlanViewSchema>;

export const MySubscriptionViewSchema = z.strictObject({
  id: z.string(),
  planId: z.string().nullable(),
  planName: z.string(),
  state: z.enum(SUBSCRIPTION_STATES),
  /** The current period's end (ISO): when it renews, or ends if cancelling. */
  currentPeriodEnd: AnswerMomentSchema,
  /** Whether the plan's perks and rank are held now. */
  granting: z.boolean(),
});
export type MySubscriptionView = z.output<typeof MySubscriptionViewSchema>;

/** GET /api/client/stripe/subscriptions: the plans on sale. */
export const PlansResponseSchema = z.strictObject({ subscriptions: z.array(PlanViewSchema) });
export type PlansResponse = z.output<typeof PlansResponseSchema>;

/** GET /api/client/stripe/subscriptions/@me: the caller's subscriptions. */
export const MySubscriptionsResponseSchema = z.strictObject({ subscriptions: z.array(MySubscriptionViewSchema) });
export type MySubscriptionsResponse = z.output<typeof MySubscriptionsResponseSchema>;

/** POST /api/client/stripe/subscriptions/create: Stripe Checkout's page to send the caller to. */
export const CheckoutResponseSchema = z.strictObject({ checkoutURL: z.url() });

/** GET /api/client/stripe/billing-portal-url: Stripe's billing portal for the caller. */
export const BillingPortalResponseSchema = z.strictObject({ sessionURL: z.url() });

/** POST /api/stripe/webhook: the event was taken (or ignored, or seen before); Stripe only reads the status. */
export const WebhookAnswerSchema = z.strictObject({
  received: z.literal(true),
  ignored: z.literal(true).optional(),
  duplicate: z.literal(true).optional(),
});
export type WebhookAnswer = z.output<typeof WebhookAnswerSchema>;

/** A subscription's state in the user's words, from Stripe's status and its cancel_at_period_end. */
export function stateOf(status: StripeStatus, cancelAtPeriodEnd: boolean): SubscriptionState {
  if (status === 'canceled' || status === 'incomplete_expired' || status === 'unpaid') return 'cancelled';
  if (status === 'incomplete' || status === 'paused') return 'incomplete';
  if (cancelAtPeriodEnd) return 'cancelling';
  return status === 'past_due' ? 'past_due' : 'active';
}
