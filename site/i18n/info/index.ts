import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/**
 * The short public pages: the invite page and the ad-blocker page, whose script writes its status line (handed to it
 * as `data-texts`, so the browser reads this catalogue). The ad-blockers' own steps come from a manifest and stay as
 * it words them.
 */
export const infoCatalogue = defineCatalogue({
  name: 'site.info',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
});

export const infoText = translator(infoCatalogue);

/** A key of these texts, for the script that reads them in the browser. */
export type InfoTextKey = keyof typeof en & string;
