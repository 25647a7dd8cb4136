import { needs, signedIn } from '../../core/pages.ts';
import { definePlugin } from '../../core/plugin.ts';
import settings from '../settings/index.ts';
import users from '../users/index.ts';
import { appealsRoutes } from './api.ts';
import { appealEntities } from './entities.ts';
import { appealsCatalogue } from './i18n/index.ts';
import { migrations } from './migrations/index.ts';
import { appealsPersonalData } from './personal-data.ts';
import { SEEDED_ACCEPTED_APPEAL, seedAppeals } from './seed.ts';
import { AppealsService } from './service.ts';

/** The audit actions this plugin's writes record, with the audit log's labels (core/audit). */
const audit = {
  actions: {
    'appeal.vote': 'Voted on an appeal',
    'appeal.decide': 'Decided an appeal',
  },
  targetTypes: ['appeal'],
  kinds: { appeal: 'Appeals' },
} as const;
declare module '../../core/audit/schemas.ts' {
  interface AuditActions extends Record<keyof typeof audit.actions, true> {}
  interface AuditTargetTypes extends Record<(typeof audit.targetTypes)[number], true> {}
}

export { votesBetweenIn } from './votes.ts';

/** Appeals: a banned user asks for the ban to be lifted; appeal managers vote (docs/appeals.md). */
export default definePlugin({
  i18n: appealsCatalogue,
  audit,
  name: 'appeals',
  personalData: () => appealsPersonalData,
  requires: [settings, users],
  entities: appealEntities,
  migrations,
  service: (ctx) =>
    new AppealsService({
      ...ctx,
      settings: ctx.services.settings,
      userAdmin: ctx.services.users.admin,
    }),
  routes: (app, appeals) => appealsRoutes(app, appeals),
  pages: {
    guards: { '/appeal': signedIn, '/staff/admin/appeals': needs({ all: ['MANAGE_APPEALS'] }) },
    sidebar: [
      {
        section: 'management',
        order: 50,
        label: 'Appeal Manager',
        labelKey: 'sidebar.appealManager',
        href: '/staff/admin/appeals',
        icon: 'scale',
        needs: { all: ['MANAGE_APPEALS'] },
      },
    ],
    // An appeal's own page is its appellant's: see withoutExample.
    examples: [
      { path: '/appeal', opens: 'customer' },
      { path: '/appeal/create', opens: 'customer' },
      { path: '/staff/admin/appeals', opens: 'superAdmin' },
      { path: `/staff/admin/appeals/${SEEDED_ACCEPTED_APPEAL}`, opens: 'superAdmin' },
    ],
    withoutExample: {
      '/appeal/[id]':
        "an appeal is its appellant's alone (anyone else gets the 404 page): the appeals journey opens one (tests/e2e/appeals.spec.ts)",
    },
  },
  seed: (_appeals, ctx) => seedAppeals(ctx),
});
