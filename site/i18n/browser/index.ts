import { defineCatalogue } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** What the site's own script writes in the browser (toasts, the bell's live list): handed to it in the runtime data (site/components/runtime/SiteRuntime.astro). */
export const browserCatalogue = defineCatalogue({
  name: 'site.browser',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
});

/** A key of the site script's texts. */
export type BrowserTextKey = keyof typeof en & string;
