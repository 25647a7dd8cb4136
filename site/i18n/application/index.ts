import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import type { Locale } from '../../../core/i18n/locales.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** A recruitment application as its applicant sees it: the form's page and island, My applications, one application. */
export const applicationCatalogue = defineCatalogue({
  name: 'site.application',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: { de: ['form.optional'], es: ['form.no'] },
});

export const applicationText = translator(applicationCatalogue);
export type ApplicationTexts = BrowserTexts<keyof typeof en & string>;

/** What a question's field says itself (QuestionField's words): the builder's preview, in the page's language. */
export function answerWords(locale: Locale): { optional: string; yes: string; no: string } {
  const t = applicationText(locale);
  return { optional: t('form.optional'), yes: t('form.yes'), no: t('form.no') };
}
