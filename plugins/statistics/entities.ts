import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { newId } from '../../core/ids.ts';
import { STATISTICS_PERIODS } from './schemas.ts';

/**
 * A stored record: one member's figures for one closed week, written once when the week closes (WeekCloser), so
 * the history survives orders, applications or appeals deleted later. Its id is its natural key
 * (`<member>-week-<Monday>`, schemas.ts `recordId`). No foreign key: a record outlives the member.
 */
export const ManagementStatisticSchema = defineEntity({
  name: 'ManagementStatistic',
  tableName: 'management_statistics',
  checks: [{ name: 'management_statistics_days_check', expression: '"ends_on" >= "starts_on"' }],
  uniques: [{ properties: ['userId', 'period', 'from'] }],
  properties: {
    id: p.string().length(64).primary(),
    userId: p.string(),
    period: p.enum(STATISTICS_PERIODS),
    /** First and last day, both included (UTC, `YYYY-MM-DD`). */
    from: p.string().length(10).fieldName('starts_on'),
    until: p.string().length(10).fieldName('ends_on'),
    claimed: p.integer(),
    prepared: p.integer(),
    delivered: p.integer(),
    reported: p.integer(),
    claimsExpired: p.integer(),
    avgClaimToPreparedS: p.double().nullable(),
    avgReadyToDeliveredS: p.double().nullable(),
    leaveDays: p.integer(),
    applicationsReviewed: p.integer(),
    appealVotes: p.integer(),
    createdAt: p.datetime(),
  },
});
export type ManagementStatistic = InferEntity<typeof ManagementStatisticSchema>;

/**
 * A week whose snapshots were written: inserted in the same transaction as them, so of several processes closing one
 * week exactly one writes it, and a snapshot a manager deleted is not written again.
 */
export const ClosedWeekSchema = defineEntity({
  name: 'StatisticsClosedWeek',
  tableName: 'statistics_closed_weeks',
  properties: {
    weekStart: p.string().length(10).primary(),
    closedAt: p.datetime(),
    members: p.integer(),
  },
});

/**
 * A claim that expired: the order sweeper returns the order to the kitchen and forgets who held it, so the sweep
 * records the holder here in the same transaction (OrderSweeper.recordClaimExpiries). One row per claim: an order
 * claimed and let go twice has two.
 */
export const ClaimExpirySchema = defineEntity({
  name: 'ClaimExpiry',
  tableName: 'claim_expiries',
  uniques: [{ properties: ['orderId', 'claimedAt'] }],
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    orderId: p.string(),
    chef: p.string(),
    claimedAt: p.datetime(),
    expiredAt: p.datetime().index(),
  },
});
export type ClaimExpiry = InferEntity<typeof ClaimExpirySchema>;

/**
 * The kitchen's figures of one closed UTC day (`YYYY-MM-DD`), written by the DayCloser (day-closer.ts) once the day
 * has ended; with `statistics_member_days`, the rollup a period of past days is read from instead of the orders.
 * Averages are stored as a sum of microseconds and a count, so any run of days adds up to the live figure exactly.
 * `stale`: an order or expired claim of that day changed after it was rolled up (a trigger of this plugin's
 * migration sets it); the day is then counted live until the closer writes it again. docs/statistics.md.
 */
export const StatisticsDaySchema = defineEntity({
  name: 'StatisticsDay',
  tableName: 'statistics_days',
  properties: {
    day: p.string().length(10).primary(),
    ordered: p.integer(),
    prepared: p.integer(),
    delivered: p.integer(),
    reported: p.integer(),
    readyToDeliveredUs: p.bigint().fieldName('r2d_us'),
    readyToDeliveredN: p.integer().fieldName('r2d_n'),
    stale: p.boolean().default(false),
    closedAt: p.datetime(),
  },
});

/** One member's kitchen figures of one closed day (written with its `statistics_days` row; no row: nothing done). */
export const StatisticsMemberDaySchema = defineEntity({
  name: 'StatisticsMemberDay',
  tableName: 'statistics_member_days',
  properties: {
    day: p.string().length(10).primary(),
    userId: p.string().primary(),
    claimed: p.integer(),
    claimsExpired: p.integer(),
    prepared: p.integer(),
    claimToPreparedUs: p.bigint().fieldName('c2p_us'),
    claimToPreparedN: p.integer().fieldName('c2p_n'),
    delivered: p.integer(),
    reported: p.integer(),
    readyToDeliveredUs: p.bigint().fieldName('r2d_us'),
    readyToDeliveredN: p.integer().fieldName('r2d_n'),
  },
});

export const statisticsEntities = [
  ManagementStatisticSchema,
  ClosedWeekSchema,
  ClaimExpirySchema,
  StatisticsDaySchema,
  StatisticsMemberDaySchema,
];
