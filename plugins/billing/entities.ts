import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { UserSchema } from '../../core/auth/entities.ts';
import { STRIPE_STATUSES } from './schemas.ts';

/**
 * A user's Stripe customer, created once (on their first Subscribe) and kept. `syncedAt` is when the last
 * converge that wrote this customer's state began reading Stripe: a read that began earlier is older news and
 * writes nothing (docs/billing.md, "Converging").
 */
export const StripeCustomerSchema = defineEntity({
  name: 'StripeCustomer',
  tableName: 'stripe_customers',
  properties: {
    user: () => p.oneToOne(UserSchema).primary().owner().deleteRule('cascade').updateRule('no action'),
    customerId: p.string().unique(),
    syncedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
  },
});
export type StripeCustomer = InferEntity<typeof StripeCustomerSchema>;

/** A subscription as Stripe last told us (read again from Stripe, never from an event's copy), and whether it grants. */
export const StripeSubscriptionSchema = defineEntity({
  name: 'StripeSubscription',
  tableName: 'stripe_subscriptions',
  properties: {
    id: p.string().primary(),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade').index(),
    customerId: p.string(),
    /** Our plan (STRIPE_PLANS) for its price; null when the price is in no plan. */
    planId: p.string().nullable(),
    priceId: p.string(),
    status: p.enum(STRIPE_STATUSES),
    cancelAtPeriodEnd: p.boolean().default(false),
    currentPeriodEnd: p.datetime(),
    /** When we first saw it past due; the grace period runs from here. */
    pastDueSince: p.datetime().nullable(),
    /** Whether its plan's perks and rank are held now. */
    granting: p.boolean().default(false),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type StripeSubscription = InferEntity<typeof StripeSubscriptionSchema>;

/** The last Checkout Session per user and plan: a second Subscribe while it is open returns it. */
export const StripeCheckoutSessionSchema = defineEntity({
  name: 'StripeCheckoutSession',
  tableName: 'stripe_checkout_sessions',
  indexes: [{ properties: ['user', 'planId'] }],
  properties: {
    id: p.string().primary(),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade'),
    planId: p.string(),
    url: p.text(),
    expiresAt: p.datetime(),
    createdAt: p.datetime(),
  },
});
export type StripeCheckoutSession = InferEntity<typeof StripeCheckoutSessionSchema>;

/** Every webhook event handled, by Stripe's event id: the primary key makes the same event count once. */
export const StripeEventSchema = defineEntity({
  name: 'StripeEvent',
  tableName: 'stripe_events',
  properties: {
    id: p.string().primary(),
    type: p.string(),
    receivedAt: p.datetime(),
  },
});
export type StripeEvent = InferEntity<typeof StripeEventSchema>;
