import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/**
 * Signing in and being shut out: the login page (its dev sign-in's toast too), Discord's callback (written by its
 * script) and the ban page's button. The browser reads it: the pages hand it to their scripts as `data-texts`.
 */
export const accessCatalogue = defineCatalogue({
  name: 'site.access',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
});

export const accessText = translator(accessCatalogue);

/** A key of these texts, for the scripts that read them in the browser. */
export type AccessTextKey = keyof typeof en & string;
