import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { DomainError } from '../errors.ts';
import { SESSION_COOKIE, type CurrentUser, type SessionService, type ValidSession } from './sessions.ts';

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

export function sessionCookieOptions(config: Config, expires: Date) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.isProduction, expires };
}

/**
 * Set as a plain header rather than through reply.setCookie, whose onSend hook never runs for the pages that
 * Astro writes to the raw response.
 */
export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expires: Date): void {
  reply.header('set-cookie', reply.server.serializeCookie(SESSION_COOKIE, token, sessionCookieOptions(config, expires)));
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.header('set-cookie', reply.server.serializeCookie(SESSION_COOKIE, '', sessionCookieOptions(config, new Date(0))));
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
  return origin === config.publicUrl || (host !== undefined && (origin === `http://${host}` || origin === `https://${host}`));
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? '';
}

/** Resolves `request.user` from `Authorization: Bearer` or the VD_SESSION cookie, once per request. */
export function registerRequestSession(app: FastifyInstance, config: Config, sessions: SessionService): void {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.session === false) return;
    const bearer = bearerToken(request);
    const cookie = bearer === undefined ? request.cookies[SESSION_COOKIE] : undefined;
    if (cookie !== undefined && UNSAFE_METHODS.has(request.method) && !isSameOrigin(request, config)) {
      throw new DomainError('forbidden', 'Cross-origin request refused.');
    }
    const token = bearer ?? cookie;
    if (token === undefined) return;
    const session = await sessions.validate(token);
    if (!session) {
      if (cookie !== undefined) clearSessionCookie(reply, config);
      if (bearer !== undefined) throw new DomainError('unauthorized', 'Your session is invalid or has expired.');
      return;
    }
    request.session = session;
    request.user = session.user;
    if (session.renewed && cookie !== undefined) setSessionCookie(reply, config, cookie, session.expiresAt);
  });
}
