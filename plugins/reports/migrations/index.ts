import type { MigrationClass } from '../../../core/db/migrations.ts';
import { Migration20261125070000_OrderReports } from './Migration20261125070000_OrderReports.ts';
import { Migration20261203200000_OrderReportSummaries } from './Migration20261203200000_OrderReportSummaries.ts';
import { Migration20261203220000_ReportsOwnTheirRows } from './Migration20261203220000_ReportsOwnTheirRows.ts';

/** The reports plugin's migrations, oldest first. */
export const migrations: MigrationClass[] = [
  Migration20261125070000_OrderReports,
  Migration20261203200000_OrderReportSummaries,
  Migration20261203220000_ReportsOwnTheirRows,
];
