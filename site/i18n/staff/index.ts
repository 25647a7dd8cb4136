import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/**
 * The staff frame: the sidebar (its own entries, sections and controls; a plugin's entries are in its catalogue) and
 * the Resign dialog, an island that reads this catalogue in the browser.
 */
export const staffCatalogue = defineCatalogue({
  name: 'site.staff',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: { de: ['sidebar.label', 'sidebar.title'], 'pt-BR': ['section.extras'] },
});

export const staffText = translator(staffCatalogue);
export type StaffTextKey = keyof typeof en & string;
