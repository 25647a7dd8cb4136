import { defineCatalogue, translator } from '../../i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/**
 * The HTTP kernel's words in every locale: a request its route's schema refuses, a path or method no route serves, a
 * busy database, an unknown failure. An answer is in the request's language (`requestLocale`); English is the API's.
 */
export const httpCatalogue = defineCatalogue({
  name: 'core.http',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
});

export const httpText = translator(httpCatalogue);
