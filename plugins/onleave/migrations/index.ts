import type { MigrationClass } from '../../../core/db/migrations.ts';
import { Migration20261125030500_LeaveRequests } from './Migration20261125030500_LeaveRequests.ts';

/** The onleave plugin's migrations, oldest first. */
export const migrations: MigrationClass[] = [Migration20261125030500_LeaveRequests];
