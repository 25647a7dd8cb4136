import { defineCatalogue } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/**
 * What the browser writes about coins: /store's buy dialog (an island, handed these as a prop) and /hourly's claim and
 * countdown (its script, handed them as `data-texts`). The server's refusals keep their English words.
 */
export const coinsCatalogue = defineCatalogue({
  name: 'site.coins',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: {
    fr: ['gift.id'],
    de: ['gift.id'],
    es: ['gift.id'],
    'pt-BR': ['gift.id'],
  },
});

/** A key of these texts, for the island and the script that read them. */
export type CoinsTextKey = keyof typeof en & string;
