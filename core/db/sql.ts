import { type Expression, type RawBuilder, sql } from 'kysely';

/** SQL expressions typed Kysely statements share. */

/**
 * A `text[]` from one parameter holding a JSON array of strings (pass `JSON.stringify(array)`), in order: one value
 * for a whole list, where hundreds of parameters cost more to parse and bind than the query, and where a prepared
 * statement takes scalars only (core/db/prepared.ts).
 */
export function textArrayFromJson(json: Expression<string>): RawBuilder<string[]> {
  return sql<
    string[]
  >`array(select "v" from jsonb_array_elements_text(${json}::jsonb) with ordinality as "t"("v", "i") order by "i")`;
}
