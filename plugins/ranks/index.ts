import { needs } from '../../core/pages.ts';
import { definePlugin } from '../../core/plugin.ts';
import { ranksRoutes } from './api.ts';
import { seedRanks } from './seed.ts';
import { RanksService } from './service.ts';
import './events.ts';

export type { RanksService } from './service.ts';

/** The audit actions this plugin's writes record, with the audit log's labels (core/audit). */
const audit = {
  actions: {
    'rank.create': 'Created a rank',
    'rank.update': 'Edited a rank',
    'rank.reorder': 'Reordered the ranks',
    'rank.delete': 'Deleted a rank',
  },
  targetTypes: ['rank'],
  kinds: { rank: 'Anything about ranks' },
} as const;
declare module '../../core/audit/schemas.ts' {
  interface AuditActions extends Record<keyof typeof audit.actions, true> {}
  interface AuditTargetTypes extends Record<(typeof audit.targetTypes)[number], true> {}
}

/** The rank tables are the identity kernel's (core/auth/entities.ts); this plugin is their API and admin. */
export default definePlugin({
  audit,
  name: 'ranks',
  service: (ctx) => new RanksService(ctx.orm, ctx.events, ctx.audit),
  routes: ranksRoutes,
  pages: {
    guards: { '/staff/admin/rank-manager': needs({ all: ['MANAGE_RANKS'] }) },
    sidebar: [
      {
        section: 'management',
        order: 80,
        label: 'Rank Manager',
        href: '/staff/admin/rank-manager',
        icon: 'medal',
        needs: { all: ['MANAGE_RANKS'] },
      },
    ],
  },
  seed: seedRanks,
});
