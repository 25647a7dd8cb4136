import { requirePermissions } from '../../core/auth/guards.ts';
import type { App } from '../../core/plugin.ts';
import { actor } from './api.ts';
import type { FoodLookupService } from './food-lookup.ts';
import {
  FoodLookupCreateBodySchema,
  FoodLookupIdParamsSchema,
  FoodLookupItemResponseSchema,
  FoodLookupListResponseSchema,
  FoodLookupSearchBodySchema,
  FoodLookupSearchQuerySchema,
  FoodLookupUpdateBodySchema,
} from './schemas.ts';

const viewFoodLookup = requirePermissions({ all: ['VIEW_FOOD_LOOKUP'] });
/** Food lookup management is one of the specification's admin-only calls: SUPER_ADMIN. */
const manageFoodLookup = requirePermissions({ all: ['SUPER_ADMIN'] });

export function foodLookupRoutes(app: App, foodLookup: FoodLookupService): void {
  app.get(
    '/api/client/orders/food-lookup',
    {
      onRequest: viewFoodLookup,
      schema: { querystring: FoodLookupSearchQuerySchema, response: { 200: FoodLookupListResponseSchema } },
    },
    async (request) => ({
      lookup: await foodLookup.list(request.query.query),
    }),
  );
  // The search the food lookup screen sends: the query goes to the log.
  app.post(
    '/api/client/orders/food-lookup',
    {
      onRequest: viewFoodLookup,
      schema: { body: FoodLookupSearchBodySchema, response: { 200: FoodLookupListResponseSchema } },
    },
    async (request) => ({
      lookup: await foodLookup.search(actor(request).id, request.body.query),
    }),
  );
  app.post(
    '/api/client/orders/food-lookup/items',
    {
      onRequest: manageFoodLookup,
      schema: { body: FoodLookupCreateBodySchema, response: { 201: FoodLookupItemResponseSchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return { lookup: await foodLookup.create(actor(request), request.body) };
    },
  );
  app.patch(
    '/api/client/orders/food-lookup/:id',
    {
      onRequest: manageFoodLookup,
      config: { openapi: { responses: { '404': 'No food lookup item has this ID.' } } },
      schema: {
        params: FoodLookupIdParamsSchema,
        body: FoodLookupUpdateBodySchema,
        response: { 200: FoodLookupItemResponseSchema },
      },
    },
    async (request) => ({
      lookup: await foodLookup.update(actor(request), request.params.id, request.body),
    }),
  );
  app.delete(
    '/api/client/orders/food-lookup/:id',
    {
      onRequest: manageFoodLookup,
      config: { openapi: { responses: { '404': 'No food lookup item has this ID.' } } },
      schema: { params: FoodLookupIdParamsSchema, response: { 200: FoodLookupItemResponseSchema } },
    },
    async (request) => ({
      lookup: await foodLookup.delete(actor(request), request.params.id),
    }),
  );
}
