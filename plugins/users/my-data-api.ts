import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../../core/auth/guards.ts';
import { clearSessionCookie } from '../../core/auth/request-session.ts';
import { NoContentSchema } from '../../core/http/zod.ts';
import type { App, CoreContext } from '../../core/plugin.ts';
import type { MyDataService } from './my-data.ts';
import { DeleteAccountBodySchema, MyDataExportSchema } from './schemas.ts';

/**
 * Per signed-in user (the guard has run; an address only for a request it refused): an export reads every table of
 * every plugin, a deletion happens once. Enough for a person, too few for a loop.
 */
export const MY_DATA_RATE_LIMIT = {
  max: 10,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
};

/**
 * Users own their data (docs/my-data.md). Both routes stay open to banned users: a ban takes the diner away, not a
 * person's right to see or delete what it holds about them (the ban itself survives a deletion).
 */
export function myDataRoutes(app: App, myData: MyDataService, ctx: Pick<CoreContext, 'config'>): void {
  app.get(
    '/api/client/users/@me/export',
    {
      onRequest: requireAuth({ allowBanned: true }),
      config: { rateLimit: MY_DATA_RATE_LIMIT },
      schema: { response: { 200: MyDataExportSchema } },
    },
    async (request, reply) => {
      const data = await myData.exportFor(request.user!.id);
      reply.header('content-disposition', `attachment; filename="virtual-diner-${data.userId}.json"`);
      reply.header('cache-control', 'no-store');
      return data;
    },
  );

  app.delete(
    '/api/client/users/@me',
    {
      onRequest: requireAuth({ allowBanned: true }),
      config: {
        rateLimit: MY_DATA_RATE_LIMIT,
        openapi: {
          responses: {
            '404': 'The account was deleted meanwhile (by another of its sessions).',
            '503': 'A subscription could not be cancelled with the payment provider: nothing was deleted.',
          },
        },
      },
      schema: { body: DeleteAccountBodySchema, response: { 204: NoContentSchema } },
    },
    async (request, reply) => {
      await myData.deleteAccount(request.user!, request.body.username);
      clearSessionCookie(reply, ctx.config);
      return reply.code(204).send();
    },
  );
}
