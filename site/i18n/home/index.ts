import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** The home page: its hero, how ordering works and the live look at the kitchen. */
export const homeCatalogue = defineCatalogue({
  name: 'site.home',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
});

export const homeText = translator(homeCatalogue);
