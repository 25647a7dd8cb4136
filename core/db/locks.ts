import type { EntitySchema } from '@mikro-orm/core';
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
 * `SELECT 1 FROM <the entity's table> WHERE <its primary key> = ? FOR NO KEY UPDATE`: the row is locked until the
 * transaction ends, so a second unit of work on the same row waits here and then reads what the first committed.
 * Answers whether the row exists. The table and its key come from the entity's metadata, so a caller names an
 * entity `tsc` knows (and dependency-cruiser lets it import), never a table as text.
 */
export async function lockRow(em: Em, entity: EntitySchema, id: string): Promise<boolean> {
  assertInTransaction(em, 'lockRow');
  const meta = em.getMetadata(entity);
  const [key, ...more] = meta.getPrimaryProps();
  if (!key || more.length > 0 || key.fieldNames.length !== 1)
    throw new Error(`lockRow: ${meta.tableName} has no primary key of one column`);
  // NO KEY UPDATE: conflicts with itself and with FOR UPDATE, not with the KEY SHARE locks that inserts referencing the
  // row take (a new session, a history entry), which need not wait. Nothing here changes a primary key.
  // A wait the database cuts short at its limit throws the driver's error with its SQLSTATE: a 503 (errors.ts).
  const row = await em
    .getKysely<Record<string, Record<string, unknown>>>()
    .selectFrom(meta.tableName)
    .select((eb) => eb.lit(1).as('locked'))
    .where(key.fieldNames[0]!, '=', id)
    .forNoKeyUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A transaction-scoped advisory lock on a name (`pg_advisory_xact_lock(hashtext(name))`), for a decision about a
 * row that may not exist yet (a setting never set, a customer's first order): nothing to `FOR UPDATE` there.
 */
export async function lockName(em: Em, name: string): Promise<void> {
  assertInTransaction(em, 'lockName');
  // Through em.execute rather than Kysely: a wait cut short at the database's limit is then logged with its
  // statement (MikroORM's failed-statement log, which Kysely's statements do not reach).
  await em.execute('select pg_advisory_xact_lock(hashtext(?))', [name]);
}
