import type { Em } from './orm.ts';

/**
 * Read, decide, write is a race on PostgreSQL unless what is read is locked until the write commits (PGlite runs
 * one transaction at a time and hides it). These two locks are the kernel's way to serialise such a unit of work;
 * a single conditional statement (`update … where <the state you saw>`, `delete … returning`, `insert … on
 * conflict`) is the other, and the better one when the decision fits in it. docs/architecture.md, "Data".
 */

function assertInTransaction(em: Em, what: string): void {
  // Outside a transaction the lock ends with its own statement: it would serialise nothing.
  if (!em.isInTransaction()) throw new Error(`${what} must run inside a transaction (em.transactional)`);
}

/**
 * `SELECT 1 FROM <table> WHERE <column> = ? FOR NO KEY UPDATE`: the row is locked until the transaction ends, so a second
 * unit of work on the same row waits here and then reads what the first committed. Answers whether the row exists.
 * `table` and `column` are identifiers from code, never from input.
 */
export async function lockRow(em: Em, table: string, id: string, column = 'id'): Promise<boolean> {
  assertInTransaction(em, 'lockRow');
  // NO KEY UPDATE: conflicts with itself and with FOR UPDATE, not with the KEY SHARE locks that inserts referencing the
  // row take (a new session, a history entry), which need not wait. Nothing here changes a primary key.
  const rows = await em.execute<unknown[]>(`select 1 from "${table}" where "${column}" = ? for no key update`, [id]);
  return rows.length > 0;
}

/**
 * A transaction-scoped advisory lock on a name (`pg_advisory_xact_lock(hashtext(name))`), for a decision about a
 * row that may not exist yet (a setting never set, a customer's first order): nothing to `FOR UPDATE` there.
 */
export async function lockName(em: Em, name: string): Promise<void> {
  assertInTransaction(em, 'lockName');
  await em.execute('select pg_advisory_xact_lock(hashtext(?))', [name]);
}
