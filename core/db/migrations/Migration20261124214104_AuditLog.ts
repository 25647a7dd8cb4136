import { Migration } from '@mikro-orm/migrations';

export class Migration20261124214104_AuditLog extends Migration {
  override name = 'Migration20261124214104_AuditLog';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "audit_log" ("id" varchar(255) not null, "at" timestamptz not null, "actor_id" varchar(32) not null, "actor_name" varchar(64) not null, "action" varchar(64) not null, "target_type" varchar(32) not null, "target_id" varchar(64) not null, "target_name" varchar(100) not null, "before" jsonb null, "after" jsonb null, "reason" text null, primary key ("id"));`,
    );
    this.addSql(`create index "audit_log_at_index" on "audit_log" ("at");`);
    this.addSql(`create index "audit_log_actor_id_at_index" on "audit_log" ("actor_id", "at");`);
    this.addSql(
      `create index "audit_log_target_type_target_id_at_index" on "audit_log" ("target_type", "target_id", "at");`,
    );
    this.addSql(`create index "audit_log_action_at_index" on "audit_log" ("action", "at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "audit_log" cascade;`);
  }
}
