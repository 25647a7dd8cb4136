import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** The orders plugin's texts in every locale: its commands, their replies and the order status embed. */
export const ordersCatalogue = defineCatalogue({
  name: 'orders',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: {
    es: ['command.menu.name'],
    de: ['command.status.name', 'embed.status'],
    'pt-BR': ['command.status.name', 'leaderboard.chefs'],
  },
});

export const ordersText = translator(ordersCatalogue);
