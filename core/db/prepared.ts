import {
  type Compilable,
  CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
  sql,
} from 'kysely';
import { nameStatement } from './named-statements.ts';
import { type Em, isEmbedded, type Orm, poolOf } from './orm.ts';

/**
 * Kysely that only writes SQL (Kysely's documented way to compile a query without running it), typed against `DB`:
 * for statements compiled once and run many times (PreparedQuery), and SQL expressions a plugin hands to core.
 */
export function sqlWriter<DB>(): Kysely<DB> {
  return new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

/** Where a prepared query takes a value, by name; the value is given at each run. */
export type Param<P> = <K extends keyof P & string>(name: K) => RawBuilder<P[K]>;

/** A named value's place among a compiled query's parameters. */
class Slot {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

/** What a value of a prepared query may be: PGlite's `EXECUTE` takes each as one SQL literal. */
export type PreparedValue = string | number | boolean | Date | null;

/**
 * A statement a hot path runs many times a second (a claim, an unclaim, cooking, a delivery, a session read),
 * written with typed Kysely and compiled once. MikroORM's `execute` sends the values in the SQL text, so the database
 * parses and plans every call anew: for a claim with its order view that planning cost more than running it (on
 * PostgreSQL more than half of its CPU per claim; on the embedded database 5.8 ms a claim against 1.5 ms prepared). A
 * prepared statement is planned once per session:
 *
 * - on PostgreSQL it is a named statement (`pg` prepares it once per connection, then only binds and executes),
 *   through the pool (`run`) or in the caller's transaction (`runIn`);
 * - on the embedded database (one session, no pool) it is `PREPARE`d once, then run as `EXECUTE name(?, …)` (in
 *   the caller's transaction too), its
 *   values written into that statement by MikroORM's `em.execute` (its platform's quoting, as for every statement
 *   with `?`): PostgreSQL takes no bind parameters on `EXECUTE` itself. So values are scalars (PreparedValue); pass
 *   a list as JSON text.
 *
 * `build` gets `param(name)` for each value that changes from run to run; anything else in the query is fixed when it
 * is compiled (at its first run). Its result columns must not depend on a table's column list (no `returning *`): a
 * prepared statement whose result type changes is refused by PostgreSQL after a migration. `run` runs it outside any
 * transaction, `runIn` in the caller's.
 */
export class PreparedQuery<P extends Record<string, PreparedValue>, R> {
  readonly name: string;
  readonly #build: (param: Param<P>) => Compilable<R>;
  #compiled: { sql: string; values: unknown[] } | null = null;

  constructor(name: string, build: (param: Param<P>) => Compilable<R>) {
    if (!/^[a-z_][a-z0-9_.]*$/.test(name))
      throw new Error(`A prepared statement's name is lower-case letters, digits, _ and . (${name})`);
    this.name = name;
    this.#build = build;
  }

  /** Runs the statement with these values, prepared, outside any transaction: the rows it answers. */
  async run(orm: Orm, em: Em, values: P): Promise<R[]> {
    const compiled = this.#compile();
    return runPrepared<R>(orm, em, this.name, compiled.sql, this.#bind(compiled.values, values));
  }

  /**
   * Runs it through `em`, in its transaction when it is in one, prepared as `run` prepares it: on PostgreSQL its
   * named statement (the pool's NamedStatementsClient names every text a PreparedQuery compiled; docs/adr/0021), on
   * the embedded database `EXECUTE` of the statement `PREPARE`d once on its one session.
   */
  async runIn(em: Em, values: P): Promise<R[]> {
    const compiled = this.#compile();
    const bound = this.#bind(compiled.values, values);
    if (isEmbedded(em)) return executePrepared<R>(em, this.name, compiled.sql, bound);
    const result = await em.getKysely().executeQuery(CompiledQuery.raw(compiled.sql, bound));
    return result.rows as R[];
  }

  #bind(parameters: readonly unknown[], values: P): unknown[] {
    return parameters.map((value) => (value instanceof Slot ? values[value.name] : value));
  }

  #compile(): { sql: string; values: unknown[] } {
    if (!this.#compiled) {
      // The slot stands in for the value until a run gives it.
      const param: Param<P> = (name) => sql.val(new Slot(name)) as RawBuilder<never>;
      const query = this.#build(param).compile();
      this.#compiled = { sql: query.sql, values: [...query.parameters] };
      nameStatement(query.sql, this.name);
    }
    return this.#compiled;
  }
}

/** The statements `PREPARE`d on each embedded database (its one session), by its driver, then by name. */
const preparedOn = new WeakMap<object, Map<string, Promise<unknown>>>();

/** Runs a statement outside any transaction: a named statement on PostgreSQL's pool, `EXECUTE` on the embedded database. */
async function runPrepared<T>(orm: Orm, em: Em, name: string, text: string, values: unknown[]): Promise<T[]> {
  if (isEmbedded(em)) return executePrepared<T>(em, name, text, values);
  // The pool exists once MikroORM has connected (a request that reaches a hot path has read its session by then).
  const pool = poolOf(orm)?.pool;
  if (!pool) return (await em.getKysely().executeQuery(CompiledQuery.raw(text, values))).rows as T[];
  const result = await pool.query({ name, text, values });
  return result.rows as T[];
}

/**
 * On the embedded database, through `em` (in its transaction, when it is in one): `PREPARE`d once on the database's
 * one session (a prepared statement outlives the transaction it was made in), then `EXECUTE`d with the values.
 */
async function executePrepared<T>(em: Em, name: string, text: string, values: unknown[]): Promise<T[]> {
  const driver = em.getDriver();
  let prepared = preparedOn.get(driver);
  if (!prepared) {
    prepared = new Map();
    preparedOn.set(driver, prepared);
  }
  let ready = prepared.get(name);
  if (!ready) {
    ready = em.execute(`prepare "${name}" as ${text}`);
    prepared.set(name, ready);
    ready.catch(() => prepared.delete(name));
  }
  await ready;
  const placeholders = values.map(() => '?').join(', ');
  return em.execute<T[]>(values.length ? `execute "${name}"(${placeholders})` : `execute "${name}"`, values);
}
