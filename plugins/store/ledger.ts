import { isForeignKeyViolation } from '../../core/db/errors.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import { newId } from '../../core/ids.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { CoinTransactionSchema } from './entities.ts';
import { refusals } from './refusals.ts';
import { type CoinKind, type CoinTransactionView, MAX_COINS } from './schemas.ts';
import { storeSql } from './sql.ts';

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

export interface CoinLedgerDeps extends Pick<ServiceKernel, 'orm' | 'now'> {}

/**
 * Coins, the ledger way (docs/store.md): the balance is one column (`wallets.balance`), every change writes one
 * ledger row in the same transaction, a debit is one conditional update (`balance >= amount`), and the ledger row
 * goes first, unique per user and reference, so a retried credit or debit waits for the first and then does
 * nothing. A user's ledger rows always sum to their balance.
 */
export class CoinLedger {
  readonly #orm: Orm;
  readonly #now: () => number;

  constructor({ orm, now }: CoinLedgerDeps) {
    this.#orm = orm;
    this.#now = now;
  }

  /** Adds coins, in a transaction of its own. */
  credit(change: CoinChange): Promise<CoinResult> {
    return this.creditIn(this.#orm.em.fork(), change);
  }

  /** Takes coins, in a transaction of its own; 409 with `short` when the balance is too low. */
  debit(change: CoinChange): Promise<CoinResult> {
    return this.debitIn(this.#orm.em.fork(), change);
  }

  /** Adds coins inside the caller's transaction (a reward, an hourly claim). */
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

  balanceIn(em: Em, userId: string): Promise<number> {
    return balanceOf(em, userId);
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
   * The ledger row and the balance's change, in one transaction: the caller's, or one of its own. `applied` false:
   * this reference was applied already (the insert waited for the first to commit, then wrote nothing).
   */
  async #apply(em: Em, change: CoinChange, amount: number): Promise<CoinResult> {
    assertAmount(change.amount);
    const entry: LedgerEntry = { ...change, amount, at: new Date(this.#now()) };
    try {
      return em.isInTransaction() ? await applyIn(em, entry) : await em.transactional((tx) => applyIn(tx, entry));
    } catch (error) {
      if (isForeignKeyViolation(error)) throw refusals.noUser();
      throw error;
    }
  }
}

/** One change as the ledger writes it: `amount` signed (a debit is negative). */
interface LedgerEntry extends CoinChange {
  at: Date;
}

/**
 * The ledger row first, unique per user and reference: the same change applied again waits for the first to commit
 * and then writes nothing. Then the wallet. A refusal is thrown after the ledger row: the transaction it runs in
 * must roll back (every caller lets it).
 */
async function applyIn(em: Em, entry: LedgerEntry): Promise<CoinResult> {
  const db = storeSql(em);
  const written = await db
    .insertInto('coin_transactions')
    .values({
      id: newId(),
      user_id: entry.userId,
      amount: entry.amount,
      kind: entry.kind,
      reference: entry.reference,
      reason: entry.reason ?? null,
      created_at: entry.at,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'reference']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!written) return { applied: false, balance: await balanceOf(em, entry.userId) };
  const balance =
    entry.amount > 0 ? await addTo(em, entry.userId, entry.amount) : await takeFrom(em, entry.userId, -entry.amount);
  return { applied: true, balance };
}

/** A credit creates the wallet or adds to it, up to the ceiling (a conditional upsert). */
async function addTo(em: Em, userId: string, amount: number): Promise<number> {
  const row = await storeSql(em)
    .insertInto('wallets')
    .values({ user_id: userId, balance: amount })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet((eb) => ({ balance: eb('wallets.balance', '+', eb.ref('excluded.balance')) }))
        .where((eb) => eb(eb('wallets.balance', '+', eb.ref('excluded.balance')), '<=', MAX_COINS)),
    )
    .returning('balance')
    .executeTakeFirst();
  if (!row) throw refusals.overMax();
  return Number(row.balance);
}

/** A debit is one conditional update: of many at once, only those the balance covers get through. */
async function takeFrom(em: Em, userId: string, amount: number): Promise<number> {
  const row = await storeSql(em)
    .updateTable('wallets')
    .set((eb) => ({ balance: eb('balance', '-', amount) }))
    .where('user_id', '=', userId)
    .where('balance', '>=', amount)
    .returning('balance')
    .executeTakeFirst();
  if (row) return Number(row.balance);
  const balance = await balanceOf(em, userId);
  throw refusals.short(balance, amount - balance);
}

/** The user's balance (0 without a wallet). */
async function balanceOf(em: Em, userId: string): Promise<number> {
  const row = await storeSql(em)
    .selectFrom('wallets')
    .select('balance')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

function assertAmount(amount: number): void {
  // Callers validate input with zod; this guards the ledger itself against a programming error.
  if (!Number.isInteger(amount) || amount <= 0 || amount > MAX_COINS)
    throw new Error(`A coin amount must be a whole number from 1 to ${MAX_COINS}: ${amount}`);
}
