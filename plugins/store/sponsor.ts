import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Orm } from '../../core/db/orm.ts';
import type { EventBus } from '../../core/events.ts';
import { parseInput } from '../../core/http/zod.ts';
import { localizedError, textInEveryLocale } from '../../core/i18n/catalogue.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { isId } from '../../core/shared/ids.ts';
import type {} from '../notifications/index.ts'; // the events it declares
import type { SettingsService } from '../settings/index.ts';
import {
  SponsorCallbackBodySchema,
  type SponsorCallbackResponse,
  type SponsorReturn,
  type SponsorTokenResponse,
} from './earning-schemas.ts';
import { CoinTransactionSchema } from './entities.ts';
import { storeText } from './i18n/index.ts';
import type { CoinLedger } from './ledger.ts';

/** How long a sponsor token is good for: long enough to pay on the ad network's page, short enough not to matter if it leaks. */
export const SPONSOR_TOKEN_TTL_MS = 2 * 60 * 60 * 1000;
/** A callback signed longer ago (or further ahead) than this is refused: a replayed old callback does nothing. */
export const SPONSOR_CALLBACK_TOLERANCE_S = 300;
export const SPONSOR_SIGNATURE_HEADER = 'x-sponsor-signature';

const b64 = (buffer: Buffer) => buffer.toString('base64url');

const notSetUp = () => localizedError(storeText, 'unavailable', 'refusal.sponsorNotSetUp');

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`: the ad network's callback signature (Stripe's scheme). */
export function signSponsorCallback(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface SponsorServiceDeps extends Pick<ServiceKernel, 'orm' | 'events' | 'config' | 'now'> {
  coins: CoinLedger;
  settings: SettingsService;
}

/**
 * Sponsors (docs/store.md "Sponsors"). The token binds the signed-in user for two hours: `v1.{userId}.{expires}.{mac}`,
 * HMAC-SHA256 with the server's SESSION_SECRET (never a session token: it opens nothing on the site). The ad network
 * tells the server of a completed payment with a signed callback carrying the token and its payment id; verified,
 * it credits `sponsorReward` coins (kind REWARD, reference `sponsor:{paymentId}`, so a repeated callback pays once)
 * and tells the user.
 */
export class SponsorService {
  readonly #orm: Orm;
  readonly #coins: CoinLedger;
  readonly #settings: SettingsService;
  readonly #events: EventBus;
  readonly #tokenKey: string;
  readonly #callbackSecret: string | null;
  readonly #now: () => number;
  /** The ad network is configured (its script) and it can tell us of payments (the callback secret). */
  readonly configured: boolean;

  constructor({ orm, coins, settings, events, config, now }: SponsorServiceDeps) {
    this.#orm = orm;
    this.#coins = coins;
    this.#settings = settings;
    this.#events = events;
    this.#tokenKey = `sponsor-token:${config.sessionSecret}`;
    this.#callbackSecret = config.plugins.store.sponsorSecret;
    this.#now = now;
    this.configured = config.ads !== null && config.plugins.store.sponsorSecret !== null;
  }

  /** The token for this user, or null when sponsor payments are not set up (`nitroPayToken` in `@me`). */
  tokenFor(userId: string): SponsorTokenResponse | null {
    if (!this.configured) return null;
    const expires = Math.floor((this.#now() + SPONSOR_TOKEN_TTL_MS) / 1000);
    const payload = `v1.${userId}.${expires}`;
    return { token: `${payload}.${this.#mac(payload)}`, expiresAt: new Date(expires * 1000).toISOString() };
  }

  /** POST /api/client/npay/token: 503 when not set up. */
  issue(userId: string): SponsorTokenResponse {
    const token = this.tokenFor(userId);
    if (!token) throw notSetUp();
    return token;
  }

  /** The user a token binds, or null when it is forged, altered or expired (at `at`, ms). */
  userOf(token: string, at: number): string | null {
    const parts = token.split('.');
    if (parts.length !== 4 || parts[0] !== 'v1') return null;
    const [, userId, expires, mac] = parts as [string, string, string, string];
    if (!isId(userId) || !/^\d{1,12}$/.test(expires)) return null;
    if (!sameBytes(Buffer.from(mac), Buffer.from(this.#mac(`v1.${userId}.${expires}`)))) return null;
    return Number(expires) * 1000 > at ? userId : null;
  }

  /**
   * POST /api/npay/callback, the raw body and its signature header. A bad, missing or old signature is 401 and
   * changes nothing; a bad body 400; a forged or expired token 400. Credited once per payment id.
   */
  async callback(raw: Buffer, signature: string | undefined): Promise<SponsorCallbackResponse> {
    if (!this.#callbackSecret) throw notSetUp();
    this.#verifySignature(raw, signature, this.#callbackSecret);
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      throw localizedError(storeText, 'bad_request', 'refusal.notJson');
    }
    const body = parseInput(SponsorCallbackBodySchema, json);
    const userId = this.userOf(body.token, this.#now());
    if (!userId) throw localizedError(storeText, 'bad_request', 'refusal.sponsorToken');
    const amount = await this.#settings.get('sponsorReward');
    if (amount === 0) return { received: true, credited: false };
    const reference = `sponsor:${body.paymentId}`;
    const { applied } = await this.#orm.em.fork().transactional((em) =>
      this.#coins.creditIn(em, {
        userId,
        amount,
        kind: 'REWARD',
        reference,
        reason: 'Thank you for sponsoring Virtual Diner',
      }),
    );
    if (applied) {
      this.#events.publish('notice', {
        userId,
        ref: reference,
        kind: 'sponsor.thanks',
        ...textInEveryLocale(storeText, 'notice.sponsorThanks', { amount }),
        link: '/store',
      });
    }
    return { received: true, credited: applied };
  }

  /**
   * What `/store?success=true` tells a user the sponsor flow sent back there (the success URL it was given): null when
   * sponsor payments are not set up, so nobody can have come back from them. Otherwise the coins a payment brings and
   * those its callback already credited: the user's latest sponsor credit within a token's life (the network may
   * call back before or after it sends the browser on).
   */
  async returnFor(userId: string): Promise<SponsorReturn | null> {
    if (!this.configured) return null;
    const since = new Date(this.#now() - SPONSOR_TOKEN_TTL_MS);
    const [reward, credit] = await Promise.all([
      this.#settings.get('sponsorReward'),
      this.#orm.em
        .fork()
        .findOne(
          CoinTransactionSchema,
          { user: userId, reference: { $like: 'sponsor:%' }, createdAt: { $gte: since } },
          { orderBy: { createdAt: 'desc' } },
        ),
    ]);
    return { reward, credited: credit ? credit.amount : null };
  }

  #verifySignature(raw: Buffer, header: string | undefined, secret: string): void {
    const fields = new Map((header ?? '').split(',').map((part) => part.trim().split('=', 2) as [string, string]));
    const t = fields.get('t') ?? '';
    const v1 = fields.get('v1') ?? '';
    const unauthorized = localizedError(storeText, 'unauthorized', 'refusal.callbackSignature');
    if (!/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/.test(v1)) throw unauthorized;
    if (Math.abs(this.#now() / 1000 - Number(t)) > SPONSOR_CALLBACK_TOLERANCE_S) throw unauthorized;
    const expected = createHmac('sha256', secret).update(`${t}.`).update(raw).digest();
    if (!sameBytes(Buffer.from(v1, 'hex'), expected)) throw unauthorized;
  }

  #mac(payload: string): string {
    return b64(createHmac('sha256', this.#tokenKey).update(payload).digest());
  }
}
