import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** Edit Profile's Team box for the user themself, and its Join and Leave buttons (islands: kept small, one per team). */
export const teamChoiceCatalogue = defineCatalogue({
  name: 'site.team-choice',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: { de: ['title'] },
});

export const teamChoiceText = translator(teamChoiceCatalogue);
export type TeamChoiceTexts = BrowserTexts<keyof typeof en & string>;
