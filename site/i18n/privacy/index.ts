import { defineCatalogue, richTranslator, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/**
 * The privacy policy (/privacy). Its links and emphasis are tags in the texts (`<profile>profile</profile>`,
 * `<b>Download my data</b>`), and the cookies' names values (`{session}`), rendered by site/components/RichText.astro.
 */
export const privacyCatalogue = defineCatalogue({
  name: 'site.privacy',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
});

export const privacyText = translator(privacyCatalogue);
export const privacyRichText = richTranslator(privacyCatalogue);
