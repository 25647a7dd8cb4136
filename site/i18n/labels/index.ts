import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/**
 * The site's shared words, one source for every screen that names them (site/lib/label-words.ts): perks,
 * permissions, an order's states, a leave request's and an appeal's statuses, what granted a perk or rank, and spans
 * of time. Islands get the words they need from the page, written (`perkNames(locale)`, `orderStateNames(locale)`).
 */
const units = [
  'duration.seconds',
  'duration.minutes',
  'duration.minutesSeconds',
  'duration.hours',
  'duration.hoursMinutes',
] as const;

export const labelsCatalogue = defineCatalogue({
  name: 'site.labels',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  // "s", "min" and "h" are how French, Spanish and Portuguese write the units too.
  sameAsEnglish: { fr: [...units], es: [...units], 'pt-BR': [...units] },
});

export const labelsText = translator(labelsCatalogue);
export type LabelsKey = keyof typeof en & string;
