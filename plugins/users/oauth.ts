import { createHmac, timingSafeEqual } from 'node:crypto';
import type { OAuth2Client } from 'arctic';
import type { Config } from '../../core/config.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import { safeRedirect } from '../../core/shared/redirect.ts';
import { usersText } from './i18n/index.ts';
import type { DiscordProfile } from './service.ts';

/** Holds the state, the PKCE verifier and the wanted path between /login/discord and the callback. */
export const OAUTH_COOKIE = 'VD_OAUTH';
export const OAUTH_TTL_MS = 10 * 60 * 1000;

export interface PendingSignIn {
  state: string;
  codeVerifier: string;
  redirect: string;
}

type Arctic = typeof import('arctic');

/**
 * Discord OAuth2 (authorization code + PKCE) through arctic's generic client, so that the endpoints follow
 * DISCORD_API_URL: tests and local trials run the real flow against tests/stand-ins/discord. arctic is loaded only
 * when Discord sign-in is configured (a start without it does not read its modules:
 * docs/adr/0011-a-start-does-only-what-it-must.md).
 */
export class DiscordOAuth {
  readonly configured: boolean;
  /** arctic and its client, loading; null when Discord sign-in is not configured. */
  readonly #arctic: Promise<{ arctic: Arctic; client: OAuth2Client }> | null;
  readonly #config: Config;
  readonly #authorizeUrl: string;
  readonly #tokenUrl: string;
  readonly #meUrl: string;

  constructor(config: Config) {
    this.#config = config;
    const { clientId, clientSecret, apiUrl } = config.discord;
    this.configured = Boolean(clientId && clientSecret);
    this.#arctic = this.configured
      ? import('arctic').then((arctic) => ({
          arctic,
          client: new arctic.OAuth2Client(clientId!, clientSecret!, `${config.publicUrl}/login/callback`),
        }))
      : null;
    // Discord serves the consent page beside its API: https://discord.com/oauth2/authorize.
    this.#authorizeUrl = `${new URL(apiUrl).origin}/oauth2/authorize`;
    this.#tokenUrl = `${apiUrl}/oauth2/token`;
    this.#meUrl = `${apiUrl}/users/@me`;
  }

  /** Where to send the browser, and the signed cookie that remembers the attempt. */
  async start(redirect: unknown, now = Date.now()): Promise<{ url: string; cookie: string }> {
    const { arctic, client } = await this.#loaded();
    const { generateState, generateCodeVerifier, CodeChallengeMethod } = arctic;
    const pending: PendingSignIn = {
      state: generateState(),
      codeVerifier: generateCodeVerifier(),
      redirect: safeRedirect(redirect),
    };
    const url = client.createAuthorizationURLWithPKCE(
      this.#authorizeUrl,
      pending.state,
      CodeChallengeMethod.S256,
      pending.codeVerifier,
      ['identify'],
    );
    const payload = Buffer.from(JSON.stringify({ ...pending, at: now })).toString('base64url');
    return { url: url.toString(), cookie: `${payload}.${this.#sign(payload)}` };
  }

  /** The attempt this browser started, if the cookie is ours, fresh, and its state is the one Discord sent back. */
  finish(cookie: string | undefined, state: string, now = Date.now()): PendingSignIn {
    const refused = localizedError(usersText, 'bad_request', 'refusal.signInExpired');
    if (!cookie) throw refused;
    const [payload, signature] = cookie.split('.');
    if (!payload || !signature || !safeEqual(signature, this.#sign(payload))) throw refused;
    let pending: PendingSignIn & { at: number };
    try {
      pending = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw refused;
    }
    if (typeof pending.at !== 'number' || now - pending.at > OAUTH_TTL_MS) throw refused;
    if (!safeEqual(pending.state, state)) throw localizedError(usersText, 'bad_request', 'refusal.signInStateMismatch');
    return { state: pending.state, codeVerifier: pending.codeVerifier, redirect: safeRedirect(pending.redirect) };
  }

  #loaded(): Promise<{ arctic: Arctic; client: OAuth2Client }> {
    if (!this.#arctic) throw localizedError(usersText, 'not_found', 'refusal.signInOff');
    return this.#arctic;
  }

  /** Exchanges the code and reads the Discord user it belongs to. */
  async profile(code: string, codeVerifier: string): Promise<DiscordProfile> {
    const { arctic, client } = await this.#loaded();
    const { OAuth2RequestError, ArcticFetchError } = arctic;
    let accessToken: string;
    try {
      accessToken = (await client.validateAuthorizationCode(this.#tokenUrl, code, codeVerifier)).accessToken();
    } catch (error) {
      if (error instanceof OAuth2RequestError)
        throw localizedError(usersText, 'bad_request', 'refusal.signInCodeRefused');
      if (error instanceof ArcticFetchError)
        throw localizedError(usersText, 'unavailable', 'refusal.discordUnreachable');
      throw error;
    }
    let response: Response;
    try {
      response = await fetch(this.#meUrl, { headers: { authorization: `Bearer ${accessToken}` } });
    } catch {
      throw localizedError(usersText, 'unavailable', 'refusal.discordUnreachable');
    }
    if (!response.ok) throw localizedError(usersText, 'unavailable', 'refusal.discordNoAccount');
    const user = (await response.json()) as DiscordProfile;
    if (typeof user.id !== 'string' || typeof user.username !== 'string')
      throw localizedError(usersText, 'unavailable', 'refusal.discordOddAccount');
    return user;
  }

  #sign(payload: string): string {
    return createHmac('sha256', this.#config.sessionSecret).update(payload).digest('base64url');
  }
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
