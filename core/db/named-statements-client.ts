import pg from 'pg';
import { statementName } from './named-statements.ts';

/**
 * The PostgreSQL pool's client (pg-pool's documented `Client` option; docs/adr/0021-named-statements-in-transactions.md).
 * Kysely, and so MikroORM, hands `pg` each statement as text and values, which PostgreSQL parses and plans anew on
 * every run. A text PreparedQuery compiled goes to `pg` as its named statement instead (`pg`'s own query config
 * `{ name, text, values }`): parsed once per connection, then only bound and run, inside a transaction as outside
 * one. Every other statement is sent as it came.
 */
export class NamedStatementsClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (config: unknown, ...rest: unknown[]) => unknown;
    this.query = ((text: unknown, values?: unknown, ...rest: unknown[]) => {
      const name = typeof text === 'string' && Array.isArray(values) ? statementName(text) : undefined;
      return name === undefined ? query(text, values, ...rest) : query({ name, text, values }, ...rest);
    }) as pg.Client['query'];
  }
}
