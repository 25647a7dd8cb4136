import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import type { BrowserTexts, TextValues } from '../../lib/texts.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/**
 * The Recruitment Manager: the forms, the form builder (its island reads this catalogue), the applications list and
 * a reviewer's view of one with its status form. Forms' titles, descriptions and questions are shown as written;
 * statuses, answers and history are the applicant's words (site.application).
 */
export const adminRecruitmentCatalogue = defineCatalogue({
  name: 'site.admin-recruitment',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: {
    fr: [
      'table.actions',
      'builder.questions',
      'settings.description',
      'question.title',
      'question.label',
      'question.type',
    ],
    de: ['list.count', 'table.status'],
    es: ['list.count'],
    'pt-BR': ['list.count', 'table.status'],
  },
});

export const adminRecruitmentText = translator(adminRecruitmentCatalogue);

/** A key of the Recruitment Manager's texts (its islands read them). */
export type AdminRecruitmentKey = keyof typeof en & string;
/** The texts as a page hands them to the form builder and the status form. */
export type AdminRecruitmentTexts = BrowserTexts<AdminRecruitmentKey>;
/** The islands' words, as they format them (`useTexts`), handed down to their parts. */
export type AdminRecruitmentT = (key: AdminRecruitmentKey, values?: TextValues) => string;
