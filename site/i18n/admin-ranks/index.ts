import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** The Rank Manager (its ladder and Save order), Create rank and a rank's editor. */
export const adminRanksCatalogue = defineCatalogue({
  name: 'site.admin-ranks',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: {
    de: ['form.name'],
  },
});

export const adminRanksText = translator(adminRanksCatalogue);

/** A key of the Rank Manager's texts (its islands read them). */
export type AdminRanksKey = keyof typeof en & string;
