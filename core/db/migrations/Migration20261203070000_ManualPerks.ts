import { Migration } from '@mikro-orm/migrations';

/**
 * The perks a user manager gives by hand get a column of their own, `users.manual_perks`; `users.perks` keeps the
 * perks held by grants (docs/decisions.md, "Money and billing (issue 39)"). The store's `GrantedPerksApart`
 * migration moves what each user holds into the right one.
 */
export class Migration20261203070000_ManualPerks extends Migration {
  override name = 'Migration20261203070000_ManualPerks';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add "manual_perks" text[] not null default '{}';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users" drop column "manual_perks";`);
  }
}
