import { Migration } from '@mikro-orm/migrations';

/** Active rank grants whose rank the user does not hold (a user manager's edit took it while the grant ran). */
const TAKEN = `from "grants" g join "ranks" r on r."id" = g."value"
      where g."kind" = 'rank' and g."ended_at" is null
        and not exists (select 1 from "user_ranks" ur where ur."user_id" = g."user_id" and ur."rank_id" = g."value")`;

/**
 * A rank an active grant gives is held until the grant ends (docs/decisions.md, "Money and billing (issue 39)").
 * Until now a user manager's rank edit could take a plan's rank while the plan ran, and no converge gave it back (the
 * grant stayed active, so granting again only moved its end). This gives those ranks back, one rank history entry per
 * user (`grant`, by nobody, the reason naming the grants as `reasonOf` does), and makes one grant of each such rank
 * hold it alone (`added`, the one that ends last), so its end takes it. Data only: no schema change, and the store's
 * functions stay as they are.
 */
export class Migration20261203090000_GrantedRanksHeld extends Migration {
  override name = 'Migration20261203090000_GrantedRanksHeld';

  override up(): void | Promise<void> {
    // The history first, while user_ranks still says what each user held. The id is snowflake-shaped (core/ids.ts:
    // milliseconds since the Discord epoch, then a sequence), as every id the product mints.
    this.addSql(`insert into "rank_history" ("id", "user_id", "action", "ranks_before", "ranks_after", "reason", "by", "created_at")
      select ((((extract(epoch from clock_timestamp()) * 1000)::bigint - 1420070400000) << 22) + row_number() over (order by t."user_id"))::text,
        t."user_id", 'grant',
        array(select ur."rank_id" from "user_ranks" ur join "ranks" r on r."id" = ur."rank_id" where ur."user_id" = t."user_id" order by r."position" desc),
        array(select r."id" from "ranks" r
          where exists (select 1 from "user_ranks" ur where ur."user_id" = t."user_id" and ur."rank_id" = r."id")
            or exists (select 1 from "grants" g where g."user_id" = t."user_id" and g."kind" = 'rank' and g."value" = r."id" and g."ended_at" is null)
          order by r."position" desc),
        t."reason", null, now()
      from (select g."user_id", string_agg(distinct g."source" || ' ' || g."source_ref", ', ') as "reason" ${TAKEN} group by g."user_id") t;`);
    this.addSql(`update "grants" set "added" = true where "id" in (
        select distinct on (g."user_id", g."value") g."id" ${TAKEN}
          and not exists (select 1 from "grants" b
            where b."user_id" = g."user_id" and b."kind" = 'rank' and b."value" = g."value" and b."ended_at" is null and b."added")
        order by g."user_id", g."value", g."ends_at" desc nulls first, g."id");`);
    this.addSql(`insert into "user_ranks" ("user_id", "rank_id") select distinct g."user_id", g."value" ${TAKEN};`);
  }

  override down(): void | Promise<void> {
    // Nothing to undo: the ranks given back are held as the code before this read them.
  }
}
