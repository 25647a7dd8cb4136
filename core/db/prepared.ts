import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { poolOf, type Em, type Orm } from './orm.ts';

/**
 * A statement a hot path runs many times a second (a claim, an unclaim, cooking, a delivery). MikroORM's `execute`
 * writes the values into the SQL text, so PostgreSQL parses and plans every call anew: for a claim with its order
 * view (five joins) that planning was more than half of the database's CPU per claim, and 20 chefs at once reached
 * less than half the writes a bare locking transaction does. On PostgreSQL a prepared statement goes through the
 * connection pool as a named statement instead: `pg` prepares it once per connection, and each call after that only
 * binds and executes. On the embedded database (one session, no pool) it goes through `execute` as every other
 * statement does.
 *
 * Written with `?` placeholders like every other statement here; a `?` may not appear inside a literal or as an
 * operator. Its result columns must not depend on a table's column list (no bare `returning *` as the result): a
 * prepared statement whose result type changes is refused by PostgreSQL after a migration.
 */
export class PreparedStatement {
  readonly name: string;
  readonly sql: string;
  /** The same SQL with `$1`, `$2`… for `pg`. */
  readonly numbered: string;

  constructor(name: string, sql: string) {
    this.name = name;
    this.sql = sql;
    let n = 0;
    this.numbered = sql.replace(/\?/g, () => `$${++n}`);
  }
}

/** Runs `statement` outside any transaction: a named statement on PostgreSQL's pool, `execute` on the embedded database. */
export async function runPrepared<T extends object>(orm: Orm, em: Em, statement: PreparedStatement, params: unknown[]): Promise<T[]> {
  const pool = poolOf(orm)?.pool;
  // The pool exists once MikroORM has connected (every request that reaches a hot path has read its session by then).
  if (!pool) return em.execute<T[]>(statement.sql, params);
  const result = await pool.query({ name: statement.name, text: statement.numbered, values: params });
  return result.rows as T[];
}

/** A unique index refused the write: MikroORM's exception, or PostgreSQL's SQLSTATE 23505 from a prepared statement. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof UniqueConstraintViolationException || (error as { code?: unknown } | null)?.code === '23505';
}
