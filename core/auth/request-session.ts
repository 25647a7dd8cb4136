import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Config } from '../config.ts';
import { clearCookie, readCookie, setCookie } from '../http/cookies.ts';
import { localizedError } from '../i18n/catalogue.ts';
import { authText } from './i18n/index.ts';
import { type CurrentUser, SESSION_COOKIE, type SessionService, type ValidSession } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: CurrentUser | null;
    session: ValidSession | null;
  }
  interface FastifyContextConfig {
    /** false: the route never looks at the session (hashed static assets). */
    session?: boolean;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expires: Date): void {
  setCookie(reply, config, SESSION_COOKIE, token, expires);
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  clearCookie(reply, config, SESSION_COOKIE);
}

/**
 * A cookie rides along with any request the browser makes, so an unsafe request authenticated by the cookie must
 * come from the site itself: Sec-Fetch-Site says so in current browsers, the Origin header otherwise.
 */
export function isSameOrigin(request: FastifyRequest, config: Config): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  const host = request.headers.host;
  return (
    origin === config.publicUrl || (host !== undefined && (origin === `http://${host}` || origin === `https://${host}`))
  );
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? '';
}

/**
 * Resolves `request.user` from `Authorization: Bearer` or the VD_SESSION cookie, once per request. A callback hook
 * rather than an async one: the common request (a visitor, an asset) carries no token and must cost no promise, and
 * a session in memory (most signed-in requests) is answered without one too.
 * It is each route's first onRequest hook, added as the route is registered, except on the routes that say
 * `config: { session: false }`: those pay nothing for it, and no request pays for looking up its route's config.
 * Call after the guard check's onRoute hook (core/http/server.ts), so that the session is read before the guard.
 */
export function registerRequestSession(app: FastifyInstance, config: Config, sessions: SessionService): void {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  const resolveSession: onRequestHookHandler = (request, reply, done) => {
    const bearer = bearerToken(request);
    const cookie = bearer === undefined ? readCookie(request, SESSION_COOKIE) : undefined;
    if (cookie !== undefined && UNSAFE_METHODS.has(request.method) && !isSameOrigin(request, config)) {
      return done(localizedError(authText, 'forbidden', 'refusal.crossOrigin'));
    }
    const token = bearer ?? cookie;
    if (token === undefined) return done();
    const accept = (session: ValidSession | null) => {
      if (!session) {
        if (cookie !== undefined) clearSessionCookie(reply, config);
        if (bearer !== undefined) return done(localizedError(authText, 'unauthorized', 'refusal.sessionInvalid'));
        return done();
      }
      request.session = session;
      request.user = session.user;
      if (session.renewed && cookie !== undefined) setSessionCookie(reply, config, cookie, session.expiresAt);
      done();
    };
    // A session in memory is answered in this turn; only a read or a renewal goes through the promise.
    const known = sessions.validateCached(token);
    if (known !== undefined) return accept(known);
    sessions.validate(token).then(accept, done);
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.session === false) return;
    route.onRequest = [resolveSession, ...[route.onRequest ?? []].flat()];
  });
}
