import { DriverException } from '@mikro-orm/core';

/**
 * The database errors the kernel names. They extend MikroORM's `DriverException`, which MikroORM passes on as they
 * are (it wraps any other error in a plain `DriverException`, losing its name), and carry PostgreSQL's SQLSTATE
 * where PostgreSQL has one, so the embedded database and PostgreSQL fail the same way.
 */

/** PostgreSQL's SQLSTATEs for a statement or a transaction stopped by a limit (statement_timeout, idle in transaction). */
const TIMEOUT_CODES = new Set([
  // query_canceled: statement_timeout (and, on the embedded database, a statement that waited too long to start)
  '57014',
  // idle_in_transaction_session_timeout
  '25P03',
  // lock_not_available: lock_timeout
  '55P03',
]);

/**
 * A query issued outside the transaction that the same flow of work holds open on the embedded database. The
 * embedded database has one connection: the query could only run after that transaction ends, and the transaction
 * is waiting for the query. Inside a transaction, every query goes through the transaction's `em`
 * (docs/architecture.md, "Data").
 */
export class QueryOutsideTransactionError extends DriverException {
  constructor() {
    super(
      new Error(
        "A query was issued through another handle while this flow of work holds a transaction on the embedded database's one connection: " +
          "it would wait for itself forever. Inside a transaction, query through the transaction's em (or read before it opens).",
      ),
    );
  }
}

/** A statement that waited for the embedded database's one connection longer than the limit (DATABASE_TIMEOUT_MS). */
export class DatabaseTimeoutError extends DriverException {
  constructor(message: string, code: '57014' | '25P03') {
    super(Object.assign(new Error(message), { code }));
  }
}

/**
 * PostgreSQL's SQLSTATE of a database error, whichever way it came: MikroORM's exceptions (the unit of work,
 * `em.execute`) carry the driver's code, and a typed Kysely statement (`em.getKysely()`) throws the driver's own
 * error, which MikroORM does not convert. So the kernel tells database errors apart by code, never by class.
 */
function sqlState(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : null;
}

/** A statement or transaction the database (or, embedded, its driver) stopped at the limit: the request is a 503. */
export function isDatabaseTimeout(error: unknown): boolean {
  const code = sqlState(error);
  return code !== null && TIMEOUT_CODES.has(code);
}

/** A unique index refused the write (unique_violation). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

/** A foreign key refused the write (foreign_key_violation). */
export function isForeignKeyViolation(error: unknown): boolean {
  return sqlState(error) === '23503';
}
