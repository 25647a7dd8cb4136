import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** The Team Manager and Create team, with the team form and the manager's buttons. */
export const adminTeamsCatalogue = defineCatalogue({
  name: 'site.admin-teams',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: {
    fr: ['list.column.actions', 'form.description'],
    de: ['list.column.team', 'list.caption', 'form.name'],
  },
});

export const adminTeamsText = translator(adminTeamsCatalogue);

/** A key of the Team Manager's texts (its islands read them). */
export type AdminTeamsKey = keyof typeof en & string;
