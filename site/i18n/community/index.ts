import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** The public pages about people: Our Team and the leaderboard with its boards. Rank and team names are as written. */
export const communityCatalogue = defineCatalogue({
  name: 'site.community',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: {
    de: ['leaderboard.teams'],
  },
});

export const communityText = translator(communityCatalogue);
