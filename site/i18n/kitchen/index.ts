import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import type { TextValues } from '../../lib/texts.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/**
 * The kitchen: the order manager (an island, so the browser reads this catalogue; its dialogs, toasts and cards) and
 * an order's own page. The names of an order's states and spans of time are the shared labels' (site/i18n/labels).
 */
export const kitchenCatalogue = defineCatalogue({
  name: 'site.kitchen',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: {
    fr: ['age.minutes', 'age.hours'],
    de: ['toolbar.offline', 'toolbar.live'],
    es: ['age.minutes', 'age.hours', 'detail.total'],
    'pt-BR': ['toolbar.offline', 'age.minutes', 'age.hours', 'detail.total'],
  },
});

export const kitchenText = translator(kitchenCatalogue);
export type KitchenTextKey = keyof typeof en & string;
/** The order manager's words, as its island formats them (`useTexts`), handed down to its parts. */
export type KitchenText = (key: KitchenTextKey, values?: TextValues) => string;
