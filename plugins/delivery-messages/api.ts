import { requirePermissions } from '../../core/auth/guards.ts';
import { NoContentSchema } from '../../core/http/zod.ts';
import type { App } from '../../core/plugin.ts';
import {
  CreateDeliveryMessageBodySchema,
  DeliveryMessageResponseSchema,
  DeliveryMessagesQuerySchema,
  DeliveryMessagesResponseSchema,
  DIRECTORY,
  MessageRefParamsSchema,
  UpdateDeliveryMessageBodySchema,
} from './schemas.ts';
import type { DeliveryMessagesService } from './service.ts';

/** Every route: the sidebar's rule. Editing and deleting someone else's message also needs MANAGE_USERS (the service checks). */
const directory = requirePermissions(DIRECTORY);

/** Specification §7 "Delivery messages". */
export function deliveryMessagesRoutes(app: App, messages: DeliveryMessagesService): void {
  app.get(
    '/api/client/delivery-messages',
    {
      onRequest: directory,
      schema: { querystring: DeliveryMessagesQuerySchema, response: { 200: DeliveryMessagesResponseSchema } },
    },
    async (request) => messages.list(request.user!, request.query),
  );
  app.post(
    '/api/client/delivery-messages',
    {
      onRequest: directory,
      config: { openapi: { responses: { '409': 'The slug given is already taken by another message.' } } },
      schema: { body: CreateDeliveryMessageBodySchema, response: { 201: DeliveryMessageResponseSchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return { deliveryMessage: await messages.create(request.user!, request.body) };
    },
  );
  app.get(
    '/api/client/delivery-messages/:ref',
    {
      onRequest: directory,
      config: { openapi: { responses: { '404': 'No premade message has this slug or ID.' } } },
      schema: { params: MessageRefParamsSchema, response: { 200: DeliveryMessageResponseSchema } },
    },
    async (request) => ({
      deliveryMessage: await messages.get(request.user!, request.params.ref),
    }),
  );
  app.patch(
    '/api/client/delivery-messages/:ref',
    {
      onRequest: directory,
      config: { openapi: { responses: { '409': 'The new slug is already taken by another message.' } } },
      schema: {
        params: MessageRefParamsSchema,
        body: UpdateDeliveryMessageBodySchema,
        response: { 200: DeliveryMessageResponseSchema },
      },
    },
    async (request) => ({
      deliveryMessage: await messages.update(request.user!, request.params.ref, request.body),
    }),
  );
  app.delete(
    '/api/client/delivery-messages/:ref',
    { onRequest: directory, schema: { params: MessageRefParamsSchema, response: { 204: NoContentSchema } } },
    async (request, reply) => {
      await messages.delete(request.user!, request.params.ref);
      return reply.code(204).send();
    },
  );
}
