import type { MigrationClass } from '../migrations.ts';
import { Migration20261121223224_Initial } from './Migration20261121223224_Initial.ts';
import { Migration20261124214104_AuditLog } from './Migration20261124214104_AuditLog.ts';
import { Migration20261203070000_ManualPerks } from './Migration20261203070000_ManualPerks.ts';

/**
 * The kernel's migrations (the identity tables and the audit log), oldest first. `npm run db:migration -- core <Name>` writes the next one here and lists it.
 */
export const migrations: MigrationClass[] = [
  Migration20261121223224_Initial,
  Migration20261124214104_AuditLog,
  Migration20261203070000_ManualPerks,
];
