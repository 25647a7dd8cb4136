import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** The Appeal Manager: the list of appeals, one appeal with its votes and the user's record, and the vote form. */
export const adminAppealsCatalogue = defineCatalogue({
  name: 'site.admin-appeals',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: {
    fr: ['list.column.votes', 'list.column.actions', 'view.votes', 'view.permanent'],
    de: ['list.column.status'],
    'pt-BR': ['list.column.status'],
  },
});

export const adminAppealsText = translator(adminAppealsCatalogue);

/** A key of the Appeal Manager's texts (the vote form's words come from this catalogue). */
export type AdminAppealsKey = keyof typeof en & string;
