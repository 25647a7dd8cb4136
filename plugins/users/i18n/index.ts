import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/**
 * The users plugin's texts in every locale: its staff sidebar entries, what a ban lifted, a change of ranks and a
 * warning tell their user, its audit actions' labels, and its refusals (`refusal.*`).
 */
export const usersCatalogue = defineCatalogue({
  name: 'users',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
});

export const usersText = translator(usersCatalogue);
