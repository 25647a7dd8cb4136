import { needs } from '../../core/pages.ts';
import { definePlugin } from '../../core/plugin.ts';
import orders from '../orders/index.ts';
import users from '../users/index.ts';
import { reportsRoutes } from './api.ts';
import { OrderReportSchema } from './entities.ts';
import { reportsCatalogue } from './i18n/index.ts';
import { ReportManagerService } from './manager.ts';
import { migrations } from './migrations/index.ts';
import { reportsPersonalData } from './personal-data.ts';
import { REPORT_MANAGER } from './schemas.ts';
import { SEEDED_REPORTS_PREFIX, seedReports } from './seed.ts';
import { ReportFilingService } from './service.ts';

export interface ReportsPlugin {
  /** Filing: the customer's eligibility and report, the driver's reports copied from deliveries. */
  filing: ReportFilingService;
  /** The Report Manager: list, detail, warn, complete. */
  manager: ReportManagerService;
}

/** The audit actions this plugin's writes record, with the audit log's labels (core/audit). */
const audit = {
  actions: {
    'report.complete': 'Completed an order report',
  },
  targetTypes: ['report'],
  kinds: { report: 'Order reports' },
} as const;
declare module '../../core/audit/schemas.ts' {
  interface AuditActions extends Record<keyof typeof audit.actions, true> {}
  interface AuditTargetTypes extends Record<(typeof audit.targetTypes)[number], true> {}
}

/** Order reports: the feedback menu and the Report Manager (issue 15). */
export default definePlugin({
  i18n: reportsCatalogue,
  audit,
  name: 'reports',
  personalData: () => reportsPersonalData,
  requires: [users, orders],
  entities: [OrderReportSchema],
  migrations,
  service: (ctx): ReportsPlugin => ({
    filing: new ReportFilingService(ctx),
    manager: new ReportManagerService({
      ...ctx,
      admin: ctx.services.users.admin,
      orders: ctx.services.orders.orders,
    }),
  }),
  routes(app, plugin) {
    reportsRoutes(app, plugin.filing, plugin.manager);
  },
  pages: {
    guards: {
      '/feedback/report-order': needs({ perks: ['FEEDBACK_BETA'] }),
      '/staff/admin/report-manager': needs(REPORT_MANAGER),
    },
    sidebar: [
      {
        section: 'management',
        order: 30,
        menu: { label: 'Report Manager', icon: 'flag', labelKey: 'sidebar.reportManager' },
        label: 'Order Reports',
        labelKey: 'sidebar.orderReports',
        href: '/staff/admin/report-manager/orders',
        icon: 'flag',
        needs: REPORT_MANAGER,
      },
    ],
    // The report page is behind the perk alone: the demo customer and chef lack it, SUPER_ADMIN passes.
    examples: [
      { path: '/feedback/report-order', opens: 'superAdmin' },
      { path: '/staff/admin/report-manager/orders', opens: 'superAdmin' },
      // The open Wrong item report.
      { path: `/staff/admin/report-manager/orders/${SEEDED_REPORTS_PREFIX}01`, opens: 'superAdmin' },
    ],
  },
  // At start: reports older than their order-summary columns get them (docs/reports.md), then driver reports made
  // while no process listened (or before this plugin existed) are copied.
  start: async (plugin) => {
    await plugin.filing.fillOrderSummaries();
    await plugin.filing.syncDriverReports();
  },
  seed: (plugin, ctx) => seedReports(plugin, ctx),
});
