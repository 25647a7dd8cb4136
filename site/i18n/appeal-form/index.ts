import { defineCatalogue } from '../../../core/i18n/catalogue.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** File an appeal's form (an island): its own words; the questions come worded from the page (site.appeals). */
export const appealFormCatalogue = defineCatalogue({
  name: 'site.appeal-form',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
});

export type AppealFormTexts = BrowserTexts<keyof typeof en & string>;
