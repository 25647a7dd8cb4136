import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import type { TextValues } from '../../lib/texts.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/**
 * My Achievements (its island reads this catalogue in the browser): sections, cards, goals, rewards and when an
 * objective counts, and the claim's toasts. Titles, descriptions and custom rewards are shown as their manager wrote them.
 */
export const objectivesCatalogue = defineCatalogue({
  name: 'site.objectives',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: { de: ['status.live', 'status.offline'], 'pt-BR': ['status.offline'] },
});

export const objectivesText = translator(objectivesCatalogue);
export type ObjectivesTextKey = keyof typeof en & string;
/** My Achievements' words, as its island formats them (`useTexts`), handed down to its parts. */
export type ObjectivesText = (key: ObjectivesTextKey, values?: TextValues) => string;
