import type { MigrationClass } from '../migrations.ts';
import { Migration20261121223224_Initial } from './Migration20261121223224_Initial.ts';

/**
 * The kernel's migrations (the identity tables), oldest first. `npm run db:migration -- core <Name>` writes the next one here and lists it.
 */
export const migrations: MigrationClass[] = [Migration20261121223224_Initial];
