import { Migration } from '@mikro-orm/migrations';

/**
 * The settings table. Databases made before plugins owned their migrations already have it (the kernel's Initial
 * migration made it then), hence `if not exists`.
 */
export class Migration20261121223225_Settings extends Migration {
  override name = 'Migration20261121223225_Settings';

  override up(): void | Promise<void> {
    this.addSql(
      `create table if not exists "settings" ("key" varchar(64) not null, "value" jsonb not null, "updated_at" timestamptz not null, "updated_by" varchar(255) null, primary key ("key"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "settings" cascade;`);
  }
}
