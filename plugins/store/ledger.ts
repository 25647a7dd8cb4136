import { isForeignKeyViolation } from '../../core/db/errors.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import { type Param, PreparedQuery } from '../../core/db/prepared.ts';
import { newId } from '../../core/ids.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { CoinTransactionSchema } from './entities.ts';
import { refusals } from './refusals.ts';
import { type CoinKind, type CoinTransactionView, MAX_COINS } from './schemas.ts';
import { storeSql, storeWriter } from './sql.ts';

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

/** One ledger change as its statement takes it: `amount` signed (the ledger row's), `change` its size. */
type EntryValues = {
  id: string;
  userId: string;
  amount: number;
  change: number;
  kind: CoinKind;
  reference: string;
  reason: string | null;
  at: Date;
};

/** What a change's statement answers: whether it wrote the ledger row, and the balance after it (null: refused). */
type EntryResult = { written: number | string | null; balance: number | string | null };

/** The ledger row, unique per user and reference: a change applied again waits for the first, then writes nothing. */
const ledgerRow = (param: Param<EntryValues>) =>
  storeWriter
    .insertInto('coin_transactions')
    .values({
      id: param('id'),
      user_id: param('userId'),
      amount: param('amount'),
      kind: param('kind'),
      reference: param('reference'),
      reason: param('reason'),
      created_at: param('at'),
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'reference']).doNothing())
    .returning('user_id');

/**
 * A debit in one statement: the ledger row, then, only if it was written, the wallet's conditional update
 * (`balance >= change`), which reads the row's insert and so runs after it.
 */
const DEBIT = new PreparedQuery<EntryValues, EntryResult>('store.ledger.debit', (param) =>
  storeWriter
    .with('entry', () => ledgerRow(param))
    .with('paid', (db) =>
      db
        .updateTable('wallets')
        .from('entry')
        .set((eb) => ({ balance: eb('wallets.balance', '-', param('change')) }))
        .whereRef('wallets.user_id', '=', 'entry.user_id')
        .where('wallets.balance', '>=', param('change'))
        .returning('wallets.balance'),
    )
    .selectNoFrom((eb) => [
      eb.selectFrom('entry').select(eb.fn.countAll().as('n')).as('written'),
      eb.selectFrom('paid').select('balance').as('balance'),
    ]),
);

/**
 * A credit in one statement: the ledger row, then, only if it was written, the wallet created or added to up to the
 * ceiling (a conditional upsert).
 */
const CREDIT = new PreparedQuery<EntryValues, EntryResult>('store.ledger.credit', (param) =>
  storeWriter
    .with('entry', () => ledgerRow(param))
    .with('added', (db) =>
      db
        .insertInto('wallets')
        .columns(['user_id', 'balance'])
        .expression((eb) =>
          eb.selectFrom('entry').select(['user_id', eb.cast(param('change'), 'integer').as('balance')]),
        )
        .onConflict((conflict) =>
          conflict
            .column('user_id')
            .doUpdateSet((eb) => ({ balance: eb('wallets.balance', '+', eb.ref('excluded.balance')) }))
            .where((eb) => eb(eb('wallets.balance', '+', eb.ref('excluded.balance')), '<=', MAX_COINS)),
        )
        .returning('wallets.balance'),
    )
    .selectNoFrom((eb) => [
      eb.selectFrom('entry').select(eb.fn.countAll().as('n')).as('written'),
      eb.selectFrom('added').select('balance').as('balance'),
    ]),
);

/**
 * The ledger row and the wallet's change, one statement (DEBIT, CREDIT). `applied` false: this reference was applied
 * already (the insert waited for the first to commit, then wrote nothing). A refusal (too few coins, over the
 * ceiling) is thrown after the ledger row: the transaction it runs in must roll back (every caller lets it).
 */
async function applyIn(em: Em, entry: LedgerEntry): Promise<CoinResult> {
  const values: EntryValues = {
    id: newId(),
    userId: entry.userId,
    amount: entry.amount,
    change: Math.abs(entry.amount),
    kind: entry.kind,
    reference: entry.reference,
    reason: entry.reason ?? null,
    at: entry.at,
  };
  const [row] = await (entry.amount > 0 ? CREDIT : DEBIT).runIn(em, values);
  if (Number(row?.written ?? 0) === 0) return { applied: false, balance: await balanceOf(em, entry.userId) };
  if (row?.balance != null) return { applied: true, balance: Number(row.balance) };
  if (entry.amount > 0) throw refusals.overMax();
  const balance = await balanceOf(em, entry.userId);
  throw refusals.short(balance, values.change - balance);
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
