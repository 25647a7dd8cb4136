import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** Order Management: every order, searchable, and the Delete on a row. */
export const adminOrdersCatalogue = defineCatalogue({
  name: 'site.admin-orders',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: {
    fr: ['column.actions'],
    'pt-BR': ['column.item'],
  },
});

export const adminOrdersText = translator(adminOrdersCatalogue);

/** A key of Order Management's texts. */
export type AdminOrdersKey = keyof typeof en & string;
