import type { FastifyRequest } from 'fastify';
import { publicAccess, requirePermissions, requireSelfOrPermissions } from '../../core/auth/guards.ts';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import { acceptsEncoding } from '../../core/http/compress.ts';
import { sendJson } from '../../core/http/json-text.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import type { App } from '../../core/plugin.ts';
import { ordersText } from './i18n/index.ts';
import type { OrdersPlugin } from './index.ts';
import {
  DeleteBodySchema,
  DeliverBodySchema,
  DeliveryQueueEntryResponseSchema,
  DeliveryQueueResponseSchema,
  LeaderboardQuerySchema,
  LeaderboardResponseSchema,
  OrderRefParamsSchema,
  OrderResponseSchema,
  OrdersResponseSchema,
  PrepareBodySchema,
  UserFeedbackResponseSchema,
  UserIdParamsSchema,
} from './schemas.ts';

export const manageOrders = requirePermissions({ all: ['MANAGE_ORDERS'] });

export function actor(request: FastifyRequest): CurrentUser {
  if (!request.user) throw localizedError(ordersText, 'unauthorized', 'refusal.signIn');
  return request.user;
}

/** Specification section 7 'Orders': the order manager's calls, the delivery queue, history and the leaderboard. */
export function ordersRoutes(app: App, plugin: OrdersPlugin): void {
  listRoutes(app, plugin);
  queueRoutes(app, plugin);
  orderActionRoutes(app, plugin);
}

/** The kitchen's list, the leaderboard, a user's history and what customers rated their work. */
function listRoutes(app: App, { orders, stats, feedback }: OrdersPlugin): void {
  // The most requested list: bytes made once per change and encoding (service), gzipped for clients that take it
  // (every browser; not brotli, which cannot be made in parts: docs/adr/0024-the-active-list-in-gzip-parts.md).
  app.get(
    '/api/client/orders',
    { onRequest: manageOrders, schema: { response: { 200: OrdersResponseSchema } } },
    async (request, reply) => {
      const encoding = acceptsEncoding(request.headers['accept-encoding'], 'gzip') ? 'gzip' : 'identity';
      const body = await orders.activeOrdersBody(encoding);
      reply.header('cache-control', 'no-store').header('vary', 'accept-encoding');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return sendJson(reply, body);
    },
  );

  app.get(
    '/api/client/orders/leaderboard',
    {
      onRequest: publicAccess,
      schema: { querystring: LeaderboardQuerySchema, response: { 200: LeaderboardResponseSchema } },
    },
    async (request) => ({
      leaderboard: await stats.leaderboard(request.query.period),
    }),
  );

  // The user themself, or staff who work with orders (the kitchen) or read the backlog (managers).
  app.get(
    '/api/client/orders/user/:id',
    {
      onRequest: requireSelfOrPermissions({ any: ['MANAGE_ORDERS', 'VIEW_BACKLOG'] }),
      schema: { params: UserIdParamsSchema, response: { 200: OrdersResponseSchema } },
    },
    async (request) => ({ orders: await orders.history(request.params.id) }),
  );

  // What customers rated the user's work: the user themself, or managers (backlog readers, user managers).
  app.get(
    '/api/client/users/:id/order-feedback',
    {
      onRequest: requireSelfOrPermissions({ any: ['VIEW_BACKLOG', 'MANAGE_USERS'] }),
      schema: { params: UserIdParamsSchema, response: { 200: UserFeedbackResponseSchema } },
    },
    async (request) => ({
      feedback: await feedback.forStaff(request.params.id),
    }),
  );
}

/** The delivery queue: who is waiting to drive, joining and leaving it. */
function queueRoutes(app: App, { orders }: OrdersPlugin): void {
  app.get(
    '/api/client/orders/delivery-queue',
    { onRequest: manageOrders, schema: { response: { 200: DeliveryQueueResponseSchema } } },
    async () => ({
      queue: await orders.listQueue(),
    }),
  );
  app.post(
    '/api/client/orders/delivery-queue/join',
    {
      onRequest: manageOrders,
      config: {
        openapi: { responses: { '409': 'The caller is on leave, or left the queue while joining it.' } },
      },
      schema: { response: { 200: DeliveryQueueEntryResponseSchema } },
    },
    async (request) => ({
      queue: await orders.joinQueue(actor(request).id),
    }),
  );
  app.delete(
    '/api/client/orders/delivery-queue/leave',
    {
      onRequest: manageOrders,
      config: { openapi: { responses: { '404': 'The caller is not in the delivery queue.' } } },
      schema: { response: { 200: DeliveryQueueEntryResponseSchema } },
    },
    async (request) => ({
      queue: await orders.leaveQueue(actor(request).id),
    }),
  );
}

/** One order, and what staff do with it: claim, unclaim, prepare, deliver, delete. */
function orderActionRoutes(app: App, { orders, foodLookup }: OrdersPlugin): void {
  const params = { params: OrderRefParamsSchema, response: { 200: OrderResponseSchema } };
  app.get(
    '/api/client/orders/:id',
    {
      onRequest: manageOrders,
      schema: params,
      config: { openapi: { responses: { '404': 'No order has this ID or order code.' } } },
    },
    async (request) => ({ order: await orders.get(request.params.id) }),
  );
  app.post(
    '/api/client/orders/:id/claim',
    {
      onRequest: manageOrders,
      config: {
        openapi: {
          responses: {
            '404': 'No order has this ID or order code.',
            '409':
              'The order was claimed by someone else first or is no longer waiting, or the caller already holds another order.',
          },
        },
      },
      schema: params,
    },
    async (request) => ({
      order: await orders.claim(actor(request), request.params.id),
    }),
  );
  app.post(
    '/api/client/orders/:id/unclaim',
    {
      onRequest: manageOrders,
      config: {
        openapi: {
          responses: {
            '404': 'No order has this ID or order code.',
            '409': 'The order is no longer claimed (the answer carries its current state).',
          },
        },
      },
      schema: params,
    },
    async (request) => ({
      order: await orders.unclaim(actor(request), request.params.id),
    }),
  );
  app.post(
    '/api/client/orders/:id/prepare',
    {
      onRequest: manageOrders,
      schema: { ...params, body: PrepareBodySchema },
      config: {
        openapi: {
          responses: {
            '404': 'No order has this ID or order code.',
            '409': 'The order is no longer claimed by the caller (the answer carries its current state).',
          },
        },
      },
    },
    async (request) => {
      const known = await foodLookup.knownImages(request.body.images);
      return { order: await orders.prepare(actor(request), request.params.id, request.body, known) };
    },
  );
  app.post(
    '/api/client/orders/:id/deliver',
    {
      onRequest: manageOrders,
      config: {
        openapi: {
          responses: {
            '404': 'No order has this ID or order code.',
            '409': 'The order is not ready for delivery, or was delivered or closed by someone else first.',
          },
        },
      },
      schema: { ...params, body: DeliverBodySchema },
    },
    async (request) => ({
      order: await orders.deliver(actor(request), request.params.id, request.body),
    }),
  );
  app.delete(
    '/api/client/orders/:id/delete',
    {
      onRequest: manageOrders,
      config: {
        openapi: {
          responses: {
            '404': 'No order has this ID or order code.',
            '409': 'The order is no longer active: it was delivered, cancelled or deleted.',
          },
        },
      },
      schema: { ...params, body: DeleteBodySchema },
    },
    async (request) => ({
      order: await orders.delete(actor(request), request.params.id, request.body),
    }),
  );
}
