import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** The leave plugin's texts in every locale: its staff sidebar entries, and what a decision about a leave tells its member. */
export const onleaveCatalogue = defineCatalogue({
  name: 'onleave',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
});

export const onleaveText = translator(onleaveCatalogue);

/** A key of the leave catalogue. */
export type OnleaveKey = keyof typeof en;
