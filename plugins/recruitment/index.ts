import { needs, signedIn } from '../../core/pages.ts';
import { definePlugin } from '../../core/plugin.ts';
import ranks from '../ranks/index.ts';
import users from '../users/index.ts';
import { RecruitmentAccess } from './access.ts';
import { recruitmentRoutes } from './api.ts';
import { ApplicationsService } from './applications-service.ts';
import { ApplicationHistorySchema, ApplicationSchema, RecruitmentFormSchema } from './entities.ts';
import { FormsService } from './forms-service.ts';
import { recruitmentCatalogue } from './i18n/index.ts';
import { migrations } from './migrations/index.ts';
import { recruitmentPersonalData } from './personal-data.ts';
import { ReviewService } from './review-service.ts';
import { DEMO_APPLICATIONS, DEMO_FORMS, seedRecruitment } from './seed.ts';

export { recruitmentCatalogue } from './i18n/index.ts';
export { reviewsBetweenIn } from './reviews.ts';

export interface RecruitmentPlugin {
  forms: FormsService;
  /** Applying, and reading applications (one's own, or those of the forms one reviews). */
  applications: ApplicationsService;
  /** Changing an application's status. */
  review: ReviewService;
  /** Who may open which recruitment screen (the site's page guards and sidebar ask it). */
  access: RecruitmentAccess;
}

/** The audit actions this plugin's writes record, with the audit log's labels (core/audit). */
const audit = {
  actions: {
    'recruitmentForm.create': 'Created a recruitment form',
    'recruitmentForm.update': 'Edited a recruitment form',
    'recruitmentForm.delete': 'Deleted a recruitment form',
    'application.status': "Changed an application's status",
  },
  targetTypes: ['recruitmentForm', 'application'],
  kinds: { recruitmentForm: 'Recruitment forms', application: 'Recruitment applications' },
} as const;
declare module '../../core/audit/schemas.ts' {
  interface AuditActions extends Record<keyof typeof audit.actions, true> {}
  interface AuditTargetTypes extends Record<(typeof audit.targetTypes)[number], true> {}
}

/** Recruitment forms, applications and their review (docs/recruitment.md). */
export default definePlugin({
  i18n: recruitmentCatalogue,
  audit,
  name: 'recruitment',
  personalData: () => recruitmentPersonalData,
  requires: [ranks, users],
  entities: [RecruitmentFormSchema, ApplicationSchema, ApplicationHistorySchema],
  migrations,
  service: (ctx): RecruitmentPlugin => ({
    forms: new FormsService(ctx),
    applications: new ApplicationsService(ctx),
    review: new ReviewService({ ...ctx, grantHolds: ctx.services.users.grantHolds }),
    access: new RecruitmentAccess(ctx.orm),
  }),
  routes(app, plugin) {
    recruitmentRoutes(app, plugin);
  },
  // §6: RECRUITMENT_MANAGER, VIEW_RECRUITMENT_RESPONSE, or a rank a form names (its manageableRanks) for that form's
  // pages: each guard asks what the matching API call answers (access.ts). Ids are snowflakes (digits), so `create`
  // and `applications` are not taken for one.
  pages: {
    guards: {
      '/recruitment/': signedIn,
      '/staff/admin/recruitment': { reads: (plugin, user) => plugin.access.mayEnter(user) },
      '/staff/admin/recruitment/applications': { reads: (plugin, user) => plugin.access.reviewsAny(user) },
      '/staff/admin/recruitment/create': needs({ all: ['RECRUITMENT_MANAGER'] }),
    },
    paths: [
      // A form's applications and one application (GET .../forms/{id}/applications, GET .../applications/{id}).
      [
        /^\/staff\/admin\/recruitment\/(\d+)\/applications\/?$/,
        { reads: (plugin, user, [formId]) => plugin.access.mayReviewForm(user, formId!) },
      ],
      [
        /^\/staff\/admin\/recruitment\/(\d+)\/applications\/(\d+)\/?$/,
        { reads: (plugin, user, [, applicationId]) => plugin.access.mayReviewApplication(user, applicationId!) },
      ],
      // The form: the builder for RECRUITMENT_MANAGER, read-only for its reviewers.
      [
        /^\/staff\/admin\/recruitment\/(\d+)\/?$/,
        { reads: (plugin, user, [formId]) => plugin.access.mayOpenForm(user, formId!) },
      ],
    ],
    sidebar: [
      {
        section: 'management',
        order: 40,
        label: 'Recruitment',
        labelKey: 'sidebar.recruitment',
        href: '/staff/admin/recruitment',
        icon: 'user-plus',
        needs: { any: ['VIEW_RECRUITMENT_RESPONSE', 'RECRUITMENT_MANAGER'] },
        // A reviewer by rank alone: the forms they may review, each leading to its applications.
        otherwise: async (plugin, user) =>
          (await plugin.access.formsReviewedByRank(user)).map((form) => ({
            label: form.title,
            href: `/staff/admin/recruitment/${form.id}/applications`,
          })),
      },
    ],
    // The demo Chef rank reviews the Delivery Driver form (its manageableRanks, §6), so those pages are the chef's;
    // the Chef form's stay a manager's.
    examples: [
      { path: '/recruitment', opens: 'anonymous' },
      { path: `/recruitment/${DEMO_FORMS.chef}`, opens: 'customer' },
      { path: '/recruitment/applications', opens: 'customer' },
      { path: '/staff/admin/recruitment', opens: 'chef' },
      { path: '/staff/admin/recruitment/applications', opens: 'chef' },
      { path: `/staff/admin/recruitment/${DEMO_FORMS.driver}`, opens: 'chef' },
      { path: `/staff/admin/recruitment/${DEMO_FORMS.driver}/applications`, opens: 'chef' },
      { path: `/staff/admin/recruitment/${DEMO_FORMS.driver}/applications/${DEMO_APPLICATIONS.bea}`, opens: 'chef' },
      { path: '/staff/admin/recruitment/create', opens: 'superAdmin' },
      { path: `/staff/admin/recruitment/${DEMO_FORMS.chef}`, opens: 'superAdmin' },
      { path: `/staff/admin/recruitment/${DEMO_FORMS.chef}/applications`, opens: 'superAdmin' },
      {
        path: `/staff/admin/recruitment/${DEMO_FORMS.chef}/applications/${DEMO_APPLICATIONS.hank}`,
        opens: 'superAdmin',
      },
    ],
    withoutExample: {
      '/recruitment/applications/[id]':
        "an applicant's own application, and the demo customer has none: the recruitment journey applies and opens it (tests/e2e/recruitment.spec.ts)",
    },
  },
  seed: (_plugin, ctx) => seedRecruitment(ctx, ctx.services.ranks),
});
