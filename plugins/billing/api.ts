import { publicAccess, requireAuth } from '../../core/auth/guards.ts';
import type { OperationDoc } from '../../core/http/routes.ts';
import type { App } from '../../core/plugin.ts';
import {
  BillingPortalResponseSchema,
  CheckoutResponseSchema,
  CreateSubscriptionBodySchema,
  MySubscriptionsResponseSchema,
  PlansResponseSchema,
  WebhookAnswerSchema,
} from './schemas.ts';
import type { BillingService } from './service.ts';

/** Stripe sends an event's retries from a few addresses; this is a ceiling against a flood of bad signatures. */
const WEBHOOK_RATE_LIMIT = { max: 6_000, timeWindow: '1 minute' };

/** What the API document says of the webhook: Stripe signs the raw body, which the route checks itself. */
const WEBHOOK_DOC: OperationDoc = {
  description: 'For Stripe only: the event, signed with the webhook secret.',
  headers: [
    {
      name: 'Stripe-Signature',
      required: true,
      description: 'Stripe’s signature of the raw body (`t=…,v1=…`); a missing or wrong one is 400.',
      schema: { type: 'string' },
    },
  ],
  requestBody: {
    required: true,
    content: { 'application/json': { schema: { type: 'object', description: 'A Stripe event.' } } },
  },
};

/** Specification §7 "Settings, store, subscriptions" (the Stripe part) and Stripe's webhook. */
export function billingRoutes(app: App, billing: BillingService): void {
  app.get(
    '/api/client/stripe/subscriptions',
    { onRequest: publicAccess, schema: { response: { 200: PlansResponseSchema } } },
    async () => ({ subscriptions: billing.listPlans() }),
  );
  app.post(
    '/api/client/stripe/subscriptions/create',
    {
      onRequest: requireAuth(),
      config: {
        openapi: {
          responses: {
            '404': 'No plan has this ID.',
            '409': 'The user already has a plan: they change or cancel it in the billing portal.',
          },
        },
      },
      schema: { body: CreateSubscriptionBodySchema, response: { 200: CheckoutResponseSchema } },
    },
    async (request) => ({
      checkoutURL: await billing.checkout(request.user!, request.body.subscriptionID),
    }),
  );
  app.get(
    '/api/client/stripe/subscriptions/@me',
    { onRequest: requireAuth(), schema: { response: { 200: MySubscriptionsResponseSchema } } },
    async (request) => ({
      subscriptions: await billing.mine(request.user!.id),
    }),
  );
  app.get(
    '/api/client/stripe/billing-portal-url',
    {
      onRequest: requireAuth(),
      config: {
        openapi: { responses: { '404': 'The user has no billing account yet (they never subscribed to a plan).' } },
      },
      schema: { response: { 200: BillingPortalResponseSchema } },
    },
    async (request) => ({
      sessionURL: await billing.portalUrl(request.user!),
    }),
  );

  // The signature covers the exact bytes: this one route reads its body raw (a parser scoped to it alone).
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/api/stripe/webhook',
      {
        onRequest: publicAccess,
        config: { rateLimit: WEBHOOK_RATE_LIMIT, openapi: WEBHOOK_DOC },
        schema: { response: { 200: WebhookAnswerSchema } },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        return billing.webhook(raw, typeof signature === 'string' ? signature : undefined);
      },
    );
  });
}
