import type { Locale } from '../../core/i18n/locales.ts';

/**
 * Dates on the admin screens in the page's language, in UTC like every date on the site. English keeps the British
 * order the screens have always written (`25 November 2026`, `25 Nov 2026`).
 */
export function adminDates(locale: Locale) {
  const tag = locale === 'en' ? 'en-GB' : locale;
  return {
    /** `25 November 2026` */
    long: (iso: string) =>
      new Date(iso).toLocaleDateString(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
    /** `25 Nov 2026` */
    medium: (iso: string) => new Date(iso).toLocaleDateString(tag, { dateStyle: 'medium', timeZone: 'UTC' }),
    /** `25 Nov 2026, 14:05` */
    mediumTime: (iso: string) =>
      new Date(iso).toLocaleString(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
  };
}
