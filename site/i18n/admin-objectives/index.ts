import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import type { BrowserTexts, TextValues } from '../../lib/texts.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/**
 * Create objective: the page's lists, the objective form (its island reads this catalogue), Delete and Mark handed
 * out. Goals, rewards and when an objective counts are said as My Achievements says them (site.objectives); titles,
 * descriptions and custom rewards as their manager wrote them.
 */
export const adminObjectivesCatalogue = defineCatalogue({
  name: 'site.admin-objectives',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: { fr: ['column.actions'], de: ['form.person'] },
});

export const adminObjectivesText = translator(adminObjectivesCatalogue);

/** A key of Create objective's texts. */
export type AdminObjectivesKey = keyof typeof en & string;
/** The texts as the page hands them to the objective form. */
export type AdminObjectivesTexts = BrowserTexts<AdminObjectivesKey>;
/** The form's words, as it formats them (`useTexts`), handed down to its parts. */
export type AdminObjectivesT = (key: AdminObjectivesKey, values?: TextValues) => string;
