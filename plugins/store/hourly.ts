import type { Em, Orm } from '../../core/db/orm.ts';
import type { DomainError } from '../../core/errors.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import type { Locale } from '../../core/i18n/locales.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import type { SettingsService } from '../settings/index.ts';
import { HOURLY_INTERVAL_MS, type HourlyClaimResponse, type HourlyStatus } from './earning-schemas.ts';
import { storeText } from './i18n/index.ts';
import type { CoinLedger } from './ledger.ts';
import { storeSql } from './sql.ts';

/**
 * How long until the next claim, in a sentence, in `locale`: `12 minutes`, `1 minute`, `less than a minute`, `now`;
 * `a moment` when it is not known (`ms` null): the API's refusal and `/hourly` say it in their reader's language.
 */
export function waitIn(locale: Locale, ms: number | null): string {
  const t = storeText(locale);
  if (ms === null) return t('wait.aMoment');
  if (ms <= 0) return t('wait.now');
  if (ms < 60_000) return t('wait.lessThanAMinute');
  return t('wait.minutes', { minutes: Math.ceil(ms / 60_000) });
}

/** A claim within the hour (429, `nextClaimAt`), the wait in each language's words (`12 minutes`). */
function tooEarly(next: Date, waitMs: number): DomainError {
  return localizedError(
    storeText,
    'rate_limited',
    'refusal.hourlyTooEarly',
    (locale) => ({ wait: waitIn(locale, waitMs) }),
    { nextClaimAt: next.toISOString() },
  );
}

export interface HourlyServiceDeps extends Pick<ServiceKernel, 'orm' | 'now'> {
  coins: CoinLedger;
  settings: SettingsService;
}

/**
 * The hourly reward (docs/store.md "Hourly"): once per rolling hour per user, `hourlyReward` coins. A claim is one
 * conditional update of `wallets.last_hourly_at` (the wallet row created when missing) and the ledger credit, in one
 * transaction: of 20 claims at once, the first moves the claim time and the others find it within the hour.
 */
export class HourlyService {
  readonly #orm: Orm;
  readonly #coins: CoinLedger;
  readonly #settings: SettingsService;
  readonly #now: () => number;

  constructor({ orm, coins, settings, now }: HourlyServiceDeps) {
    this.#orm = orm;
    this.#coins = coins;
    this.#settings = settings;
    this.#now = now;
  }

  /** Claims the reward; too early: 429 `rate_limited` with `nextClaimAt`. */
  async claim(userId: string): Promise<HourlyClaimResponse> {
    const amount = await this.#settings.get('hourlyReward');
    const now = new Date(this.#now());
    return this.#orm.em.fork().transactional(async (em) => {
      const claimed = await storeSql(em)
        .insertInto('wallets')
        .values({ user_id: userId, balance: 0, last_hourly_at: now })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet((eb) => ({ last_hourly_at: eb.ref('excluded.last_hourly_at') }))
            .where((eb) =>
              eb.or([
                eb('wallets.last_hourly_at', 'is', null),
                eb('wallets.last_hourly_at', '<=', new Date(now.getTime() - HOURLY_INTERVAL_MS)),
              ]),
            ),
        )
        .returning('last_hourly_at')
        .execute();
      if (claimed.length === 0) {
        const last = await this.#lastClaim(em, userId);
        const next = new Date((last?.getTime() ?? now.getTime()) + HOURLY_INTERVAL_MS);
        throw tooEarly(next, next.getTime() - now.getTime());
      }
      const { balance } = await this.#coins.creditIn(em, {
        userId,
        amount,
        kind: 'HOURLY',
        reference: `hourly:${now.toISOString()}`,
        reason: 'Hourly reward',
      });
      return { amount, balance, nextClaimAt: new Date(now.getTime() + HOURLY_INTERVAL_MS).toISOString() };
    });
  }

  /** The balance, the reward and when the next claim opens (null: it is open now). */
  async status(userId: string): Promise<HourlyStatus> {
    const em = this.#orm.em.fork();
    const [row, amount] = await Promise.all([
      storeSql(em)
        .selectFrom('wallets')
        .select(['balance', 'last_hourly_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst(),
      this.#settings.get('hourlyReward'),
    ]);
    const last = row?.last_hourly_at ? new Date(row.last_hourly_at) : null;
    const next = last ? last.getTime() + HOURLY_INTERVAL_MS : null;
    return {
      balance: Number(row?.balance ?? 0),
      amount,
      lastClaimAt: last?.toISOString() ?? null,
      nextClaimAt: next !== null && next > this.#now() ? new Date(next).toISOString() : null,
    };
  }

  async #lastClaim(em: Em, userId: string): Promise<Date | null> {
    const row = await storeSql(em)
      .selectFrom('wallets')
      .select('last_hourly_at')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const value = row?.last_hourly_at;
    return value ? new Date(value) : null;
  }
}
