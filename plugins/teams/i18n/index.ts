import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/**
 * The teams plugin's texts in every locale: its staff sidebar entries, what a move between teams tells its member, its
 * audit actions' labels and its refusals (`refusal.*`).
 */
export const teamsCatalogue = defineCatalogue({
  name: 'teams',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: { de: ['auditKind.team'] },
});

export const teamsText = translator(teamsCatalogue);
