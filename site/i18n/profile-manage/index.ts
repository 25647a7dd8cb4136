import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** Edit Profile as the server writes it: the page, the team box, warnings, blacklist, ranks and coins boxes. */
export const profileManageCatalogue = defineCatalogue({
  name: 'site.profile-manage',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: { de: ['team.title'] },
});

export const profileManageText = translator(profileManageCatalogue);
