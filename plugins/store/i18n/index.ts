import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** The store's texts in every locale: the `/hourly` command and its replies, notices, audit labels, refusals. */
export const storeCatalogue = defineCatalogue({
  name: 'store',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: { fr: ['wait.minutes'] },
});

export const storeText = translator(storeCatalogue);
