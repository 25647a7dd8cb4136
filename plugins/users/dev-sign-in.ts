import { publicAccess } from '../../core/auth/guards.ts';
import { setSessionCookie } from '../../core/auth/request-session.ts';
import type { Config } from '../../core/config.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import type { App, CoreContext } from '../../core/plugin.ts';
import { usersText } from './i18n/index.ts';
import { type DemoUser, DemoUsersResponseSchema, DevSignInBodySchema, DevSignInResponseSchema } from './schemas.ts';
import { DEMO_USER_IDS, DEMO_USERS } from './seed.ts';

/** Without Discord OAuth, outside production: sign in as one of the demo users to try every role. */
export function devSignInEnabled(config: Config): boolean {
  return !config.isProduction && !(config.discord.clientId && config.discord.clientSecret);
}

export function listDemoUsers(): DemoUser[] {
  return DEMO_USERS.map(({ id, username, displayName, role }) => ({ id, username, displayName, role }));
}

/** Registered only when devSignInEnabled: in production these routes do not exist (404). */
export function devSignInRoutes(app: App, ctx: CoreContext): void {
  app.get(
    '/api/client/dev/users',
    { onRequest: publicAccess, schema: { response: { 200: DemoUsersResponseSchema } } },
    async () => ({ users: listDemoUsers() }),
  );

  app.post(
    '/api/client/dev/sign-in',
    {
      onRequest: publicAccess,
      schema: { body: DevSignInBodySchema, response: { 200: DevSignInResponseSchema } },
      config: { openapi: { responses: { '404': 'The user is not one of the demo users.' } } },
    },
    async (request, reply) => {
      if (!DEMO_USER_IDS.has(request.body.userId)) throw localizedError(usersText, 'not_found', 'refusal.notDemoUser');
      const { token, expiresAt } = await ctx.sessions.create(request.body.userId);
      setSessionCookie(reply, ctx.config, token, expiresAt);
      return { sessionToken: token };
    },
  );
}
