import type { Locale } from '../../core/i18n/locales.ts';
import { PERKS, PERMISSION_NAMES, type Perk, type Permission } from '../../core/shared/permissions.ts';
import type { AppealStatus } from '../../plugins/appeals/schemas.ts';
import type { LeaveStatus } from '../../plugins/onleave/schemas.ts';
import type { GrantOrigin } from '../../plugins/users/schemas.ts';
import { labelsText } from '../i18n/labels/index.ts';
import { datesIn } from './dates.ts';
import { humanize, ORDER_STATE_VIEW_LIST, type OrderStateView } from './labels.ts';

/**
 * The words of site/lib/labels.ts in the page's language, from the one `site.labels` catalogue: `perkName(perk,
 * Astro.locals.locale)`. Server-only (it reads the catalogues with FormatJS): an island is handed the names it shows
 * as a prop (`perkNames(locale)`), so labels.ts, which islands import for tones, stays free of them.
 */

const namesOf = <Name extends string>(names: readonly Name[], name: (n: Name) => string): Record<Name, string> =>
  Object.fromEntries(names.map((n) => [n, name(n)])) as Record<Name, string>;

/** `MANAGE_ORDERS` → "Manage orders", "Gérer les commandes". */
export function permissionName(permission: Permission, locale: Locale): string {
  return labelsText(locale)(`permission.${permission}`);
}

export const permissionNames = (locale: Locale): Record<Permission, string> =>
  namesOf(PERMISSION_NAMES, (p) => permissionName(p, locale));

const isPerk = (perk: string): perk is Perk => (PERKS as readonly string[]).includes(perk);

/** A perk by the name people know it by; one the catalogue does not name (a plan's own) from its constant. */
export function perkName(perk: string, locale: Locale): string {
  return isPerk(perk) ? labelsText(locale)(`perk.${perk}`) : humanize(perk);
}

export const perkNames = (locale: Locale): Record<Perk, string> => namesOf(PERKS, (p) => perkName(p, locale));

/** An order's state as its tag says it (orderStateView picks the view). */
export function orderStateName(view: OrderStateView, locale: Locale): string {
  return labelsText(locale)(`state.${view}`);
}

export const orderStateNames = (locale: Locale): Record<OrderStateView, string> =>
  namesOf(ORDER_STATE_VIEW_LIST, (v) => orderStateName(v, locale));

export function leaveStatusName(status: LeaveStatus, locale: Locale): string {
  return labelsText(locale)(`leaveStatus.${status}`);
}

export function appealStatusName(status: AppealStatus, locale: Locale): string {
  return labelsText(locale)(`appealStatus.${status}`);
}

const GRANT_SOURCES = ['subscription', 'purchase', 'objective'] as const;

/** What gave a perk or rank held by a grant, and for how long: "From the Supporter plan, while the plan lasts". */
export function grantedSource(grant: GrantOrigin, locale: Locale): string {
  const { source, sourceName: name } = grant;
  const values = {
    name: name ?? '',
    ends: grant.endsAt ? 'yes' : 'no',
    date: grant.endsAt ? datesIn(locale).medium(grant.endsAt) : '',
  };
  const t = labelsText(locale);
  if ((GRANT_SOURCES as readonly string[]).includes(source)) {
    const known = source as (typeof GRANT_SOURCES)[number];
    return name ? t(`granted.${known}`, values) : t(`granted.${known}Unnamed`, values);
  }
  return t(source === 'sponsor' ? 'granted.sponsor' : 'granted.other', values);
}

/**
 * A span of time: 65 s → "1 min 5 s", "2 min", "3 h 2 min", "3 h"; under a second says so; null (no figure) → "–".
 * Order timelines, order history and the statistics' averages.
 */
export function durationName(seconds: number | null, locale: Locale): string {
  if (seconds === null) return '–';
  const t = labelsText(locale);
  const whole = Math.round(seconds);
  if (whole < 1) return t('duration.underSecond');
  if (whole < 60) return t('duration.seconds', { seconds: whole });
  const minutes = Math.floor(whole / 60);
  if (minutes < 60)
    return whole % 60
      ? t('duration.minutesSeconds', { minutes, seconds: whole % 60 })
      : t('duration.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? t('duration.hoursMinutes', { hours, minutes: minutes % 60 }) : t('duration.hours', { hours });
}
