import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import type { PGlite as KyselyPGlite, PGliteQueryResults, PGliteTransaction } from 'kysely';

/**
 * The embedded database as kysely's PGlite driver sees it (kysely's `PGlite` interface, its documented way to hand it
 * an instance), with one difference: a statement that carries no parameters goes to PostgreSQL as one simple query.
 *
 * PGlite's `query` speaks PostgreSQL's extended protocol one message at a time: parse, describe, bind, describe,
 * execute and sync, six calls into PostgreSQL and six results to read back. Its `exec` sends a simple query: the
 * query and a sync, two calls. On this database nearly every statement has no parameters: MikroORM writes the values
 * into the SQL text (its platform's quoting), and so into `EXECUTE name(…)` of a PreparedQuery (prepared.ts). Those go
 * through `exec`, with the same type parsers, row shape, affected rows and errors; a statement with parameters (typed
 * Kysely through `em.getKysely()`) still goes through `query`. The one difference a caller could see: a text of
 * several statements is run whole (its last statement's result is answered) where `query` refuses it.
 * Measured gain: bench/NOTES.md, "A statement in two calls into the embedded database".
 */
export function withSimpleQueries(pglite: PGlite): KyselyPGlite {
  return {
    get closed() {
      return pglite.closed;
    },
    get ready() {
      return pglite.ready;
    },
    get waitReady() {
      return pglite.waitReady;
    },
    close: () => pglite.close(),
    query: (text, params, options) => run(pglite, text, params, options),
    transaction: (callback) => pglite.transaction((tx) => callback(transactionOf(tx))),
  };
}

function transactionOf(tx: Transaction): PGliteTransaction {
  return {
    query: (text, params, options) => run(tx, text, params, options),
    rollback: () => tx.rollback(),
  };
}

/** An empty text's result: no statement ran. */
const NOTHING: Results = { rows: [], fields: [], affectedRows: 0 };

async function run<T>(
  on: Pick<PGlite | Transaction, 'query' | 'exec'>,
  text: string,
  params: unknown[] | undefined,
  options: QueryOptions | undefined,
): Promise<PGliteQueryResults<T>> {
  if (params && params.length > 0) return on.query<T>(text, params, options);
  const results = await on.exec(text, options);
  return (results.at(-1) ?? NOTHING) as Results<T>;
}
