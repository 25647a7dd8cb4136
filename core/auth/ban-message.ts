import { DomainError } from '../errors.ts';
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales.ts';
import type { BanInfo } from '../shared/ban.ts';
import { intlTag } from '../shared/intl-tag.ts';
import { authText } from './i18n/index.ts';

/**
 * The text of the ban page, the 403 body and the bot's refusals. In English the specification's exact words, the
 * end as `Date.toUTCString()` writes it; a ban without one (permanent) ends "This ban is permanent." rather than
 * "will expire on never." (docs/decisions.md). In another language the same sentences, the end as that language
 * writes a date and time, in UTC.
 */
export function banMessage(ban: BanInfo, locale: Locale = DEFAULT_LOCALE): string {
  const t = authText(locale);
  const reason = ban.reason || t('ban.noReason');
  if (ban.expires === null) return t('ban.permanent', { reason });
  const end = new Date(ban.expires);
  const expires =
    locale === DEFAULT_LOCALE
      ? end.toUTCString()
      : new Intl.DateTimeFormat(intlTag(locale), { dateStyle: 'full', timeStyle: 'long', timeZone: 'UTC' }).format(end);
  return t('ban.expires', { reason, expires });
}

/**
 * A banned user's refusal (403): the ban text in English for the API, in the caller's language for the bot
 * (`inLocale`), and `extra` after it in each (the bot's "You can appeal at…").
 */
export function bannedError(
  ban: BanInfo,
  details?: Record<string, unknown>,
  extra?: (locale: Locale) => string,
): DomainError {
  const text = (locale: Locale) => (extra ? `${banMessage(ban, locale)} ${extra(locale)}` : banMessage(ban, locale));
  return new DomainError('forbidden', text(DEFAULT_LOCALE), details, text);
}
