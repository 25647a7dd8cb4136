import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/**
 * The list pattern's own words (site/components/list: filters, sorting, the pager). What a list shows and counts is
 * its page's: a page hands its words over as props (a column's label, the empty text, the pager's `items`).
 */
export const listCatalogue = defineCatalogue({
  name: 'site.list',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: { fr: ['pager.label', 'pager.page'] },
});

export const listText = translator(listCatalogue);
