import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** The ranks plugin's texts in every locale: its staff sidebar entry, its audit actions' labels and its refusals. */
export const ranksCatalogue = defineCatalogue({
  name: 'ranks',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
});

export const ranksText = translator(ranksCatalogue);
