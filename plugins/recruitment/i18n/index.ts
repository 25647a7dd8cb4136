import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** The recruitment plugin's texts in every locale: its staff sidebar entries, and what a change of an application's status tells its applicant. */
export const recruitmentCatalogue = defineCatalogue({
  name: 'recruitment',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
});

export const recruitmentText = translator(recruitmentCatalogue);

/** A key of the recruitment catalogue. */
export type RecruitmentKey = keyof typeof en;
