import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/**
 * Leave: Take a Vacation, a request's status, and the leave form and cancel button (islands, so the browser reads
 * this catalogue; the managers' leave pages hand it to the same islands).
 */
export const leaveCatalogue = defineCatalogue({
  name: 'site.leave',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: { de: ['column.status'], 'pt-BR': ['column.status'], fr: ['column.actions'] },
});

export const leaveText = translator(leaveCatalogue);
export type LeaveTextKey = keyof typeof en & string;
