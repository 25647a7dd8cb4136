import { AsyncLocalStorage } from 'node:async_hooks';
import { type Configuration, type Constructor, type Dictionary, EntityManagerType } from '@mikro-orm/core';
import { PgliteConnection, MikroORM as PgliteMikroORM, PglitePlatform } from '@mikro-orm/pglite';
import { AbstractSqlDriver, BasePostgreSqlEntityManager, type Transaction } from '@mikro-orm/sql';
import { type ControlledTransaction, PGliteDialect } from 'kysely';
import { type Hold, OneConnectionDialect, type OneConnectionLimits } from './one-connection.ts';
import { withSimpleQueries } from './pglite-simple-queries.ts';

/** The driver option that carries the limits to the connection (removed before PGlite sees the options). */
export const LIMITS_OPTION = 'oneConnectionLimits';

type TransactionalOptions = NonNullable<Parameters<PgliteConnection['transactional']>[1]>;

/**
 * MikroORM's PGlite connection with the one-connection driver (one-connection.ts): a transaction's callback runs
 * with a hold that says its flow of work has the connection, so a query that flow issues outside the transaction
 * fails at once instead of waiting for itself.
 */
export class OneConnectionPgliteConnection extends PgliteConnection {
  readonly #holds = new AsyncLocalStorage<Hold>();

  /**
   * MikroORM's own dialect makes (and owns) the PGlite instance, with its type parsers; kysely's PGlite dialect then
   * reaches that instance through withSimpleQueries (pglite-simple-queries.ts), in turn through the one-connection
   * driver. MikroORM's dialect object itself is not used further: it is only the instance's maker.
   */
  override createKyselyDialect(overrides: Dictionary) {
    const { [LIMITS_OPTION]: limits, ...options } = overrides;
    super.createKyselyDialect(options);
    const dialect = new PGliteDialect({ pglite: async () => withSimpleQueries(await this.getNativeClient()) });
    return new OneConnectionDialect(dialect, this.#holds, limits as OneConnectionLimits) as never;
  }

  override transactional<T>(
    // biome-ignore lint/suspicious/noExplicitAny: the signature of the method it overrides (MikroORM's)
    cb: (trx: Transaction<ControlledTransaction<any, any>>) => Promise<T>,
    options: TransactionalOptions = {},
  ): Promise<T> {
    // A savepoint inside the transaction this flow holds: the same connection, nothing to mark.
    if (options.ctx) return super.transactional(cb, options);
    return super.transactional((trx) => {
      const hold: Hold = { open: true };
      return this.#holds
        .run(hold, () => cb(trx))
        .finally(() => {
          hold.open = false;
        });
    }, options);
  }
}

/** MikroORM's PGlite driver (PgliteDriver) with the connection above. */
export class OneConnectionPgliteDriver extends AbstractSqlDriver<OneConnectionPgliteConnection, PglitePlatform> {
  declare [EntityManagerType]: BasePostgreSqlEntityManager<this>;

  constructor(config: Configuration) {
    super(config, new PglitePlatform(), OneConnectionPgliteConnection, ['kysely', '@electric-sql/pglite']);
  }

  override createEntityManager(useContext?: boolean): this[typeof EntityManagerType] {
    const EntityManagerClass = this.config.get('entityManager', BasePostgreSqlEntityManager);
    return new EntityManagerClass(this.config, this, this.metadata, useContext) as this[typeof EntityManagerType];
  }

  override getORMClass(): Constructor<PgliteMikroORM> {
    return PgliteMikroORM;
  }
}
