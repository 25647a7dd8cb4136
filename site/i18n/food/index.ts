import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** Food Lookup: the page, and its add and delete islands (so the browser reads this catalogue). */
export const foodCatalogue = defineCatalogue({
  name: 'site.food',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: { fr: ['filters.placeholder'], de: ['form.name'] },
});

export const foodText = translator(foodCatalogue);
export type FoodTextKey = keyof typeof en & string;
