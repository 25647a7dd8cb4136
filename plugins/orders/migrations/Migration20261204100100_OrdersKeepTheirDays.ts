import { Migration } from '@mikro-orm/migrations';

/** The tables the statistics plugin built from the orders (its migrations), and their names here. */
const HANDED_OVER = [
  { from: 'statistics_days', to: 'order_days' },
  { from: 'statistics_member_days', to: 'order_member_days' },
  { from: 'claim_expiries', to: 'order_claim_expiries' },
];

/** The orders' moments the kitchen's figures are counted by, each indexed where it is set. */
const MOMENTS = ['claimed_at', 'prepare_started_at', 'delivered_at'];

/**
 * The orders plugin keeps what is counted from its orders: the daily rollups and the expired claims, which the
 * statistics plugin used to keep (plugins/orders/README.md, "The kitchen's figures"). A database that has them is
 * handed them, data and all, renamed to the orders plugin's names; one that never had the statistics plugin gets
 * them new, with the moment indexes the statistics plugin used to add to `orders`.
 */
export class Migration20261204100100_OrdersKeepTheirDays extends Migration {
  override name = 'Migration20261204100100_OrdersKeepTheirDays';

  override async up(): Promise<void> {
    const [found] = await this.execute(`select to_regclass('statistics_days') is not null as "found"`);
    if (found?.found) this.#rename('over');
    else this.#create();
  }

  override down(): void | Promise<void> {
    this.#rename('back');
  }

  /** The tables, their primary keys and the expired claims' constraint and index, to the orders plugin's names or back. */
  #rename(direction: 'over' | 'back'): void {
    const names = (pair: { from: string; to: string }) =>
      direction === 'over' ? pair : { from: pair.to, to: pair.from };
    for (const table of HANDED_OVER) {
      const { from, to } = names(table);
      this.addSql(`alter table "${from}" rename to "${to}";`);
      this.addSql(`alter table "${to}" rename constraint "${from}_pkey" to "${to}_pkey";`);
    }
    const unique = names({
      from: 'claim_expiries_order_id_claimed_at_unique',
      to: 'order_claim_expiries_order_id_claimed_at_unique',
    });
    const table = direction === 'over' ? 'order_claim_expiries' : 'claim_expiries';
    this.addSql(`alter table "${table}" rename constraint "${unique.from}" to "${unique.to}";`);
    const index = names({ from: 'claim_expiries_expired_at_index', to: 'order_claim_expiries_expired_at_index' });
    this.addSql(`alter index "${index.from}" rename to "${index.to}";`);
  }

  #create(): void {
    this.addSql(
      `create table "order_days" ("day" varchar(10) not null, "ordered" int not null, "prepared" int not null, "delivered" int not null, "reported" int not null, "r2d_us" bigint not null, "r2d_n" int not null, "stale" boolean not null default false, "closed_at" timestamptz not null, primary key ("day"));`,
    );
    this.addSql(
      `create table "order_member_days" ("day" varchar(10) not null, "user_id" varchar(255) not null, "claimed" int not null, "claims_expired" int not null, "prepared" int not null, "c2p_us" bigint not null, "c2p_n" int not null, "delivered" int not null, "reported" int not null, "r2d_us" bigint not null, "r2d_n" int not null, primary key ("day", "user_id"));`,
    );
    this.addSql(
      `create table "order_claim_expiries" ("id" varchar(255) not null, "order_id" varchar(255) not null, "chef" varchar(255) not null, "claimed_at" timestamptz not null, "expired_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "order_claim_expiries_expired_at_index" on "order_claim_expiries" ("expired_at");`);
    this.addSql(
      `alter table "order_claim_expiries" add constraint "order_claim_expiries_order_id_claimed_at_unique" unique ("order_id", "claimed_at");`,
    );
    for (const column of MOMENTS)
      this.addSql(
        `create index if not exists "orders_${column}_index" on "orders" ("${column}") where "${column}" is not null;`,
      );
  }
}
