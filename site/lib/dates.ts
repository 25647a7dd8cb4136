import { intlTag } from '../../core/shared/intl-tag.ts';

/**
 * Dates in the page's language, in UTC like every date on the site; English keeps the British order the site has
 * always written. One set for every screen: `datesIn(Astro.locals.locale).long(iso)`.
 */
export function datesIn(locale: string) {
  const tag = intlTag(locale);
  return {
    /** `25 November 2026` */
    long: (at: string | number) =>
      new Date(at).toLocaleDateString(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
    /** `25 Nov 2026` */
    medium: (at: string | number) => new Date(at).toLocaleDateString(tag, { dateStyle: 'medium', timeZone: 'UTC' }),
    /** `25 Nov 2026, 14:05` */
    mediumTime: (at: string | number) =>
      new Date(at).toLocaleString(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
  };
}
