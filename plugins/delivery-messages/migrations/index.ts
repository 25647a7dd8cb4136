import type { MigrationClass } from '../../../core/db/migrations.ts';
import { Migration20261125070000_DeliveryMessages } from './Migration20261125070000_DeliveryMessages.ts';

/** The delivery-messages plugin's migrations, oldest first. */
export const migrations: MigrationClass[] = [Migration20261125070000_DeliveryMessages];
