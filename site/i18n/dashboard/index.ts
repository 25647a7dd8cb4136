import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** The staff dashboard: greeting, the kitchen now (an island, so the browser reads this catalogue), my work, queues. */
export const dashboardCatalogue = defineCatalogue({
  name: 'site.dashboard',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: { de: ['kitchen.live'] },
});

export const dashboardText = translator(dashboardCatalogue);
export type DashboardTextKey = keyof typeof en & string;
