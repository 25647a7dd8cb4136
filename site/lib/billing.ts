import type { MySubscriptionView, PlanView } from '../../plugins/billing/schemas.ts';
import { SUBSCRIPTION_STATE_LABELS } from '../../plugins/billing/schemas.ts';
import { perkLabel } from './labels.ts';

/** What a plan gives, as a list people read: its perks, then its rank. */
export function planGives(plan: Pick<PlanView, 'perks' | 'rank'>): string[] {
  return [...plan.perks.map((perk) => `The ${perkLabel(perk)} perk`), ...(plan.rank ? [`The ${plan.rank} rank`] : [])];
}

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** One line about a subscription's state: `Active · renews on 25 December 2026`. */
export function subscriptionLine(sub: MySubscriptionView): string {
  const label = SUBSCRIPTION_STATE_LABELS[sub.state];
  switch (sub.state) {
    case 'active':
      return `${label} · renews on ${day(sub.currentPeriodEnd)}`;
    case 'cancelling':
      return `${label} · your perks stay until ${day(sub.currentPeriodEnd)}`;
    case 'past_due':
      return sub.granting
        ? `${label} · update your card in Manage billing to keep your perks`
        : `${label} · perks paused until the payment goes through`;
    default:
      return label;
  }
}

/** The subscription the page talks about: the live one, else the newest. */
export function currentSubscription(subs: readonly MySubscriptionView[]): MySubscriptionView | null {
  return subs.find((s) => s.state !== 'cancelled' && s.state !== 'incomplete') ?? subs[0] ?? null;
}

export function isLive(sub: MySubscriptionView | null): boolean {
  return sub !== null && (sub.state === 'active' || sub.state === 'past_due' || sub.state === 'cancelling');
}
