import { defineCatalogue, translator } from '../../i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/**
 * The kernel's own words to a user in every locale: the ban text (English: the specification's, word for word) and
 * the refusals of core's guards, sessions and rank rules (`refusal.*`), which the API and the bot say in their
 * reader's language.
 */
export const authCatalogue = defineCatalogue({
  name: 'core.auth',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
});

export const authText = translator(authCatalogue);
