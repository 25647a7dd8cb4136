import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/**
 * The public recruitment page (/recruitment) and what a form asks of an applicant (FormRules, shown wherever a form
 * is). A form's title, description and questions are shown as their authors wrote them.
 */
export const joinCatalogue = defineCatalogue({
  name: 'site.join',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
});

export const joinText = translator(joinCatalogue);
