import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/**
 * The Premade Message Directory: its pages, and the message editor (an island, so the browser reads this catalogue).
 * The messages themselves, and the preview the bot would post, are shown as written.
 */
export const deliveryMessagesCatalogue = defineCatalogue({
  name: 'site.delivery-messages',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: { fr: ['form.message'] },
});

export const deliveryMessagesText = translator(deliveryMessagesCatalogue);
export type DeliveryMessagesTextKey = keyof typeof en & string;
