import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** The texts every page shares: the navbar, the user menu, the footer with its language picker, the error page. */
export const layoutCatalogue = defineCatalogue({
  name: 'site.layout',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: {
    fr: ['bell.title'],
    es: ['error.title'],
  },
});

export const layoutText = translator(layoutCatalogue);
