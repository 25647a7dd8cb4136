import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** The notifications page, its list and its Mark all as read (islands: handed over with browserTexts). */
export const notificationsCatalogue = defineCatalogue({
  name: 'site.notifications',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: { fr: ['title'] },
});

export const notificationsText = translator(notificationsCatalogue);
export type NotificationsTexts = BrowserTexts<keyof typeof en & string>;
