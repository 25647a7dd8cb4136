import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** The User Manager, ban and remove from staff, a user's order history, Online Users and the audit log's own words. */
export const adminUsersCatalogue = defineCatalogue({
  name: 'site.admin-users',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: {
    fr: ['users.column.actions'],
    es: ['audit.no'],
    de: ['users.column.team', 'users.column.status'],
    'pt-BR': ['users.column.status', 'history.column.item'],
  },
});

export const adminUsersText = translator(adminUsersCatalogue);

/** A key of the user screens' texts (their forms and Online Users read them). */
export type AdminUsersKey = keyof typeof en & string;
