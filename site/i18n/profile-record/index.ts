import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** A user's record: the warnings and rank history lists (their profile, Edit Profile, the Appeal Manager). */
export const profileRecordCatalogue = defineCatalogue({
  name: 'site.profile-record',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
});

export const profileRecordText = translator(profileRecordCatalogue);
