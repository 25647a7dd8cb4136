import type Stripe from 'stripe';
import type { Em } from '../../core/db/orm.ts';
import { DomainError } from '../../core/errors.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import type { Erasure, PersonalDataContribution } from '../../core/personal-data.ts';
import { plainRows } from '../../core/personal-data.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { StripeCheckoutSessionSchema, StripeCustomerSchema, StripeSubscriptionSchema } from './entities.ts';
import { billingText } from './i18n/index.ts';
import { callStripe } from './stripe.ts';

/**
 * Why a deletion was refused when Stripe could not cancel (503: nothing was changed): the English of the catalogue's
 * `refusal.cancelRefused`, written out for the tests, so that an edit of the catalogue cannot change it unseen.
 */
export const CANCEL_REFUSED =
  'Your subscriptions could not be cancelled with our payment provider, so your account was not deleted. Please try again in a moment.';

const cancelRefused = () => localizedError(billingText, 'unavailable', 'refusal.cancelRefused');

/**
 * Cancels, at Stripe and at once, every subscription of the user that is not cancelled yet (`subscriptions.cancel`:
 * no refund, no further invoice). Runs before the erasure's transaction: any failure refuses the deletion, nothing
 * changed. Without Stripe configured, a user whose stored subscriptions are still live cannot be deleted either.
 */
export async function cancelEverySubscription(
  deps: Pick<ServiceKernel, 'orm' | 'log'>,
  stripe: Stripe | null,
  userId: string,
): Promise<number> {
  const em = deps.orm.em.fork();
  const customer = await em.findOne(StripeCustomerSchema, { user: userId });
  if (!customer) return 0;
  if (!stripe) {
    const live = await em.count(StripeSubscriptionSchema, { user: userId, status: { $ne: 'canceled' } });
    if (live > 0) throw cancelRefused();
    return 0;
  }
  try {
    const list = await callStripe(deps.log, 'subscriptions.list', () =>
      stripe.subscriptions.list({ customer: customer.customerId, status: 'all', limit: 100 }),
    );
    const live = list.data.filter((s) => s.status !== 'canceled' && s.status !== 'incomplete_expired');
    for (const subscription of live) {
      await callStripe(deps.log, 'subscriptions.cancel', () => stripe.subscriptions.cancel(subscription.id));
    }
    return live.length;
  } catch (error) {
    if (error instanceof DomainError) throw cancelRefused();
    throw error;
  }
}

/**
 * Subscriptions: Stripe cancels them first (`beforeErase`, through the billing service); then the customer and its
 * subscriptions, records of payments kept as tax law asks, move to the pseudonym, and open Checkout sessions go.
 */
export function billingPersonalData(cancel: (userId: string) => Promise<number>): PersonalDataContribution {
  return {
    async exportFor(userId: string, em: Em) {
      return {
        customer: plainRows(await em.find(StripeCustomerSchema, { user: userId })),
        subscriptions: plainRows(
          await em.find(StripeSubscriptionSchema, { user: userId }, { orderBy: { createdAt: 'asc' } }),
        ),
      };
    },

    async beforeErase(userId: string) {
      await cancel(userId);
    },

    async eraseFor({ userId, pseudonymId }: Erasure, em: Em) {
      await em.nativeDelete(StripeCheckoutSessionSchema, { user: userId });
      await em.nativeUpdate(StripeSubscriptionSchema, { user: userId }, { user: pseudonymId });
      await em.nativeUpdate(StripeCustomerSchema, { user: userId }, { user: pseudonymId });
    },
  };
}
