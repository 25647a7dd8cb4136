import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
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

export const statisticsEntities = [ManagementStatisticSchema, ClosedWeekSchema];
