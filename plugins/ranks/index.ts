import { needs } from '../../core/pages.ts';
import { definePlugin } from '../../core/plugin.ts';
import { ranksRoutes } from './api.ts';
import { ranksEntities } from './entities.ts';
import { heldRanks } from './held-ranks.ts';
import { migrations } from './migrations/index.ts';
import { seedRanks } from './seed.ts';
import { RanksService } from './service.ts';
import './events.ts';
import { ranksCatalogue } from './i18n/index.ts';
import { ranksPersonalData } from './personal-data.ts';

export type { HeldRank } from '../../core/auth/held-ranks.ts';
export { type RankChange, type RankChangeEntry, rankHistoryIn, recordRankChangeIn } from './history.ts';
export {
  addRankIn,
  rankHolderIdsIn,
  rankNamedIn,
  ranksByIdIn,
  ranksOfIn,
  ranksOfUsersIn,
  removeRankIn,
  setRanksOfIn,
} from './holdings.ts';
export type { NewRank, RanksService } from './service.ts';

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

/**
 * The staff ladder: the ranks, who holds them and the history of it (its tables; the API the plugins that give, take
 * and show ranks use, exported above), the Rank Manager's routes, and the permission port's filling: the ranks a
 * user holds, which core's session read merges into their permissions and perks (core/auth/held-ranks.ts).
 */
export default definePlugin({
  audit,
  name: 'ranks',
  i18n: ranksCatalogue,
  personalData: () => ranksPersonalData,
  entities: ranksEntities,
  migrations,
  heldRanks,
  service: (ctx) => new RanksService(ctx),
  routes: ranksRoutes,
  pages: {
    guards: { '/staff/admin/rank-manager': needs({ all: ['MANAGE_RANKS'] }) },
    sidebar: [
      {
        section: 'management',
        order: 80,
        label: 'Rank Manager',
        labelKey: 'sidebar.rankManager',
        href: '/staff/admin/rank-manager',
        icon: 'medal',
        needs: { all: ['MANAGE_RANKS'] },
      },
    ],
    examples: [
      { path: '/staff/admin/rank-manager', opens: 'superAdmin' },
      { path: '/staff/admin/rank-manager/create', opens: 'superAdmin' },
    ],
    withoutExample: {
      '/staff/admin/rank-manager/[id]':
        "a rank's id is minted as the demo data is seeded: tests/e2e/pages.spec.ts looks one up and opens it",
    },
  },
  seed: seedRanks,
});
