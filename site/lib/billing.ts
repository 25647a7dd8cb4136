import type { Locale } from '../../core/i18n/locales.ts';
import type { MySubscriptionView, PlanView } from '../../plugins/billing/schemas.ts';
import { billingText } from '../i18n/billing/index.ts';
import { datesIn } from './dates.ts';
import { perkName } from './label-words.ts';

/** What a plan gives, as a list people read in the page's language: its perks, then its rank. */
export function planGives(plan: Pick<PlanView, 'perks' | 'rank'>, locale: Locale): string[] {
  const t = billingText(locale);
  return [
    ...plan.perks.map((perk) => t('plan.perk', { perk: perkName(perk, locale) })),
    ...(plan.rank ? [t('plan.rank', { rank: plan.rank })] : []),
  ];
}

/**
 * A subscription's state in the page's language (`Active`) and what it means for the user, when it means something
 * (`Renews on 25 December 2026.`): the subscribe page's plan box and the profile's line.
 */
export function subscriptionState(sub: MySubscriptionView, locale: Locale): { label: string; detail: string | null } {
  const t = billingText(locale);
  const date = datesIn(locale).long(sub.currentPeriodEnd);
  const detail = {
    active: t('detail.renews', { date }),
    cancelling: t('detail.until', { date }),
    past_due: sub.granting ? t('detail.updateCard') : t('detail.paused'),
    cancelled: null,
    incomplete: null,
  }[sub.state];
  return { label: t(`state.${sub.state}`), detail };
}

/** The subscription the page talks about: the live one, else the newest. */
export function currentSubscription(subs: readonly MySubscriptionView[]): MySubscriptionView | null {
  return subs.find((s) => s.state !== 'cancelled' && s.state !== 'incomplete') ?? subs[0] ?? null;
}

export function isLive(sub: MySubscriptionView | null): boolean {
  return sub !== null && (sub.state === 'active' || sub.state === 'past_due' || sub.state === 'cancelling');
}
