import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { DomainError } from '../errors.ts';
import { localizedError } from '../i18n/catalogue.ts';
import { isBanActive } from '../shared/ban.ts';
import { meets, type Requirement } from '../shared/permissions.ts';
import { bannedError } from './ban-message.ts';
import { authText } from './i18n/index.ts';
import type { CurrentUser } from './sessions.ts';

/**
 * Route guards. Every route declares one as its `onRequest` hook (buildServer refuses to start otherwise), so it runs
 * right after the session hook and before the body is read, parsed or validated: a caller who may not call a route
 * gets its 401 or 403 and learns nothing of its schema. They mirror the site's page guards (site/lib/route-guards.ts)
 * through the same `Requirement` objects and `meets`: requiresAuth, hasPermissions (ALL permissions OR ALL perks
 * when both are declared, as §6 says; both of them where the requirement says `both`, as the Report Manager's
 * does), and the ban check that stands in for userChecks.
 */
export const GUARD = Symbol('guard');

/** What a guard asks of the caller, as the API document states it. */
export interface GuardInfo {
  /** `public`, `auth`, `permissions`, `self or permissions`, or a guard of its own (a token…). */
  kind: string;
  /** Whether the caller must be signed in (a session or a Bearer token). */
  signedIn: boolean;
  requirement?: Requirement;
  /** The `:id` user themself passes too. */
  self?: boolean;
  allowBanned?: boolean;
  /** A machine caller's secret rather than a session (the metrics token): its own security scheme in the document. */
  secret?: { scheme: string; description: string };
}

export type Guard = onRequestHookHandler & { [GUARD]: GuardInfo };

/** Guards only read `request.user`, so they are synchronous: no promise per request. */
export function guard(info: GuardInfo, check: (request: FastifyRequest) => void): Guard {
  const handler: onRequestHookHandler = (request, _reply, done) => {
    try {
      check(request);
    } catch (error) {
      return done(error as Error);
    }
    done();
  };
  return Object.assign(handler, { [GUARD]: info });
}

export interface AuthOptions {
  /** Sign-out and appeals stay open to a banned user. */
  allowBanned?: boolean;
}

function signedIn(request: FastifyRequest, options: AuthOptions): CurrentUser {
  const user = request.user;
  if (!user) throw localizedError(authText, 'unauthorized', 'refusal.signIn');
  if (!options.allowBanned && user.ban && isBanActive(user.ban)) {
    throw bannedError(user.ban, { ban: { reason: user.ban.reason, expires: user.ban.expires } });
  }
  return user;
}

/** 403: the caller lacks a permission the action needs (a guard's, or a service's own finer check). */
export const insufficientPermissions = (): DomainError =>
  localizedError(authText, 'forbidden', 'refusal.insufficientPermissions');

/** Anyone, signed in or not. */
export const publicAccess: Guard = guard({ kind: 'public', signedIn: false }, () => {});

/** requiresAuth: 401 for anonymous callers, 403 with the ban text for a banned user. */
export function requireAuth(options: AuthOptions = {}): Guard {
  return guard({ kind: 'auth', signedIn: true, allowBanned: options.allowBanned }, (request) => {
    signedIn(request, options);
  });
}

/** hasPermissions: signed in, then the specification's permission-and-perk rule; 403 otherwise. */
export function requirePermissions(requirement: Requirement, options: AuthOptions = {}): Guard {
  return guard({ kind: 'permissions', signedIn: true, requirement, allowBanned: options.allowBanned }, (request) => {
    const user = signedIn(request, options);
    if (!meets(user, requirement)) {
      throw insufficientPermissions();
    }
  });
}

export function isGuard(value: unknown): value is Guard {
  return typeof value === 'function' && GUARD in value;
}

export function guardInfo(guard: Guard): GuardInfo {
  return guard[GUARD];
}

/**
 * The user the route is about (`:id`) themself, or someone meeting the requirement: profile data a user may see of
 * themself and managers of anyone. The path parameter is read before validation: any value but the caller's own id
 * needs the requirement.
 */
export function requireSelfOrPermissions(requirement: Requirement, options: AuthOptions = {}): Guard {
  return guard(
    { kind: 'self or permissions', signedIn: true, requirement, self: true, allowBanned: options.allowBanned },
    (request) => {
      const user = signedIn(request, options);
      const target = (request.params as { id?: string } | undefined)?.id;
      if (target !== user.id && !meets(user, requirement)) {
        throw insufficientPermissions();
      }
    },
  );
}

/**
 * `Authorization: Bearer <secret>` checked against one configured secret in constant time (both sides hashed first,
 * so neither the length nor the first differing byte shows in the time taken). Shared by the metrics route and the
 * metrics port (core/metrics/http.ts).
 */
export function bearerSecretCheck(secret: string): (authorization: string | undefined) => boolean {
  const expected = createHash('sha256').update(secret).digest();
  return (authorization) => {
    const given = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1] ?? '';
    return timingSafeEqual(createHash('sha256').update(given).digest(), expected);
  };
}

/**
 * A machine caller holding a configured secret (Prometheus and its metrics token), not a user: 401 without it. No
 * session is read, so the route says `config: { session: false }` (else the session hook would take the secret for
 * a session token).
 */
export function requireBearerSecret(
  secret: string,
  message: string,
  scheme: { scheme: string; description: string },
): Guard {
  const matches = bearerSecretCheck(secret);
  return guard({ kind: 'bearer secret', signedIn: false, secret: scheme }, (request) => {
    if (!matches(request.headers.authorization)) throw new DomainError('unauthorized', message);
  });
}
