import { defineCatalogue, translator } from '../../../core/i18n/catalogue.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/** Site Settings' page, its General tab (each setting's form) and Store tab (items, their form and actions), and the Announce page. */
export const adminSettingsCatalogue = defineCatalogue({
  name: 'site.admin-settings',
  messages: { en, fr, de, es, 'pt-BR': ptBR },
  sameAsEnglish: {
    fr: [
      'general.discord',
      'unit.appealVotesToDecide',
      'announce.counter',
      'type.is-info',
      'type.is-danger',
      'store.column.stock',
      'store.column.actions',
      'item.description',
    ],
    de: [
      'general.discord',
      'label.teamsEnabled',
      'teams.switch',
      'announce.text',
      'announce.counter',
      'type.is-info',
      'type.is-link',
      'item.name',
    ],
    es: ['page.general', 'general.discord', 'announce.counter'],
    'pt-BR': ['general.discord', 'backups.title', 'announce.counter', 'type.is-link', 'store.column.item'],
  },
});

export const adminSettingsText = translator(adminSettingsCatalogue);

/** A key of Site Settings' texts (the settings' forms read them). */
export type AdminSettingsKey = keyof typeof en & string;
