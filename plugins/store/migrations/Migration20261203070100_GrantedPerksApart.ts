import { Migration } from '@mikro-orm/migrations';

/**
 * Granted perks apart from the perks given by hand (docs/decisions.md, "Money and billing (issue 39)"). Until now
 * `users.perks` held both: a grant appended its perk when the user did not hold it (the grant's `added`), and a user
 * manager's edit replaced the whole list, so it could take a plan's perk for good, and a grant's end could take a
 * perk a manager had given by hand since. From here `users.perks` holds the perks of the user's active grants
 * (`grant_apply` appends there, unchanged) and `users.manual_perks` (the kernel's `ManualPerks`) the hand-given ones.
 * Data only: no schema change.
 */
export class Migration20261203070100_GrantedPerksApart extends Migration {
  override name = 'Migration20261203070100_GrantedPerksApart';

  override up(): void | Promise<void> {
    // Given by hand: every perk the user holds that no active grant added (they held it before its grant came).
    this.addSql(`update "users" u set "manual_perks" = array(
        select x."perk" from unnest(u."perks") with ordinality as x("perk", "n")
        where not exists (select 1 from "grants" g
          where g."user_id" = u."id" and g."kind" = 'perk' and g."value" = x."perk" and g."ended_at" is null and g."added")
        order by x."n")
      where cardinality(u."perks") > 0;`);
    // Each perk an active grant gives is now held by one of its grants (the one that ends last), whose end takes it
    // unless another grant of it is still active; a perk's grants that all found it given by hand had none.
    this.addSql(`update "grants" g set "added" = true where g."id" in (
        select distinct on (a."user_id", a."value") a."id" from "grants" a
        where a."kind" = 'perk' and a."ended_at" is null and not exists (select 1 from "grants" b
          where b."user_id" = a."user_id" and b."kind" = 'perk' and b."value" = a."value" and b."ended_at" is null and b."added")
        order by a."user_id", a."value", a."ends_at" desc nulls first, a."id");`);
    // Held by grants: the perks of the user's active grants (a perk a manager's edit had taken comes back with them).
    this.addSql(`update "users" u set "perks" = array(
        select distinct g."value" from "grants" g where g."user_id" = u."id" and g."kind" = 'perk' and g."ended_at" is null order by g."value")
      where cardinality(u."perks") > 0
        or exists (select 1 from "grants" g where g."user_id" = u."id" and g."kind" = 'perk' and g."ended_at" is null);`);
  }

  override down(): void | Promise<void> {
    // One list again: the hand-given perks, then the granted ones not among them.
    this.addSql(`update "users" u set "perks" = u."manual_perks" || array(select p from unnest(u."perks") as p where not (p = any(u."manual_perks")))
      where cardinality(u."manual_perks") > 0;`);
  }
}
