import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** The settings' texts in every locale: the `/kitchen` command and its replies. */
export const settingsCatalogue = defineCatalogue({
  name: 'settings',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
});

export const settingsText = translator(settingsCatalogue);
