import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** What the bot says outside any one command, and its own commands' names and descriptions, in every locale. */
export const discordCatalogue = defineCatalogue({
  name: 'discord',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
});

export const discordText = translator(discordCatalogue);
