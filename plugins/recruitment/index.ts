import { definePlugin } from '../../core/plugin.ts';
import { recruitmentRoutes } from './api.ts';
import { ApplicationHistorySchema, ApplicationSchema, RecruitmentFormSchema } from './entities.ts';
import { migrations } from './migrations/index.ts';
import { seedRecruitment } from './seed.ts';
import { RecruitmentService } from './service.ts';

/** Recruitment forms, applications and their review (docs/recruitment.md). */
export default definePlugin({
  name: 'recruitment',
  entities: [RecruitmentFormSchema, ApplicationSchema, ApplicationHistorySchema],
  migrations,
  service: (ctx) => new RecruitmentService(ctx.orm, ctx.events, ctx.audit, ctx.now),
  routes(app, service) {
    recruitmentRoutes(app, service);
  },
  seed: (_service, ctx) => seedRecruitment(ctx),
});
