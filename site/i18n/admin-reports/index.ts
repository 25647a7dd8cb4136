import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** Order Reports: the list, one report with what to do about it, and its warn and complete forms. */
export const adminReportsCatalogue = defineCatalogue({
  name: 'site.admin-reports',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: {
    fr: ['list.column.actions'],
    de: ['list.status', 'list.column.status'],
    'pt-BR': ['list.status', 'list.column.status'],
  },
});

export const adminReportsText = translator(adminReportsCatalogue);

/** A key of Order Reports' texts (the warn and complete forms read them). */
export type AdminReportsKey = keyof typeof en & string;
