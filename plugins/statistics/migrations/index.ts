import type { MigrationClass } from '../../../core/db/migrations.ts';
import { Migration20261125070000_ManagementStatistics } from './Migration20261125070000_ManagementStatistics.ts';
import { Migration20261125123000_DailyRollups } from './Migration20261125123000_DailyRollups.ts';
import { Migration20261127170000_TodayWithoutLocks } from './Migration20261127170000_TodayWithoutLocks.ts';
import { Migration20261127231100_PartialMomentIndexes } from './Migration20261127231100_PartialMomentIndexes.ts';
import { Migration20261202170000_TodaySkipsTheTrigger } from './Migration20261202170000_TodaySkipsTheTrigger.ts';
import { Migration20261204100000_StatisticsLeaveTheOrders } from './Migration20261204100000_StatisticsLeaveTheOrders.ts';

/** The statistics plugin's migrations, oldest first. */
export const migrations: MigrationClass[] = [
  Migration20261125070000_ManagementStatistics,
  Migration20261125123000_DailyRollups,
  Migration20261127170000_TodayWithoutLocks,
  Migration20261127231100_PartialMomentIndexes,
  Migration20261202170000_TodaySkipsTheTrigger,
  Migration20261204100000_StatisticsLeaveTheOrders,
];
