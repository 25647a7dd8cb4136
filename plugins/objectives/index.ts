import { needs } from '../../core/pages.ts';
import { definePlugin } from '../../core/plugin.ts';
import { objectivesRoutes } from './api.ts';
import { ClaimsService } from './claims.ts';
import { ObjectiveSchema, objectiveEntities } from './entities.ts';
import { objectivesCatalogue } from './i18n/index.ts';
import './events.ts';
import store from '../store/index.ts';
import { ObjectiveLive } from './live.ts';
import { migrations } from './migrations/index.ts';
import { objectivesPersonalData } from './personal-data.ts';
import { OBJECTIVE_ADMIN, type ObjectiveCompletedData } from './schemas.ts';
import { seedObjectives } from './seed.ts';
import { ObjectivesService } from './service.ts';

export interface ObjectivesPlugin {
  /** Create, delete, lists, the audience preview, CUSTOM rewards fulfilled. */
  objectives: ObjectivesService;
  /** Progress per user and claims (the reward paid through the store in the claim's transaction). */
  claims: ClaimsService;
}

/** The audit actions this plugin's writes record, with the audit log's labels (core/audit). */
const audit = {
  actions: {
    'objective.create': 'Created an objective',
    'objective.delete': 'Deleted an objective',
    'objective.fulfil': 'Fulfilled an objective reward',
  },
  targetTypes: ['objective'],
  kinds: { objective: 'Objectives' },
} as const;
declare module '../../core/audit/schemas.ts' {
  interface AuditActions extends Record<keyof typeof audit.actions, true> {}
  interface AuditTargetTypes extends Record<(typeof audit.targetTypes)[number], true> {}
}

/** Achievements and objectives (docs/objectives.md): targets of orders prepared or delivered, and their rewards. */
export default definePlugin({
  i18n: objectivesCatalogue,
  audit,
  name: 'objectives',
  personalData: () => objectivesPersonalData,
  requires: [store],
  entities: objectiveEntities,
  migrations,
  service: (ctx): ObjectivesPlugin => {
    new ObjectiveLive(ctx).listen();
    // A perk an objective rewards is named after the objective in the user manager's view.
    ctx.services.store.grants.nameSourcesWith('objective', async (em, ids) => {
      const objectives = await em.find(ObjectiveSchema, { id: { $in: [...ids] } }, { fields: ['id', 'title'] });
      return new Map(objectives.map((objective) => [objective.id, objective.title]));
    });
    return {
      objectives: new ObjectivesService(ctx),
      claims: new ClaimsService({ ...ctx, store: ctx.services.store }),
    };
  },
  routes: (app, plugin) => objectivesRoutes(app, plugin.objectives, plugin.claims),
  pages: {
    guards: {
      '/staff/achievements': needs({ all: ['VIEW_OWN_ACHIEVEMENTS'] }),
      '/staff/achievements/create': needs(OBJECTIVE_ADMIN),
    },
    sidebar: [
      {
        section: 'top',
        order: 40,
        label: 'My Achievements',
        labelKey: 'sidebar.myAchievements',
        href: '/staff/achievements',
        icon: 'trophy',
        needs: { all: ['VIEW_OWN_ACHIEVEMENTS'] },
      },
    ],
    examples: [
      { path: '/staff/achievements', opens: 'chef' },
      { path: '/staff/achievements/create', opens: 'superAdmin' },
    ],
  },
  gateway: {
    objectiveCompleted: ({ userId, objectiveId, title, progress, target, reward }) => ({
      t: 'objectiveCompleted',
      data: { objectiveId, title, progress, target, reward } satisfies ObjectiveCompletedData,
      to: { userId },
    }),
  },
  seed: (plugin, ctx) => seedObjectives(plugin, ctx),
});
