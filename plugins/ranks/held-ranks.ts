import { sql } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import type { HeldRank, HeldRanksSource } from '../../core/auth/held-ranks.ts';
import { sqlWriter } from '../../core/db/prepared.ts';
import type { RanksDb } from './sql.ts';

/** The permission port's expression is compiled once, at start; core runs it inside its own prepared statement. */
const compiler = sqlWriter<RanksDb>();

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
