import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** The profile's "Your data": download it, or delete the account (the dialog is an island, handed this catalogue). */
export const myDataCatalogue = defineCatalogue({
  name: 'site.my-data',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
});

export const myDataText = translator(myDataCatalogue);
export type MyDataTexts = BrowserTexts<keyof typeof en & string>;
