import type { AnyCatalogue } from '../../core/i18n/catalogue.ts';
import { adminAppealsCatalogue } from './admin-appeals/index.ts';
import { adminLeaveCatalogue } from './admin-leave/index.ts';
import { adminOrdersCatalogue } from './admin-orders/index.ts';
import { adminRanksCatalogue } from './admin-ranks/index.ts';
import { adminReportsCatalogue } from './admin-reports/index.ts';
import { adminSettingsCatalogue } from './admin-settings/index.ts';
import { adminStatisticsCatalogue } from './admin-statistics/index.ts';
import { adminTeamsCatalogue } from './admin-teams/index.ts';
import { adminUsersCatalogue } from './admin-users/index.ts';
import { browserCatalogue } from './browser/index.ts';
import { homeCatalogue } from './home/index.ts';
import { layoutCatalogue } from './layout/index.ts';

/** The site's catalogues (`site/i18n/<area>/<locale>.json`), checked as the plugins' are (tests/app/i18n.test.ts). */
/**
 * The catalogues the browser reads (handed over parsed, formatted by site/lib/texts.ts): each message must format there
 * as FormatJS formats it on the server.
 */
export const BROWSER_CATALOGUES: readonly AnyCatalogue[] = [
  browserCatalogue,
  adminAppealsCatalogue,
  adminLeaveCatalogue,
  adminTeamsCatalogue,
  adminUsersCatalogue,
  adminRanksCatalogue,
  adminOrdersCatalogue,
  adminReportsCatalogue,
  adminSettingsCatalogue,
  adminStatisticsCatalogue,
];

export const SITE_CATALOGUES: readonly AnyCatalogue[] = [layoutCatalogue, homeCatalogue, ...BROWSER_CATALOGUES];
