import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import type { Locale } from '../../../core/i18n/locales.ts';
import type { AppealEligibility } from '../../../plugins/appeals/schemas.ts';
import { datesIn } from '../../lib/dates.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** The appellant's appeal pages (My Appeals, File an appeal, one appeal) and an appeal as both sides read it. */
export const appealsCatalogue = defineCatalogue({
  name: 'site.appeals',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: { 'pt-BR': ['kind.blacklist'] },
});

export const appealsText = translator(appealsCatalogue);

/** Why the user may not file an appeal now, in the page's language; null when they may. */
export function eligibilityTextIn(locale: Locale, eligibility: AppealEligibility): string | null {
  if (eligibility.allowed) return null;
  const t = appealsText(locale);
  if (eligibility.reason === 'cooldown') return t('why.cooldown', { date: datesIn(locale).long(eligibility.until) });
  return t(`why.${eligibility.reason}`);
}
