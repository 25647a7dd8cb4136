import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { type Em, type Orm, poolOf } from './orm.ts';

/**
 * A statement a hot path runs many times a second (a claim, an unclaim, cooking, a delivery). MikroORM's `execute`
 * writes the values into the SQL text, so the database parses and plans every call anew: for a claim with its order
 * view (five joins) that planning cost more than running it (on PostgreSQL more than half of its CPU per claim; on
 * the embedded database 5.8 ms a claim against 1.5 ms prepared). A prepared statement is planned once per session:
 *
 * - on PostgreSQL it goes through the connection pool as a named statement (`pg` prepares it once per connection,
 *   then only binds and executes);
 * - on the embedded database (one session, no pool) it is `PREPARE`d once, then run as `EXECUTE name(?, …)`, its
 *   values written into the statement by MikroORM's `em.execute` (its platform's quoting, as for every statement
 *   with `?`): PostgreSQL takes no bind parameters on `EXECUTE` itself.
 *
 * Written with `?` placeholders like every other statement here; a `?` may not appear inside a literal or as an
 * operator. Its result columns must not depend on a table's column list (no bare `returning *` as the result): a
 * prepared statement whose result type changes is refused by PostgreSQL after a migration. Run outside any
 * transaction.
 */
export class PreparedStatement {
  readonly name: string;
  readonly sql: string;
  /** The same SQL with `$1`, `$2`… */
  readonly numbered: string;
  /** `EXECUTE` of this statement, its values as `?` (the embedded database). */
  readonly executeSql: string;
  readonly parameters: number;

  constructor(name: string, sql: string) {
    if (!/^[a-z_][a-z0-9_.]*$/.test(name))
      throw new Error(`A prepared statement's name is lower-case letters, digits, _ and . (${name})`);
    this.name = name;
    this.sql = sql;
    let n = 0;
    this.numbered = sql.replace(/\?/g, () => `$${++n}`);
    this.parameters = n;
    this.executeSql = n === 0 ? `execute "${name}"` : `execute "${name}"(${Array(n).fill('?').join(', ')})`;
  }
}

/** The statements `PREPARE`d on each embedded database (its one session), by name. */
const preparedOn = new WeakMap<Orm, Map<string, Promise<unknown>>>();

/** Runs `statement` outside any transaction: a named statement on PostgreSQL's pool, `EXECUTE` on the embedded database. */
export async function runPrepared<T extends object>(
  orm: Orm,
  em: Em,
  statement: PreparedStatement,
  params: unknown[],
): Promise<T[]> {
  if (params.length !== statement.parameters)
    throw new Error(`${statement.name} takes ${statement.parameters} values, not ${params.length}`);
  const holder = poolOf(orm);
  if (holder) {
    // The pool exists once MikroORM has connected (a request that reaches a hot path has read its session by then).
    if (!holder.pool) return em.execute<T[]>(statement.sql, params);
    const result = await holder.pool.query({ name: statement.name, text: statement.numbered, values: params });
    return result.rows as T[];
  }
  let prepared = preparedOn.get(orm);
  if (!prepared) {
    prepared = new Map();
    preparedOn.set(orm, prepared);
  }
  let ready = prepared.get(statement.name);
  if (!ready) {
    ready = em.execute(`prepare "${statement.name}" as ${statement.numbered}`);
    prepared.set(statement.name, ready);
    ready.catch(() => prepared.delete(statement.name));
  }
  await ready;
  return em.execute<T[]>(statement.executeSql, params);
}

/** A unique index refused the write: MikroORM's exception, or PostgreSQL's SQLSTATE 23505 from a prepared statement. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof UniqueConstraintViolationException || (error as { code?: unknown } | null)?.code === '23505';
}
