import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import type { Em, Orm } from '../../core/db/orm.ts';
import { DomainError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { CoinTransactionSchema } from './entities.ts';
import { MAX_COINS, type CoinKind, type CoinTransactionView } from './schemas.ts';

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

  /** Adds coins in its own transaction. */
  credit(change: CoinChange): Promise<CoinResult> {
    return this.#orm.em.fork().transactional((em) => this.creditIn(em, change));
  }

  /** Takes coins in its own transaction; 409 with `short` when the balance is too low. */
  debit(change: CoinChange): Promise<CoinResult> {
    return this.#orm.em.fork().transactional((em) => this.debitIn(em, change));
  }

  /** Adds coins inside the caller's transaction (a purchase that grants coins, a reward): one statement. */
  async creditIn(em: Em, change: CoinChange): Promise<CoinResult> {
    assertAmount(change.amount);
    const row = await this.#apply(
      em,
      change,
      change.amount,
      `insert into "wallets" ("user_id", "balance") select ?, "amount" from "entry"
       on conflict ("user_id") do update set "balance" = "wallets"."balance" + excluded."balance"
       where "wallets"."balance" + excluded."balance" <= ?
       returning "balance"`,
      [change.userId, MAX_COINS],
    );
    if (!row.recorded) return { applied: false, balance: await this.balanceIn(em, change.userId) };
    if (row.balance === null) throw new DomainError('conflict', `That would take the balance over ${MAX_COINS.toLocaleString('en')} coins.`);
    return { applied: true, balance: Number(row.balance) };
  }

  /**
   * Takes coins inside the caller's transaction: one conditional update, so of many debits at once only those the
   * balance covers succeed. Too few coins: 409 `Not enough coins` with `balance` and `short`; the caller's
   * transaction rolls back whatever it wrote before (this change's ledger row included).
   */
  async debitIn(em: Em, change: CoinChange): Promise<CoinResult> {
    assertAmount(change.amount);
    const row = await this.#apply(
      em,
      change,
      -change.amount,
      `update "wallets" set "balance" = "balance" - ? where "user_id" = ? and "balance" >= ? and exists (select 1 from "entry") returning "balance"`,
      [change.amount, change.userId, change.amount],
    );
    if (!row.recorded) return { applied: false, balance: await this.balanceIn(em, change.userId) };
    if (row.balance === null) {
      const balance = await this.balanceIn(em, change.userId);
      const short = change.amount - balance;
      throw new DomainError('conflict', `Not enough coins: you need ${short.toLocaleString('en')} more.`, { balance, short });
    }
    return { applied: true, balance: Number(row.balance) };
  }

  async balance(userId: string): Promise<number> {
    return this.balanceIn(this.#orm.em.fork(), userId);
  }

  async balanceIn(em: Em, userId: string): Promise<number> {
    const rows = await em.execute<{ balance: number }[]>(`select "balance" from "wallets" where "user_id" = ?`, [userId]);
    return rows.length ? Number(rows[0]!.balance) : 0;
  }

  /** The user's latest ledger rows, newest first. */
  async transactions(userId: string, limit = 20): Promise<CoinTransactionView[]> {
    const rows = await this.#orm.em.fork().find(CoinTransactionSchema, { user: userId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit });
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
   * The ledger row and the balance's change in one statement: the row goes first (`entry`), unique per user and
   * reference, so a retried change waits for the first and then changes nothing; `move` is the wallet's statement,
   * run only when the row was written. `recorded` false: this reference was applied already; `balance` null: the
   * wallet refused the change (too few coins, or too many).
   */
  async #apply(em: Em, change: CoinChange, amount: number, move: string, moveParams: unknown[]): Promise<{ recorded: boolean; balance: number | null }> {
    try {
      const [row] = await em.execute<{ recorded: boolean; balance: number | null }[]>(
        `with "entry" as (
           insert into "coin_transactions" ("id", "user_id", "amount", "kind", "reference", "reason", "created_at") values (?, ?, ?, ?, ?, ?, ?)
           on conflict ("user_id", "reference") do nothing returning "amount"
         ), "moved" as (${move})
         select exists (select 1 from "entry") as "recorded", (select "balance" from "moved") as "balance"`,
        [newId(), change.userId, amount, change.kind, change.reference, change.reason ?? null, new Date(this.#now()), ...moveParams],
      );
      return { recorded: Boolean(row?.recorded), balance: row?.balance ?? null };
    } catch (error) {
      if (error instanceof ForeignKeyConstraintViolationException) throw new DomainError('not_found', 'User not found');
      throw error;
    }
  }
}

function assertAmount(amount: number): void {
  // Callers validate input with zod; this guards the ledger itself against a programming error.
  if (!Number.isInteger(amount) || amount <= 0 || amount > MAX_COINS) throw new Error(`A coin amount must be a whole number from 1 to ${MAX_COINS}: ${amount}`);
}
