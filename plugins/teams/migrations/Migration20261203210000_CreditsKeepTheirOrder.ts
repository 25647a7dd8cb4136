import { Migration } from '@mikro-orm/migrations';

/**
 * A team credit keeps its order's people and delivery moment: the period boards count from the teams plugin's own
 * table instead of the orders plugin's. Existing credits are filled at start (TeamCounter.catchUp), through the
 * orders plugin's API.
 */
export class Migration20261203210000_CreditsKeepTheirOrder extends Migration {
  override name = 'Migration20261203210000_CreditsKeepTheirOrder';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "team_order_credits" add column "customer" varchar(255) null, add column "prepared_by" varchar(255) null, add column "delivered_by" varchar(255) null, add column "delivered_at" timestamptz null;`,
    );
    this.addSql(`create index "team_order_credits_delivered_at_index" on "team_order_credits" ("delivered_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "team_order_credits_delivered_at_index";`);
    this.addSql(
      `alter table "team_order_credits" drop column "customer", drop column "prepared_by", drop column "delivered_by", drop column "delivered_at";`,
    );
  }
}
