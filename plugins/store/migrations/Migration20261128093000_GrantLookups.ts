import { Migration } from '@mikro-orm/migrations';

/**
 * grant_apply's two lookups no longer read every grant of the user (bench/NOTES.md, "Purchases: a grant's cost no
 * longer grows with the user's grants").
 *
 * - The same grant again (same user, source, reference, kind and value while active) was an `update … where` that the
 *   planner, with statistics older than the table's growth, answered through (user_id, kind, value): every grant of
 *   that perk, filtered. It is now one `insert … on conflict do update`: the conflicting row is found through the
 *   partial unique index itself (no plan to choose), and the row returned is the new one (its id is p_id) or the
 *   one whose end moved.
 * - A run-on end's latest end of the same kind, value and source read every such grant through (user_id, kind,
 *   value) too. That index becomes (user_id, kind, value, source, ends_at): the latest end is the first entry of a
 *   backward scan, and the queries the old index served (a user's grants of a perk, and the user's foreign key) use
 *   its first columns.
 *
 * A buyer of the same perk again and again (a purchase is a new grant that runs on from the last) made each purchase
 * slower: the purchases bench fell from 2,030 to 1,416 purchases/s over three 8 s runs.
 */

/** The run-on end: from the latest active grant's end of the same kind, value and source (or now). */
const RUN_ON = {
  before: `greatest(p_now, (select max(g."ends_at") from "grants" g
            where g."user_id" = p_user and g."kind" = p_kind and g."value" = p_value and g."source" = p_source and g."ended_at" is null))`,
  after: `greatest(p_now, (select g."ends_at" from "grants" g
            where g."user_id" = p_user and g."kind" = p_kind and g."value" = p_value and g."source" = p_source and g."ended_at" is null
              and g."ends_at" is not null
            order by g."ends_at" desc limit 1))`,
};

/** The same grant again only moves its end; otherwise the grant is inserted (v_added: the user did not hold it). */
const SAME_OR_NEW = {
  before: `update "grants" g set "ends_at" = v_ends
        where g."user_id" = p_user and g."source" = p_source and g."source_ref" = p_source_ref and g."kind" = p_kind and g."value" = p_value and g."ended_at" is null;
        if found then
          changed := false;
          return;
        end if;
        insert into "grants" ("id", "user_id", "kind", "value", "source", "source_ref", "added", "started_at", "ends_at", "ended_at")
        values (p_id, p_user, p_kind, p_value, p_source, p_source_ref, v_added, p_now, v_ends, null);`,
  after: `insert into "grants" as g ("id", "user_id", "kind", "value", "source", "source_ref", "added", "started_at", "ends_at", "ended_at")
        values (p_id, p_user, p_kind, p_value, p_source, p_source_ref, v_added, p_now, v_ends, null)
        on conflict ("user_id", "source", "source_ref", "kind", "value") where "ended_at" is null do update set "ends_at" = excluded."ends_at"
        returning g."id" = p_id into v_inserted;
        if not v_inserted then
          changed := false;
          return;
        end if;`,
};

/** grant_apply as the store's functions migration wrote it, with these two parts. */
function grantApply(runOn: string, sameOrNew: string, declared = ''): string {
  return `create or replace function "grant_apply"(p_id text, p_user text, p_kind text, p_value text, p_source text, p_source_ref text,
      p_ends_at timestamptz, p_days_after_latest int, p_now timestamptz, p_history_id text, p_history_reason text,
      out "changed" boolean, out "ends_at" timestamptz) language plpgsql as $$
      #variable_conflict use_column
      declare
        v_perks text[];
        v_before text[];
        v_added boolean;
        v_ends timestamptz;${declared}
      begin
        select u."perks" into v_perks from "users" u where u."id" = p_user for no key update;
        if not found then
          raise exception using errcode = 'P0001', message = 'store:no_user';
        end if;
        if p_kind = 'perk' then
          v_added := not (p_value = any(v_perks));
        else
          if not exists (select 1 from "ranks" r where r."id" = p_value) then
            raise exception using errcode = 'P0001', message = 'store:unknown_rank';
          end if;
          -- Highest first, as the user manager writes the history.
          v_before := array(select r."id" from "user_ranks" ur join "ranks" r on r."id" = ur."rank_id" where ur."user_id" = p_user order by r."position" desc);
          v_added := not (p_value = any(v_before));
        end if;
        v_ends := case when p_days_after_latest is null then p_ends_at else
          ${runOn}
          + make_interval(days => p_days_after_latest) end;
        ends_at := v_ends;
        ${sameOrNew}
        if v_added and p_kind = 'perk' then
          update "users" u set "perks" = array_append(u."perks", p_value) where u."id" = p_user;
        elsif v_added then
          insert into "user_ranks" ("user_id", "rank_id") values (p_user, p_value);
          insert into "rank_history" ("id", "user_id", "action", "ranks_before", "ranks_after", "reason", "by", "created_at")
          values (p_history_id, p_user, 'grant', v_before,
            array(select r."id" from "ranks" r where r."id" = any(v_before) or r."id" = p_value order by r."position" desc),
            p_history_reason, null, clock_timestamp());
        end if;
        changed := v_added;
      end $$;`;
}

export class Migration20261128093000_GrantLookups extends Migration {
  override name = 'Migration20261128093000_GrantLookups';

  override up(): void | Promise<void> {
    this.addSql(
      `create index "grants_user_id_kind_value_source_ends_at_index" on "grants" ("user_id", "kind", "value", "source", "ends_at");`,
    );
    this.addSql(`drop index "grants_user_id_kind_value_index";`);
    this.addSql(grantApply(RUN_ON.after, SAME_OR_NEW.after, '\n        v_inserted boolean;'));
  }

  override down(): void | Promise<void> {
    this.addSql(`create index "grants_user_id_kind_value_index" on "grants" ("user_id", "kind", "value");`);
    this.addSql(`drop index "grants_user_id_kind_value_source_ends_at_index";`);
    this.addSql(grantApply(RUN_ON.before, SAME_OR_NEW.before));
  }
}
