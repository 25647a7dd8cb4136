import { publicAccess, requireAuth, requirePermissions } from '../../core/auth/guards.ts';
import { NoContentSchema } from '../../core/http/zod.ts';
import type { App } from '../../core/plugin.ts';
import type { StoreItems } from './items.ts';
import type { StorePurchases } from './purchases.ts';
import {
  AdminStoreItemsResponseSchema,
  CreateItemBodySchema,
  FulfilledPurchaseResponseSchema,
  ItemIdParamsSchema,
  PurchaseBodySchema,
  PurchaseIdParamsSchema,
  PurchaseResponseSchema,
  PurchasesQuerySchema,
  PurchasesResponseSchema,
  RecipientQuerySchema,
  RecipientResponseSchema,
  RestockBodySchema,
  StoreItemResponseSchema,
  StoreItemsResponseSchema,
  UpdateItemBodySchema,
} from './schemas.ts';

const manageSettings = requirePermissions({ all: ['MANAGE_SETTINGS'] });

/** Per signed-in user (the guard ran before, on onRequest), not per address: people behind one address do not share it. */
const perUser = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: { user?: { id: string } | null; ip: string }) => request.user?.id ?? request.ip,
  },
});

/** §7 store items and purchases, and the store screen's item management (MANAGE_SETTINGS). docs/store.md. */
export function storeItemsRoutes(
  app: App,
  items: StoreItems,
  purchases: StorePurchases,
  purchasesPerMinute: number,
): void {
  shopRoutes(app, items, purchases, purchasesPerMinute);
  itemAdminRoutes(app, items);
  purchaseAdminRoutes(app, purchases);
}

/** What a customer sees and does: the items on sale, buying or gifting one, finding a gift's recipient. */
function shopRoutes(app: App, items: StoreItems, purchases: StorePurchases, purchasesPerMinute: number): void {
  app.get(
    '/api/client/store/items',
    { onRequest: publicAccess, schema: { response: { 200: StoreItemsResponseSchema } } },
    async () => ({ items: await items.onSale() }),
  );

  app.post(
    '/api/client/store/items/purchase',
    {
      onRequest: requireAuth(),
      config: {
        ...(purchasesPerMinute > 0 ? perUser(purchasesPerMinute) : {}),
        openapi: {
          responses: {
            '404': 'No item has this ID, or nobody has the gift’s recipient ID.',
            '409':
              'The item is not on sale or is sold out, the recipient already has as many as one user may get, the buyer has too few coins, or the gift’s recipient is banned or blacklisted.',
          },
        },
      },
      schema: { body: PurchaseBodySchema, response: { 200: PurchaseResponseSchema } },
    },
    async (request) => purchases.purchase(request.user!, request.body),
  );

  // Finding a gift's recipient: an exact ID or username, answering ID, name and avatar only (no search of users).
  app.get(
    '/api/client/store/recipient',
    {
      onRequest: requireAuth(),
      config: { ...perUser(60), openapi: { responses: { '404': 'Nobody has this ID or username.' } } },
      schema: { querystring: RecipientQuerySchema, response: { 200: RecipientResponseSchema } },
    },
    async (request) => ({
      recipient: await purchases.findRecipient(request.query.query),
    }),
  );
}

/** The store screen's items (MANAGE_SETTINGS): every item, create, edit, restock, delete. */
function itemAdminRoutes(app: App, items: StoreItems): void {
  app.get(
    '/api/client/store/items/all',
    { onRequest: manageSettings, schema: { response: { 200: AdminStoreItemsResponseSchema } } },
    async () => ({ items: await items.all() }),
  );

  app.post(
    '/api/client/store/items',
    { onRequest: manageSettings, schema: { body: CreateItemBodySchema, response: { 201: StoreItemResponseSchema } } },
    async (request, reply) => {
      const item = await items.create(request.user!, request.body);
      return reply.code(201).send({ item });
    },
  );

  app.patch(
    '/api/client/store/items/:id',
    {
      onRequest: manageSettings,
      config: { openapi: { responses: { '404': 'No store item has this ID.' } } },
      schema: { params: ItemIdParamsSchema, body: UpdateItemBodySchema, response: { 200: StoreItemResponseSchema } },
    },
    async (request) => ({
      item: await items.update(request.user!, request.params.id, request.body),
    }),
  );

  app.post(
    '/api/client/store/items/:id/restock',
    {
      onRequest: manageSettings,
      config: {
        openapi: {
          responses: {
            '404': 'No store item has this ID.',
            '409': 'The item has unlimited stock, or the stock would go over 1,000,000.',
          },
        },
      },
      schema: { params: ItemIdParamsSchema, body: RestockBodySchema, response: { 200: StoreItemResponseSchema } },
    },
    async (request) => ({
      item: await items.restock(request.user!, request.params.id, request.body.add),
    }),
  );

  app.delete(
    '/api/client/store/items/:id',
    {
      onRequest: manageSettings,
      config: {
        openapi: {
          responses: {
            '404': 'No store item has this ID.',
            '409': 'Someone has bought the item, so it cannot be deleted: take it off sale instead.',
          },
        },
      },
      schema: { params: ItemIdParamsSchema, response: { 204: NoContentSchema } },
    },
    async (request, reply) => {
      await items.delete(request.user!, request.params.id);
      return reply.code(204).send();
    },
  );
}

/** The store screen's purchases (MANAGE_SETTINGS): by status, and fulfilling a custom one. */
function purchaseAdminRoutes(app: App, purchases: StorePurchases): void {
  app.get(
    '/api/client/store/items/purchases',
    {
      onRequest: manageSettings,
      schema: { querystring: PurchasesQuerySchema, response: { 200: PurchasesResponseSchema } },
    },
    async (request) => ({
      purchases: await purchases.withStatus(request.query.status),
    }),
  );

  app.post(
    '/api/client/store/items/purchases/:id/fulfil',
    {
      onRequest: manageSettings,
      config: {
        openapi: {
          responses: {
            '404': 'No purchase has this ID.',
            '409': 'The purchase was already fulfilled, or is not a custom reward (only those are fulfilled by staff).',
          },
        },
      },
      schema: { params: PurchaseIdParamsSchema, response: { 200: FulfilledPurchaseResponseSchema } },
    },
    async (request) => ({
      purchase: await purchases.fulfil(request.user!, request.params.id),
    }),
  );
}
