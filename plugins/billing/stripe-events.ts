import { z } from 'zod';
import { parseInput } from '../../core/http/zod.ts';

/**
 * What the webhook reads of a Stripe event, as zod schemas: a signed body proves who sent it, not that it has the
 * shape this code reads. Only the envelope (`id`, `type`) and, for the types handled, the customer of
 * `data.object` are read; everything else Stripe sends is let through unread.
 */

/** A customer as an event's object names it: its id, or the customer expanded (an object with its id). */
const CustomerSchema = z.union([
  z.string().min(1).max(255),
  z.looseObject({ id: z.string().min(1).max(255) }).transform((customer) => customer.id),
]);

/** An event whose `data.object` names its customer (`nullable`: a Checkout Session or an invoice may have none). */
const withCustomer = (customer: z.ZodType<string | null>) =>
  z.looseObject({ data: z.looseObject({ object: z.looseObject({ customer }) }) });

/**
 * The events that make us read a customer's subscriptions again (each only a hint: Stripe's list is the truth), with
 * the shape read of each.
 */
const HANDLED_EVENTS = {
  'checkout.session.completed': withCustomer(CustomerSchema.nullable()),
  'customer.subscription.created': withCustomer(CustomerSchema),
  'customer.subscription.updated': withCustomer(CustomerSchema),
  'customer.subscription.deleted': withCustomer(CustomerSchema),
  'invoice.paid': withCustomer(CustomerSchema.nullable()),
  'invoice.payment_failed': withCustomer(CustomerSchema.nullable()),
} as const;

const EnvelopeSchema = z.looseObject({ id: z.string().min(1).max(255), type: z.string().min(1).max(255) });

/** An event to act on: whose subscriptions to read again. */
export interface CustomerEvent {
  id: string;
  type: string;
  customerId: string;
}

const isHandled = (type: string): type is keyof typeof HANDLED_EVENTS => Object.hasOwn(HANDLED_EVENTS, type);

/**
 * The verified event (the SDK's constructEvent parsed it) as a CustomerEvent, or null for one to acknowledge and
 * ignore (a type not handled, or no customer named). Not an event, or a handled type of another shape: a 400 with
 * the issues (nothing is written; Stripe shows the answer in its dashboard).
 */
export function readStripeEvent(json: unknown): CustomerEvent | null {
  const { id, type } = parseInput(EnvelopeSchema, json);
  if (!isHandled(type)) return null;
  const customerId = parseInput(HANDLED_EVENTS[type], json).data.object.customer;
  return customerId ? { id, type, customerId } : null;
}

/**
 * When a `Stripe-Signature` header says it was signed (unix seconds), read as the SDK reads it: the last `t=`
 * entry. The SDK refuses a signature older than its tolerance but not one dated ahead, and does not export its
 * header parser; this is read only after the SDK verified the header, so `t` is the value the signature covers.
 */
export function signedAt(header: string): number {
  const entries = header.split(',').map((entry) => entry.split('='));
  return Number.parseInt(entries.findLast(([key]) => key === 't')?.[1] ?? '', 10);
}
