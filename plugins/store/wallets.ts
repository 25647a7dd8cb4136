import type { AuditLog } from '../../core/audit/service.ts';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import type { Orm } from '../../core/db/orm.ts';
import { DomainError } from '../../core/errors.ts';
import type { EventBus } from '../../core/events.ts';
import { localizedError, textInEveryLocale } from '../../core/i18n/catalogue.ts';
import { newId } from '../../core/ids.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import type {} from '../notifications/index.ts'; // the events it declares
import { manageableTarget, userTarget } from '../users/index.ts';
import { storeText } from './i18n/index.ts';
import type { CoinLedger } from './ledger.ts';
import { type AdjustCoinsInput, type AdjustCoinsResponse, RECENT_TRANSACTIONS, type WalletView } from './schemas.ts';

export interface WalletServiceDeps extends Pick<ServiceKernel, 'orm' | 'events' | 'audit'> {
  coins: CoinLedger;
}

/**
 * A user's wallet as profiles show it (the user themself and user managers), and a user manager's adjustment
 * (docs/store.md "Balances on profiles", "Admin adjustments").
 */
export class WalletService {
  readonly #orm: Orm;
  readonly #coins: CoinLedger;
  readonly #events: EventBus;
  readonly #audit: AuditLog;

  constructor({ orm, coins, events, audit }: WalletServiceDeps) {
    this.#orm = orm;
    this.#coins = coins;
    this.#events = events;
    this.#audit = audit;
  }

  /** The balance and the latest ledger rows, newest first. The caller decides who may read it (self or MANAGE_USERS). */
  async view(userId: string, limit = RECENT_TRANSACTIONS): Promise<WalletView> {
    const [balance, transactions] = await Promise.all([
      this.#coins.balance(userId),
      this.#coins.transactions(userId, limit),
    ]);
    return { balance, transactions };
  }

  /**
   * POST /api/client/admin/users/{id}/coins: a user manager adds or takes coins of someone ranked below them
   * (manageableTarget: not themself, the user's row locked), with a reason. Kind ADMIN, reference `admin:{id}`;
   * taking more than the balance is 409 (nothing written). Audited in the same transaction; the user is told.
   */
  async adjust(actor: CurrentUser, userId: string, input: AdjustCoinsInput): Promise<AdjustCoinsResponse> {
    const id = newId();
    const reference = `admin:${id}`;
    const change = { userId, amount: Math.abs(input.amount), kind: 'ADMIN' as const, reference, reason: input.reason };
    const balance = await this.#orm.em.fork().transactional(async (em) => {
      const user = await manageableTarget(em, actor, userId);
      const before = await this.#coins.balanceIn(em, userId);
      let after: number;
      try {
        ({ balance: after } =
          input.amount > 0 ? await this.#coins.creditIn(em, change) : await this.#coins.debitIn(em, change));
      } catch (error) {
        if (error instanceof DomainError && error.kind === 'conflict' && input.amount < 0) {
          throw localizedError(
            storeText,
            'conflict',
            'refusal.cannotTake',
            { balance: before, amount: -input.amount },
            { balance: before },
          );
        }
        throw error;
      }
      await this.#audit.record(em, {
        actor,
        action: 'user.coins',
        target: userTarget(user),
        before: { balance: before },
        after: { balance: after },
        reason: input.reason,
      });
      return after;
    });
    this.#events.publish('notice', {
      userId,
      ref: reference,
      kind: 'coins.adjusted',
      ...(input.amount > 0
        ? textInEveryLocale(storeText, 'notice.coinsGiven', { amount: input.amount, reason: input.reason })
        : textInEveryLocale(storeText, 'notice.coinsTaken', { amount: -input.amount, reason: input.reason })),
      link: '/users/@me',
    });
    const transaction = (await this.#coins.transactions(userId, 5)).find((t) => t.reference === reference)!;
    return { balance, transaction };
  }
}
