import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Cookies through the `cookie` package, without a Fastify plugin: requests without a Cookie header pay nothing,
 * and Set-Cookie is a plain header, so it also reaches the pages Astro writes to the raw response.
 */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  return header ? parseCookie(header)[name] : undefined;
}

/** HttpOnly, SameSite=Lax, Secure in production; `expires` in the past deletes the cookie. */
export function setCookie(reply: FastifyReply, config: Config, name: string, value: string, expires: Date): void {
  // Fastify collects several set-cookie headers into a list rather than replacing one with the next.
  reply.header(
    'set-cookie',
    stringifySetCookie({
      name,
      value,
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.isProduction,
      expires,
    }),
  );
}

export function clearCookie(reply: FastifyReply, config: Config, name: string): void {
  setCookie(reply, config, name, '', new Date(0));
}
