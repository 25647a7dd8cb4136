import { describe, expect, it } from 'vitest';
import type { ManagementStatisticsRecord } from '../../plugins/statistics/schemas.ts';
import { dayLabelClasses, labelledIndexes, niceMax, recordsCsv } from './statistics.ts';

describe('statistics screens', () => {
  it('an axis tops out at 1, 2 or 5 × 10ⁿ', () => {
    expect([0, 0.5, 1, 3, 7, 10, 11, 26, 120, 5000].map(niceMax)).toEqual([1, 1, 1, 5, 10, 10, 20, 50, 200, 5000]);
  });

  it('labels at most so many days, the last always', () => {
    expect([...labelledIndexes(30, 6)].sort((a, b) => a - b)).toEqual([4, 9, 14, 19, 24, 29]);
    expect([...labelledIndexes(3, 6)].sort()).toEqual([0, 1, 2]);
  });

  it('names five days under a chart on a wide screen and four on a phone, the last on both', () => {
    const classes = dayLabelClasses(30);
    const on = (screen: string) =>
      [...classes].filter(([, name]) => !name.includes(screen === 'wide' ? 'phone-only' : 'wide-only')).map(([i]) => i);
    expect(on('wide').sort((a, b) => a - b)).toEqual([5, 11, 17, 23, 29]);
    expect(on('phone').sort((a, b) => a - b)).toEqual([5, 13, 21, 29]);
    expect(classes.get(29)).toBe('vd-chart-axis');
  });

  it('the CSV names every figure and keeps a name that looks like a formula as text', () => {
    const record = {
      _id: '1100000000000000004-week-2026-11-16',
      user: { id: '1100000000000000004', username: 'morgan', displayName: '=cmd|"/c calc"', avatar: null },
      period: 'week',
      from: '2026-11-16',
      until: '2026-11-22',
      source: 'snapshot',
      snapshotAt: null,
      claimed: 3,
      prepared: 2,
      delivered: 1,
      reported: 0,
      claimsExpired: 1,
      avgClaimToPreparedS: 150.5,
      avgReadyToDeliveredS: null,
      leaveDays: 0,
      applicationsReviewed: 0,
      appealVotes: 2,
    } satisfies ManagementStatisticsRecord;
    const [header, row] = recordsCsv([record]).split('\r\n');
    expect(header).toBe(
      'Member,User ID,Period,From,Until,Source,Claimed,Prepared,Delivered,Reported,Claims expired,Claim to prepared (s),Ready to delivered (s),Days on leave,Applications reviewed,Appeal votes',
    );
    expect(row).toBe(
      `"'=cmd|""/c calc""",1100000000000000004,week,2026-11-16,2026-11-22,snapshot,3,2,1,0,1,150.5,,0,0,2`,
    );
  });
});
