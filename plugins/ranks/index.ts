import { definePlugin } from '../../core/plugin.ts';
import { ranksRoutes } from './api.ts';
import { seedRanks } from './seed.ts';
import { RanksService } from './service.ts';
import './events.ts';

export type { RanksService } from './service.ts';

/** The rank tables are the identity kernel's (core/auth/entities.ts); this plugin is their API and admin. */
export default definePlugin({
  name: 'ranks',
  service: (ctx) => new RanksService(ctx.orm, ctx.events, ctx.audit),
  routes: ranksRoutes,
  seed: seedRanks,
});
