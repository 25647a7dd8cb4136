import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/**
 * The billing plugin's texts in every locale: what a subscription's start, failed payment and end tell its subscriber,
 * and its refusals.
 */
export const billingCatalogue = defineCatalogue({
  name: 'billing',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
});

export const billingText = translator(billingCatalogue);
