import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { DomainError } from '../errors.ts';
import { banMessage, isBanActive } from '../shared/ban.ts';
import { meets, type Requirement } from '../shared/permissions.ts';
import type { CurrentUser } from './sessions.ts';

/**
 * Route guards. Every route declares one as its preHandler (buildServer refuses to start otherwise), and they
 * mirror the site's guards: requiresAuth, hasPermissions (ALL permissions OR ALL perks when both are declared),
 * and the ban check that stands in for userChecks.
 */
export const GUARD = Symbol('guard');

export type Guard = preHandlerAsyncHookHandler & { [GUARD]: string };

function guard(name: string, check: (request: FastifyRequest, reply: FastifyReply) => Promise<void>): Guard {
  return Object.assign(check as preHandlerAsyncHookHandler, { [GUARD]: name });
}

export interface AuthOptions {
  /** Sign-out and appeals stay open to a banned user. */
  allowBanned?: boolean;
}

function signedIn(request: FastifyRequest, options: AuthOptions): CurrentUser {
  const user = request.user;
  if (!user) throw new DomainError('unauthorized', 'You need to sign in to do that.');
  if (!options.allowBanned && user.ban && isBanActive(user.ban)) {
    throw new DomainError('forbidden', banMessage(user.ban), {
      ban: { reason: user.ban.reason, expires: user.ban.expires },
    });
  }
  return user;
}

/** Anyone, signed in or not. */
export const publicAccess: Guard = guard('public', async () => {});

/** requiresAuth: 401 for anonymous callers, 403 with the ban text for a banned user. */
export function requireAuth(options: AuthOptions = {}): Guard {
  return guard('auth', async (request) => {
    signedIn(request, options);
  });
}

/** hasPermissions: signed in, then the specification's permission-and-perk rule; 403 otherwise. */
export function requirePermissions(requirement: Requirement, options: AuthOptions = {}): Guard {
  const label = JSON.stringify(requirement);
  return guard(`permissions ${label}`, async (request) => {
    const user = signedIn(request, options);
    if (!meets(user, requirement)) {
      throw new DomainError('forbidden', 'You have insufficient permissions to do that.');
    }
  });
}

export function isGuard(value: unknown): value is Guard {
  return typeof value === 'function' && GUARD in value;
}
