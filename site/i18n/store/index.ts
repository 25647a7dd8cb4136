import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/**
 * /store and /hourly as the server renders them: the items' cards and what each grants, the user's items, the sponsor
 * offer and its thanks, the hourly reward. Item, perk and rank names are shown as written. What the browser writes
 * there is site.coins.
 */
export const storeCatalogue = defineCatalogue({
  name: 'site.store',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: {
    de: ['store.title'],
  },
});

export const storeText = translator(storeCatalogue);
