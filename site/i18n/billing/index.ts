import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/**
 * /subscribe: the plans, the user's plan and its state, and the buttons that open Stripe. Plan, perk and rank names are
 * shown as written; Stripe's pages and a service's refusal keep their own words.
 */
export const billingCatalogue = defineCatalogue({
  name: 'site.billing',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: {
    fr: ['state.active'],
  },
});

export const billingText = translator(billingCatalogue);
