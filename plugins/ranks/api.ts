import { publicAccess } from '../../core/auth/guards.ts';
import type { App } from '../../core/plugin.ts';
import { RankIdParamsSchema, type RanksResponse, type RankView } from './schemas.ts';
import type { RanksService } from './service.ts';

export function ranksRoutes(app: App, ranks: RanksService): void {
  // Public: the team page and every rank badge need them.
  app.get('/api/client/ranks', { preHandler: publicAccess }, async (): Promise<RanksResponse> => ({ ranks: await ranks.list() }));
  app.get('/api/client/ranks/:id', { preHandler: publicAccess, schema: { params: RankIdParamsSchema } }, async (request): Promise<{ rank: RankView }> => ({
    rank: await ranks.get(request.params.id),
  }));
}
