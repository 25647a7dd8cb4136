import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import type { HeldRank, HeldRanksSource } from '../../core/auth/held-ranks.ts';
import type { RanksDb } from './sql.ts';

/**
 * Kysely that only writes SQL (Kysely's documented way to build a query without running it): the permission port's
 * expression is compiled once, at start, and core runs it inside its own prepared statement.
 */
const compiler = new Kysely<RanksDb>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** The ranks of core's users row `u`, as one JSON array of HeldRank, highest first; typed against the entities. */
const heldRanksOfU = compiler
  .selectFrom('user_ranks as ur')
  .innerJoin('ranks as r', 'r.id', 'ur.rank_id')
  .where('ur.user_id', '=', sql.ref<string>('u.id'))
  .select((eb) =>
    eb.fn
      .coalesce(
        eb.fn
          .jsonAgg(
            jsonBuildObject({
              id: eb.ref('r.id'),
              name: eb.ref('r.name'),
              position: eb.ref('r.position'),
              colour: eb.ref('r.colour'),
              canResign: eb.ref('r.can_resign'),
              permissions: eb.ref('r.permissions'),
              perks: eb.ref('r.perks'),
            } satisfies Record<keyof HeldRank, unknown>),
          )
          .orderBy('r.position', 'desc'),
        sql.lit('[]'),
      )
      .as('ranks'),
  )
  .compile();

if (heldRanksOfU.parameters.length > 0) throw new Error('The held ranks expression must take no parameters');

/** What this plugin puts in core's permission port (`definePlugin({ heldRanks })`, core/auth/held-ranks.ts). */
export const heldRanks: HeldRanksSource = { json: `(${heldRanksOfU.sql})` };
