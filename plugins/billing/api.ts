import { publicAccess, requireAuth } from '../../core/auth/guards.ts';
import type { App } from '../../core/plugin.ts';
import { CreateSubscriptionBodySchema, type MySubscriptionsResponse, type PlansResponse } from './schemas.ts';
import type { BillingService } from './service.ts';

/** Stripe sends an event's retries from a few addresses; this is a ceiling against a flood of bad signatures. */
const WEBHOOK_RATE_LIMIT = { max: 6_000, timeWindow: '1 minute' };

/** Specification §7 "Settings, store, subscriptions" (the Stripe part) and Stripe's webhook. */
export function billingRoutes(app: App, billing: BillingService): void {
  app.get(
    '/api/client/stripe/subscriptions',
    { onRequest: publicAccess },
    async (): Promise<PlansResponse> => ({ subscriptions: billing.listPlans() }),
  );
  app.post(
    '/api/client/stripe/subscriptions/create',
    { onRequest: requireAuth(), schema: { body: CreateSubscriptionBodySchema } },
    async (request): Promise<{ checkoutURL: string }> => ({
      checkoutURL: await billing.checkout(request.user!, request.body.subscriptionID),
    }),
  );
  app.get(
    '/api/client/stripe/subscriptions/@me',
    { onRequest: requireAuth() },
    async (request): Promise<MySubscriptionsResponse> => ({
      subscriptions: await billing.mine(request.user!.id),
    }),
  );
  app.get(
    '/api/client/stripe/billing-portal-url',
    { onRequest: requireAuth() },
    async (request): Promise<{ sessionURL: string }> => ({
      sessionURL: await billing.portalUrl(request.user!),
    }),
  );

  // The signature covers the exact bytes: this one route reads its body raw (a parser scoped to it alone).
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/api/stripe/webhook',
      { onRequest: publicAccess, config: { rateLimit: WEBHOOK_RATE_LIMIT } },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        return billing.webhook(raw, typeof signature === 'string' ? signature : undefined);
      },
    );
  });
}
