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
 * - on the embedded database (one session, no pool) it is `PREPARE`d once, then run as `EXECUTE name(…)` with its
 *   values written as SQL literals (`literal`): PostgreSQL takes no bind parameters on `EXECUTE` itself.
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
  readonly #parameters: number;

  constructor(name: string, sql: string) {
    if (!/^[a-z_][a-z0-9_.]*$/.test(name))
      throw new Error(`A prepared statement's name is lower-case letters, digits, _ and . (${name})`);
    this.name = name;
    this.sql = sql;
    let n = 0;
    this.numbered = sql.replace(/\?/g, () => `$${++n}`);
    this.#parameters = n;
  }

  /** `EXECUTE` of this statement with `params` written as literals (the embedded database). */
  execute(params: readonly unknown[]): string {
    if (params.length !== this.#parameters)
      throw new Error(`${this.name} takes ${this.#parameters} values, not ${params.length}`);
    return params.length === 0 ? `execute "${this.name}"` : `execute "${this.name}"(${params.map(literal).join(', ')})`;
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
  return em.execute<T[]>(statement.execute(params));
}

/**
 * A value as an SQL literal, for `EXECUTE` on the embedded database. Strings are quoted with `'` doubled
 * (standard_conforming_strings is on: a backslash is an ordinary character); no value carries a NUL, which the
 * routes' text schema refuses and PostgreSQL could not store.
 */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'bigint') return String(value);
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : null;
  if (text === null) throw new Error(`No SQL literal for a ${typeof value}`);
  if (text.includes('\0')) throw new Error('A text with a NUL character cannot be stored');
  return `'${text.replace(/'/g, "''")}'`;
}

/** A unique index refused the write: MikroORM's exception, or PostgreSQL's SQLSTATE 23505 from a prepared statement. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof UniqueConstraintViolationException || (error as { code?: unknown } | null)?.code === '23505';
}
