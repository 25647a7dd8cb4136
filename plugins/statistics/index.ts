import { needs } from '../../core/pages.ts';
import { definePlugin } from '../../core/plugin.ts';
import appeals from '../appeals/index.ts';
import onleave from '../onleave/index.ts';
import orders from '../orders/index.ts';
import ranks from '../ranks/index.ts';
import recruitment from '../recruitment/index.ts';
import { statisticsRoutes } from './api.ts';
import { statisticsEntities } from './entities.ts';
import { statisticsCatalogue } from './i18n/index.ts';
import { migrations } from './migrations/index.ts';
import { statisticsPersonalData } from './personal-data.ts';
import { seedStatistics } from './seed.ts';
import { StatisticsService } from './service.ts';
import { CLOSE_INTERVAL_MS, WeekCloser } from './week-closer.ts';

export interface StatisticsPlugin {
  /** Every member's figures per day, week or month; one record; the charts' days; deleting a snapshot. */
  statistics: StatisticsService;
  /** Writes each member's weekly snapshot once a week has ended; runs while the web server runs. */
  weeks: WeekCloser;
}

/** The audit actions this plugin's writes record, with the audit log's labels (core/audit). */
const audit = {
  actions: {
    'statistics.delete': "Deleted a member's weekly statistics",
  },
  kinds: { statistics: 'Management statistics' },
} as const;
declare module '../../core/audit/schemas.ts' {
  interface AuditActions extends Record<keyof typeof audit.actions, true> {}
}

/** Management statistics: My Performance and Management (docs/statistics.md). */
export default definePlugin({
  audit,
  name: 'statistics',
  i18n: statisticsCatalogue,
  personalData: () => statisticsPersonalData,
  requires: [ranks, onleave, orders, appeals, recruitment],
  entities: statisticsEntities,
  migrations,
  service: (ctx): StatisticsPlugin => {
    // The onleave plugin (before this one; absent in a test's own plugin list): leave days.
    const leave = ctx.services.onleave.requests;
    const statistics = new StatisticsService({
      ...ctx,
      leave: leave ? (from, until, userId) => leave.leaveDaysIn(from, until, userId ?? null) : null,
    });
    return { statistics, weeks: new WeekCloser({ ...ctx, statistics }) };
  },
  routes(app, plugin) {
    statisticsRoutes(app, plugin.statistics);
  },
  pages: {
    guards: {
      '/staff/admin/management-statistics': needs({ all: ['VIEW_MANAGEMENT_STATISTICS'] }),
      '/staff/admin/management-statistics/management': needs({ all: ['MANAGE_MANAGEMENT_STATISTICS'] }),
    },
    sidebar: [
      {
        section: 'management',
        order: 10,
        menu: { label: 'Management Statistics', icon: 'chart-column', labelKey: 'sidebar.managementStatistics' },
        label: 'My Performance',
        labelKey: 'sidebar.myPerformance',
        href: '/staff/admin/management-statistics',
        icon: 'chart-column',
        needs: { all: ['VIEW_MANAGEMENT_STATISTICS'] },
      },
      {
        section: 'management',
        order: 11,
        menu: { label: 'Management Statistics', icon: 'chart-column', labelKey: 'sidebar.managementStatistics' },
        label: 'Management',
        labelKey: 'sidebar.management',
        href: '/staff/admin/management-statistics/management',
        icon: 'chart-column',
        needs: { all: ['MANAGE_MANAGEMENT_STATISTICS'] },
      },
    ],
    examples: [
      { path: '/staff/admin/management-statistics', opens: 'superAdmin' },
      { path: '/staff/admin/management-statistics/management', opens: 'superAdmin' },
    ],
  },
  // Weeks close while the kitchen's deadlines are swept (ORDER_SWEEP_INTERVAL_MS 0, as in tests: never by itself),
  // first soon after start.
  jobs: (plugin, ctx) => [
    {
      name: 'statistics.close',
      intervalMs: ctx.config.plugins.orders.sweepIntervalMs > 0 ? CLOSE_INTERVAL_MS : 0,
      firstDelayMs: 5_000,
      metrics: {
        duration: 'vd_statistics_close_duration_seconds',
        failures: 'vd_statistics_close_failures_total',
        lag: 'vd_statistics_close_lag_seconds',
      },
      run: async () => {
        await plugin.weeks.closeDue();
      },
    },
  ],
  seed: seedStatistics,
});
