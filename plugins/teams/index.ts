import { needs } from '../../core/pages.ts';
import { definePlugin } from '../../core/plugin.ts';
import orders from '../orders/index.ts';
import settings from '../settings/index.ts';
import users from '../users/index.ts';
import { teamsRoutes } from './api.ts';
import { TeamCounter } from './counter.ts';
import { teamEntities } from './entities.ts';
import { teamsCatalogue } from './i18n/index.ts';
import { TeamMembership } from './members.ts';
import { migrations } from './migrations/index.ts';
import { teamsPersonalData } from './personal-data.ts';
import { seedTeams } from './seed.ts';
import { TeamsService } from './service.ts';

export interface TeamsPlugin {
  /** The teams, who may see them, reset-orders. */
  teams: TeamsService;
  /** Who is in which team: one move, many, balance. */
  members: TeamMembership;
  /** The delivered-orders counters (listening to deliverOrder) and Top teams. */
  counter: TeamCounter;
}

/** The audit actions this plugin's writes record, with the audit log's labels (core/audit). */
const audit = {
  actions: {
    'user.team.update': "Changed someone's team",
    'team.create': 'Created a team',
    'team.update': 'Edited a team',
    'team.delete': 'Deleted a team',
    'team.reset': "Reset a team's orders",
  },
  targetTypes: ['team'],
  kinds: { team: 'Teams' },
} as const;
declare module '../../core/audit/schemas.ts' {
  interface AuditActions extends Record<keyof typeof audit.actions, true> {}
  interface AuditTargetTypes extends Record<(typeof audit.targetTypes)[number], true> {}
}

/** Teams (issue 14): Team Manager, the counters fed by deliveries, the leaderboard's Top teams. */
export default definePlugin({
  i18n: teamsCatalogue,
  audit,
  name: 'teams',
  personalData: () => teamsPersonalData,
  requires: [settings, users, orders],
  entities: teamEntities,
  migrations,
  service: (ctx): TeamsPlugin => {
    const teams = new TeamsService({ ...ctx, settings: ctx.services.settings });
    const counter = new TeamCounter({ ...ctx, teams });
    counter.listen(ctx.events);
    // The orders plugin (before this one; absent in a test's own plugin list) shows Top teams on its leaderboard.
    const stats = ctx.services.orders.stats;
    if (stats) {
      stats.withTeams((period, since) => counter.board(period, since));
      teams.whenBoardChanges(() => stats.forgetLeaderboards());
    }
    // User objects carry their team (§3): the users plugin (before this one) asks here.
    ctx.services.users.users.lookUpTeamsWith({
      visibleTo: (viewer) => teams.visibleTo(viewer),
      teamIdsOf: (ids) => teams.teamIdsOf(ids),
    });
    return { teams, members: new TeamMembership({ ...ctx, teams }), counter };
  },
  routes(app, plugin) {
    teamsRoutes(app, plugin.teams, plugin.members);
  },
  pages: {
    guards: { '/staff/admin/teams': needs({ all: ['MANAGE_TEAMS'] }) },
    sidebar: [
      {
        section: 'management',
        order: 60,
        label: 'Team Manager',
        labelKey: 'sidebar.teamManager',
        href: '/staff/admin/teams',
        icon: 'users-round',
        needs: { all: ['MANAGE_TEAMS'] },
      },
    ],
    examples: [
      { path: '/staff/admin/teams', opens: 'superAdmin' },
      { path: '/staff/admin/teams/create', opens: 'superAdmin' },
    ],
  },
  // Counted orders delivered while no process listened (or before credits kept their people) reach the boards.
  start: (plugin) => plugin.counter.catchUp(),
  seed: (plugin, ctx) => seedTeams(plugin.counter, ctx),
});
