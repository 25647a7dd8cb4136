import type { AnyCatalogue } from '../../core/i18n/catalogue.ts';
import { appealFormCatalogue } from './appeal-form/index.ts';
import { appealsCatalogue } from './appeals/index.ts';
import { applicationCatalogue } from './application/index.ts';
import { browserCatalogue } from './browser/index.ts';
import { homeCatalogue } from './home/index.ts';
import { layoutCatalogue } from './layout/index.ts';
import { myDataCatalogue } from './my-data/index.ts';
import { notificationsCatalogue } from './notifications/index.ts';
import { profileFormsCatalogue } from './profile-forms/index.ts';
import { profileManageCatalogue } from './profile-manage/index.ts';
import { reportOrderCatalogue } from './report-order/index.ts';
import { teamChoiceCatalogue } from './team-choice/index.ts';

/** The site's catalogues (`site/i18n/<area>/<locale>.json`), checked as the plugins' are (tests/app/i18n.test.ts). */
/**
 * The catalogues the browser reads (handed over parsed, formatted by site/lib/texts.ts): each message must format there
 * as FormatJS formats it on the server.
 */
export const BROWSER_CATALOGUES: readonly AnyCatalogue[] = [
  browserCatalogue,
  appealFormCatalogue,
  applicationCatalogue,
  myDataCatalogue,
  notificationsCatalogue,
  profileFormsCatalogue,
  reportOrderCatalogue,
  teamChoiceCatalogue,
];

export const SITE_CATALOGUES: readonly AnyCatalogue[] = [
  layoutCatalogue,
  homeCatalogue,
  appealsCatalogue,
  profileManageCatalogue,
  ...BROWSER_CATALOGUES,
];
