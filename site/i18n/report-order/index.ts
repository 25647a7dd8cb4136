import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import type { BrowserTexts, TextValues } from '../../lib/texts.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** Report an order (the feedback menu): the page, the caller's reports, and the check and report forms (an island). */
export const reportOrderCatalogue = defineCatalogue({
  name: 'site.report-order',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: {
    fr: ['file.count'],
    de: ['file.count', 'file.details'],
    es: ['file.count'],
    'pt-BR': ['file.count'],
  },
});

export const reportOrderText = translator(reportOrderCatalogue);
export type ReportOrderKey = keyof typeof en & string;
export type ReportOrderTexts = BrowserTexts<ReportOrderKey>;
/** The island's translate function (useTexts), handed to its forms. */
export type ReportOrderT = (key: ReportOrderKey, values?: TextValues) => string;
