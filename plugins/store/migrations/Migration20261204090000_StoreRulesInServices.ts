import { Migration } from '@mikro-orm/migrations';
import { earlierStatements } from '../../../core/db/migrations.ts';
import { Migration20261125160000_StoreFunctions } from './Migration20261125160000_StoreFunctions.ts';
import { Migration20261128093000_GrantLookups } from './Migration20261128093000_GrantLookups.ts';

/**
 * The store's rules move from PL/pgSQL to its TypeScript services (docs/store.md; issue 41): the ledger's change
 * (ledger.ts), the grant (grant-apply.ts) and the purchase (buying.ts) are each one transaction of typed statements,
 * so the functions `store_purchase`, `coin_apply` and `grant_apply` go. After this the store leaves no function in
 * the schema. Schema only: no data changes.
 */
export class Migration20261204090000_StoreRulesInServices extends Migration {
  override name = 'Migration20261204090000_StoreRulesInServices';

  override up(): void | Promise<void> {
    // Each function has had one signature (later migrations only `create or replace`d grant_apply's body).
    this.addSql(
      `drop function if exists "store_purchase"(text, text, text, text, text, text, timestamptz, int, text, text, text, text, text);`,
    );
    this.addSql(
      `drop function if exists "grant_apply"(text, text, text, text, text, text, timestamptz, int, timestamptz, text, text);`,
    );
    this.addSql(`drop function if exists "coin_apply"(text, text, int, text, text, text, timestamptz, int);`);
  }

  /**
   * The functions again, as the store's migrations last defined them (their own SQL, taken from those migrations:
   * the functions' migration, then grant_apply as the lookups migration replaced it), so a database migrated down
   * has what the code of that time calls.
   */
  override async down(): Promise<void> {
    const earlier = [Migration20261125160000_StoreFunctions, Migration20261128093000_GrantLookups];
    for (const sql of await earlierStatements(earlier, this.driver, this.config, /^create (or replace )?function /))
      this.addSql(sql);
  }
}
