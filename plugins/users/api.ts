import { publicAccess, requireAuth } from '../../core/auth/guards.ts';
import { clearSessionCookie, setSessionCookie } from '../../core/auth/request-session.ts';
import { hashToken } from '../../core/auth/sessions.ts';
import { clearCookie, readCookie, setCookie } from '../../core/http/cookies.ts';
import { jsonObject, jsonText, sendJson } from '../../core/http/json-text.ts';
import { NoContentSchema } from '../../core/http/zod.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import type { App, CoreContext } from '../../core/plugin.ts';
import { usersText } from './i18n/index.ts';
import type { UsersPlugin } from './index.ts';
import { OAUTH_COOKIE, OAUTH_TTL_MS } from './oauth.ts';
import {
  AuthenticateBodySchema,
  AuthenticateResponseSchema,
  EndSessionBodySchema,
  LoginQuerySchema,
  type MeResponse,
  MeResponseSchema,
  PublicUserResponseSchema,
  UserIdParamsSchema,
} from './schemas.ts';

/** Per address: enough for a person who mistypes, too few for someone guessing. */
export const SIGN_IN_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

export function usersRoutes(app: App, { users, oauth }: UsersPlugin, ctx: CoreContext): void {
  const { config, sessions } = ctx;

  /** Starts Discord sign-in: remembers state, PKCE verifier and the wanted path in a signed cookie. */
  app.get(
    '/login/discord',
    {
      onRequest: publicAccess,
      config: {
        rateLimit: SIGN_IN_RATE_LIMIT,
        openapi: {
          responses: {
            '302': 'To Discord’s consent screen (`Location`), with the sign-in state cookie.',
            '404': 'Discord sign-in is not configured.',
          },
        },
      },
      // No body: the answer is the redirect (302), documented above.
      schema: { querystring: LoginQuerySchema, response: {} },
    },
    async (request, reply) => {
      if (!oauth.configured) throw localizedError(usersText, 'not_found', 'refusal.signInOff');
      const { url, cookie } = await oauth.start(request.query.redirect);
      setCookie(reply, config, OAUTH_COOKIE, cookie, new Date(Date.now() + OAUTH_TTL_MS));
      return reply.redirect(url, 302);
    },
  );

  app.post(
    '/api/client/authenticate',
    {
      onRequest: publicAccess,
      config: {
        rateLimit: SIGN_IN_RATE_LIMIT,
        openapi: { responses: { '404': 'Sign-in with Discord is not set up on this server.' } },
      },
      schema: { body: AuthenticateBodySchema, response: { 200: AuthenticateResponseSchema } },
    },
    async (request, reply) => {
      if (!oauth.configured) throw localizedError(usersText, 'not_found', 'refusal.signInOff');
      const pending = oauth.finish(readCookie(request, OAUTH_COOKIE), request.body.state);
      clearCookie(reply, config, OAUTH_COOKIE);
      const profile = await oauth.profile(request.body.code, pending.codeVerifier);
      const userId = await users.upsertFromDiscord(profile);
      const { token, expiresAt } = await sessions.create(userId);
      setSessionCookie(reply, config, token, expiresAt);
      return { sessionToken: token, redirect: pending.redirect };
    },
  );

  // Sign-out stays open to banned users.
  app.delete(
    '/api/client/sessions',
    {
      onRequest: requireAuth({ allowBanned: true }),
      config: { openapi: { responses: { '404': 'The signed-in user has no session with this token.' } } },
      schema: { body: EndSessionBodySchema, response: { 204: NoContentSchema } },
    },
    async (request, reply) => {
      const current = request.session!;
      const target = request.body?.sessionToken ? hashToken(request.body.sessionToken) : current.id;
      if (target !== current.id && !(await sessions.belongsTo(target, current.user.id))) {
        throw localizedError(usersText, 'not_found', 'refusal.sessionNotFound');
      }
      await sessions.invalidateById(target);
      if (target === current.id) clearSessionCookie(reply, config);
      return reply.code(204).send();
    },
  );

  // MeResponse: the user's JSON is kept per session-cache user and team (UsersService.meJson); the token is read per
  // request.
  app.get(
    '/api/v3/users/@me',
    { onRequest: requireAuth(), schema: { response: { 200: MeResponseSchema } } },
    async (request, reply) => {
      const user = await users.meJson(request.user!);
      const nitroPayToken = jsonText<MeResponse['nitroPayToken']>(users.paymentToken(request.user!.id));
      return sendJson(reply, jsonObject<MeResponse>({ user, nitroPayToken }));
    },
  );

  app.get(
    '/api/v3/users/:id',
    {
      onRequest: publicAccess,
      schema: { params: UserIdParamsSchema, response: { 200: PublicUserResponseSchema } },
      config: { openapi: { responses: { '404': 'No user has this ID.' } } },
    },
    async (request) => {
      const [user] = await users.withTeams(request.user, [await users.getPublic(request.params.id)]);
      return { user: user! };
    },
  );
}
