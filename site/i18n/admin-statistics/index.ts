import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import type { Locale } from '../../../core/i18n/locales.ts';
import { intlTag } from '../../../core/shared/intl-tag.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** My Performance and Management Statistics: their figures, charts, period picker and a stored record's Delete. */
export const adminStatisticsCatalogue = defineCatalogue({
  name: 'site.admin-statistics',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: { fr: ['column.actions'] },
});

export const adminStatisticsText = translator(adminStatisticsCatalogue);

/** A key of the statistics screens' texts (the Delete on a stored record reads them). */
export type AdminStatisticsKey = keyof typeof en & string;

/**
 * The statistics screens' days in the page's language, in UTC: English keeps the plugin's British forms
 * (`16 Nov 2026`, `16 Nov`, `Wednesday 25 Nov 2026`, `Week of 23 Nov 2026`, `November 2026`).
 */
export function statisticsDays(locale: Locale) {
  const tag = intlTag(locale);
  const t = adminStatisticsText(locale);
  const format = (day: string, options: Intl.DateTimeFormatOptions) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString(tag, { ...options, timeZone: 'UTC' });
  const day = (value: string) => format(value, { day: 'numeric', month: 'short', year: 'numeric' });
  return {
    day,
    short: (value: string) => format(value, { day: 'numeric', month: 'short' }),
    period: (view: { period: 'day' | 'week' | 'month'; from: string }) =>
      view.period === 'day'
        ? format(view.from, { weekday: 'long', day: 'numeric', month: 'short', year: 'numeric' })
        : view.period === 'week'
          ? t('period.week', { date: day(view.from) })
          : format(view.from, { month: 'long', year: 'numeric' }),
  };
}
