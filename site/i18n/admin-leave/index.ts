import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** On Leave Requests and Put someone on leave, with the Decide form. */
export const adminLeaveCatalogue = defineCatalogue({
  name: 'site.admin-leave',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: {
    fr: ['list.column.actions'],
    de: ['list.status', 'list.column.status'],
    'pt-BR': ['list.status', 'list.column.status'],
  },
});

export const adminLeaveText = translator(adminLeaveCatalogue);

/** A key of On Leave Requests' texts (the Decide form reads it). */
export type AdminLeaveKey = keyof typeof en & string;
