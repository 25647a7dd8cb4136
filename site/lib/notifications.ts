/**
 * The bell's words and rules (pure: unit-tested). The bell itself is site/components/layout/NotificationBell.astro;
 * its behaviour, loaded only when a bell is on the page, is site/lib/notifications-bell.ts.
 */

import { intlTag } from '../../core/shared/intl-tag.ts';
import type { BrowserTextKey } from '../i18n/browser/index.ts';
import type { TextValues } from './texts.ts';

/** The site script's texts in the page's language: `siteText` in the browser, `textsOf(browserTexts(…))` on the server. */
export type SiteTexts = (key: BrowserTextKey, values?: TextValues) => string;

/** The bell button's accessible name. */
export function bellLabel(unread: number, t: SiteTexts): string {
  return t('bell.label', { unread });
}

/** The number on the bell: nothing at 0, `99+` past 99. */
export function bellCount(unread: number): string {
  if (unread <= 0) return '';
  return unread > 99 ? '99+' : String(unread);
}

/**
 * When a notice came, as the list shows it: "just now", "5 min ago", "3 h ago", "2 d ago", then the date, in the
 * page's language (`locale`; English pages write dates as en-GB does: 26 Oct 2026).
 */
export function noticeTime(iso: string, t: SiteTexts, locale: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return t('time.justNow');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('time.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('time.hours', { hours });
  const days = Math.floor(hours / 24);
  if (days < 7) return t('time.days', { days });
  return new Date(iso).toLocaleDateString(intlTag(locale), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

/** A notice's link, only when it is a path on this site (a feature's `/appeal/…`): never another origin. */
export function noticeHref(link: string | null): string | null {
  return link?.startsWith('/') && !link.startsWith('//') ? link : null;
}
