import { publicAccess, requireAuth, requirePermissions, requireSelfOrPermissions } from '../../core/auth/guards.ts';
import type { App } from '../../core/plugin.ts';
import { UserIdOnlyParamsSchema } from '../users/schemas.ts';
import {
  HourlyClaimResponseSchema,
  SponsorCallbackResponseSchema,
  SponsorTokenResponseSchema,
} from './earning-schemas.ts';
import type { StorePlugin } from './index.ts';
import { AdjustCoinsBodySchema, AdjustCoinsResponseSchema, WalletViewSchema } from './schemas.ts';
import { SPONSOR_SIGNATURE_HEADER } from './sponsor.ts';

/** Per address: a person claims once an hour; this only stops a script hammering the route. */
export const COINS_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };
/** The ad network calls from a few addresses of its own: a ceiling against a flood of bad signatures. */
export const SPONSOR_CALLBACK_RATE_LIMIT = { max: 6_000, timeWindow: '1 minute' };

const selfOrManager = requireSelfOrPermissions({ all: ['MANAGE_USERS'] });
const manageUsers = requirePermissions({ all: ['MANAGE_USERS'] });

/** Coins for users: the hourly reward, wallets, a manager's adjustment, the sponsor token and callback (specification §7). */
export async function coinsRoutes(app: App, store: StorePlugin): Promise<void> {
  app.post(
    '/api/client/users/hourly',
    {
      onRequest: requireAuth(),
      config: { rateLimit: COINS_RATE_LIMIT },
      schema: { response: { 200: HourlyClaimResponseSchema } },
    },
    async (request) => store.hourly.claim(request.user!.id),
  );

  app.get(
    '/api/client/users/:id/wallet',
    { onRequest: selfOrManager, schema: { params: UserIdOnlyParamsSchema, response: { 200: WalletViewSchema } } },
    async (request) => store.wallets.view(request.params.id),
  );

  app.post(
    '/api/client/admin/users/:id/coins',
    {
      onRequest: manageUsers,
      config: {
        openapi: {
          responses: {
            '404': 'No user has this ID.',
            '409':
              'The user has fewer coins than the amount taken, or the amount given would take their balance over the most a wallet holds.',
          },
        },
      },
      schema: {
        params: UserIdOnlyParamsSchema,
        body: AdjustCoinsBodySchema,
        response: { 200: AdjustCoinsResponseSchema },
      },
    },
    async (request) => store.wallets.adjust(request.user!, request.params.id, request.body),
  );

  app.post(
    '/api/client/npay/token',
    {
      onRequest: requireAuth(),
      config: { rateLimit: COINS_RATE_LIMIT },
      schema: { response: { 200: SponsorTokenResponseSchema } },
    },
    async (request) => store.sponsor.issue(request.user!.id),
  );

  // The ad network's callback: the signature covers the exact bytes, so this scope reads the body raw.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/api/npay/callback',
      {
        onRequest: publicAccess,
        config: {
          session: false,
          rateLimit: SPONSOR_CALLBACK_RATE_LIMIT,
          openapi: {
            responses: {
              '401': 'The signature header is missing, does not match the body, is too old, or is another site’s.',
            },
          },
        },
        schema: { response: { 200: SponsorCallbackResponseSchema } },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers[SPONSOR_SIGNATURE_HEADER];
        return store.sponsor.callback(raw, Array.isArray(header) ? header[0] : header);
      },
    );
  });
}
