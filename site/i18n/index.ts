import type { AnyCatalogue } from '../../core/i18n/catalogue.ts';
import { recruitmentCatalogue } from '../../plugins/recruitment/index.ts';
import { accessCatalogue } from './access/index.ts';
import { adminAppealsCatalogue } from './admin-appeals/index.ts';
import { adminLeaveCatalogue } from './admin-leave/index.ts';
import { adminObjectivesCatalogue } from './admin-objectives/index.ts';
import { adminOrdersCatalogue } from './admin-orders/index.ts';
import { adminRanksCatalogue } from './admin-ranks/index.ts';
import { adminRecruitmentCatalogue } from './admin-recruitment/index.ts';
import { adminReportsCatalogue } from './admin-reports/index.ts';
import { adminSettingsCatalogue } from './admin-settings/index.ts';
import { adminStatisticsCatalogue } from './admin-statistics/index.ts';
import { adminTeamsCatalogue } from './admin-teams/index.ts';
import { adminUsersCatalogue } from './admin-users/index.ts';
import { appealFormCatalogue } from './appeal-form/index.ts';
import { appealsCatalogue } from './appeals/index.ts';
import { applicationCatalogue } from './application/index.ts';
import { billingCatalogue } from './billing/index.ts';
import { browserCatalogue } from './browser/index.ts';
import { coinsCatalogue } from './coins/index.ts';
import { communityCatalogue } from './community/index.ts';
import { dashboardCatalogue } from './dashboard/index.ts';
import { deliveryMessagesCatalogue } from './delivery-messages/index.ts';
import { foodCatalogue } from './food/index.ts';
import { homeCatalogue } from './home/index.ts';
import { infoCatalogue } from './info/index.ts';
import { joinCatalogue } from './join/index.ts';
import { kitchenCatalogue } from './kitchen/index.ts';
import { labelsCatalogue } from './labels/index.ts';
import { layoutCatalogue } from './layout/index.ts';
import { leaveCatalogue } from './leave/index.ts';
import { listCatalogue } from './list/index.ts';
import { myDataCatalogue } from './my-data/index.ts';
import { notificationsCatalogue } from './notifications/index.ts';
import { objectivesCatalogue } from './objectives/index.ts';
import { privacyCatalogue } from './privacy/index.ts';
import { profileCatalogue } from './profile/index.ts';
import { profileFormsCatalogue } from './profile-forms/index.ts';
import { profileManageCatalogue } from './profile-manage/index.ts';
import { profileRecordCatalogue } from './profile-record/index.ts';
import { reportOrderCatalogue } from './report-order/index.ts';
import { staffCatalogue } from './staff/index.ts';
import { storeCatalogue } from './store/index.ts';
import { teamChoiceCatalogue } from './team-choice/index.ts';

/** The site's catalogues the browser reads. */
const SITE_BROWSER_CATALOGUES: readonly AnyCatalogue[] = [
  browserCatalogue,
  staffCatalogue,
  leaveCatalogue,
  dashboardCatalogue,
  foodCatalogue,
  kitchenCatalogue,
  deliveryMessagesCatalogue,
  objectivesCatalogue,
  accessCatalogue,
  infoCatalogue,
  coinsCatalogue,
  appealFormCatalogue,
  applicationCatalogue,
  myDataCatalogue,
  notificationsCatalogue,
  profileFormsCatalogue,
  reportOrderCatalogue,
  teamChoiceCatalogue,
  adminAppealsCatalogue,
  adminLeaveCatalogue,
  adminTeamsCatalogue,
  adminUsersCatalogue,
  adminRanksCatalogue,
  adminOrdersCatalogue,
  adminReportsCatalogue,
  adminSettingsCatalogue,
  adminStatisticsCatalogue,
  adminRecruitmentCatalogue,
  adminObjectivesCatalogue,
];

/**
 * The catalogues the browser reads (handed over parsed, formatted by site/lib/texts.ts): each message must format there
 * as FormatJS formats it on the server. The site's, and the plugins' whose words an island writes (recruitment: an
 * answer's problems, which the form page checks as the server does).
 */
export const BROWSER_CATALOGUES: readonly AnyCatalogue[] = [...SITE_BROWSER_CATALOGUES, recruitmentCatalogue];

/** The site's catalogues (`site/i18n/<area>/<locale>.json`), checked as the plugins' are (tests/app/i18n.test.ts). */
export const SITE_CATALOGUES: readonly AnyCatalogue[] = [
  layoutCatalogue,
  homeCatalogue,
  listCatalogue,
  communityCatalogue,
  storeCatalogue,
  billingCatalogue,
  joinCatalogue,
  appealsCatalogue,
  profileManageCatalogue,
  labelsCatalogue,
  profileRecordCatalogue,
  privacyCatalogue,
  profileCatalogue,
  ...SITE_BROWSER_CATALOGUES,
];
