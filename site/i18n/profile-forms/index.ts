import { defineCatalogue } from '../../../core/i18n/catalogue.ts';
import type { BrowserTexts, TextValues } from '../../lib/texts.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/**
 * Edit Profile's forms (islands): the profile editor, notification preferences, and a user manager's ranks,
 * warning, blacklist and coins forms. The page hands it to each of them (browserTexts).
 */
export const profileFormsCatalogue = defineCatalogue({
  name: 'site.profile-forms',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: { fr: ['prefs.title'] },
});

export type ProfileFormsKey = keyof typeof en & string;
export type ProfileFormsTexts = BrowserTexts<ProfileFormsKey>;
/** The forms' translate function (useTexts), handed to their small parts. */
export type ProfileFormsT = (key: ProfileFormsKey, values?: TextValues) => string;
