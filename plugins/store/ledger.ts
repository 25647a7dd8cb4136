import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import type { Em, Orm } from '../../core/db/orm.ts';
import { DomainError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { CoinTransactionSchema } from './entities.ts';
import { asDomainError } from './refusals.ts';
import { type CoinKind, type CoinTransactionView, MAX_COINS } from './schemas.ts';

/** One change to a user's coins. `reference` names it: the same reference for the same user applies once. */
export interface CoinChange {
  userId: string;
  /** Positive, whole coins: `credit` adds it, `debit` takes it. */
  amount: number;
  kind: CoinKind;
  /** e.g. `purchase:{id}`, `objective:{id}`, `hourly:{time}`; at most 128 characters. */
  reference: string;
  reason?: string | null;
}

/** `applied` false: that reference was already applied, nothing changed; `balance` is the user's balance after. */
export interface CoinResult {
  applied: boolean;
  balance: number;
}

/**
 * Coins, the ledger way (docs/store.md): the balance is one column (`wallets.balance`), every change writes one
 * ledger row in the same transaction, a debit is one conditional update (`balance >= amount`), and the ledger row
 * goes first, unique per user and reference, so a retried credit or debit waits for the first and then does
 * nothing. A user's ledger rows always sum to their balance.
 */
export class CoinLedger {
  readonly #orm: Orm;
  readonly #now: () => number;

  constructor(orm: Orm, now: () => number) {
    this.#orm = orm;
    this.#now = now;
  }

  /** Adds coins: one statement, atomic by itself (no transaction of its own around it). */
  credit(change: CoinChange): Promise<CoinResult> {
    return this.creditIn(this.#orm.em.fork(), change);
  }

  /** Takes coins: one statement, atomic by itself; 409 with `short` when the balance is too low. */
  debit(change: CoinChange): Promise<CoinResult> {
    return this.debitIn(this.#orm.em.fork(), change);
  }

  /** Adds coins inside the caller's transaction (a reward, an hourly claim): one statement. */
  creditIn(em: Em, change: CoinChange): Promise<CoinResult> {
    return this.#apply(em, change, change.amount);
  }

  /**
   * Takes coins inside the caller's transaction: one conditional update, so of many debits at once only those the
   * balance covers succeed. Too few coins: 409 `Not enough coins` with `balance` and `short`; the caller's
   * transaction rolls back whatever it wrote before.
   */
  debitIn(em: Em, change: CoinChange): Promise<CoinResult> {
    return this.#apply(em, change, -change.amount);
  }

  async balance(userId: string): Promise<number> {
    return this.balanceIn(this.#orm.em.fork(), userId);
  }

  async balanceIn(em: Em, userId: string): Promise<number> {
    const rows = await em.execute<{ balance: number }[]>(`select "balance" from "wallets" where "user_id" = ?`, [
      userId,
    ]);
    return rows.length ? Number(rows[0]!.balance) : 0;
  }

  /** The user's latest ledger rows, newest first. */
  async transactions(userId: string, limit = 20): Promise<CoinTransactionView[]> {
    const rows = await this.#orm.em
      .fork()
      .find(CoinTransactionSchema, { user: userId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit });
    return rows.map((row) => ({
      id: row.id,
      amount: row.amount,
      kind: row.kind,
      reference: row.reference,
      reason: row.reason ?? null,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /**
   * The ledger row and the balance's change: one call of `coin_apply` (the store's migration), the same function a
   * purchase calls. `applied` false: this reference was applied already (the call waited for the first to commit).
   */
  async #apply(em: Em, change: CoinChange, amount: number): Promise<CoinResult> {
    assertAmount(change.amount);
    try {
      const [row] = await em.execute<{ applied: boolean; balance: number }[]>(
        `select "applied", "balance" from "coin_apply"(?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          newId(),
          change.userId,
          amount,
          change.kind,
          change.reference,
          change.reason ?? null,
          new Date(this.#now()),
          MAX_COINS,
        ],
      );
      return { applied: Boolean(row!.applied), balance: Number(row!.balance) };
    } catch (error) {
      if (error instanceof ForeignKeyConstraintViolationException) throw new DomainError('not_found', 'User not found');
      throw asDomainError(error);
    }
  }
}

function assertAmount(amount: number): void {
  // Callers validate input with zod; this guards the ledger itself against a programming error.
  if (!Number.isInteger(amount) || amount <= 0 || amount > MAX_COINS)
    throw new Error(`A coin amount must be a whole number from 1 to ${MAX_COINS}: ${amount}`);
}
