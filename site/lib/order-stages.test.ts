import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../plugins/orders/schemas.ts';
import { stagesOf, totalMs } from './order-stages.ts';

const user = (id: string) => ({ id, username: `u${id}`, displayName: null, avatar: null });
const base = {
  orderedBy: user('1'),
  claimedBy: null,
  preparedBy: null,
  assignedDriver: null,
  deliveredBy: null,
  claimedAt: null,
  prepareStartedAt: null,
  readyAt: null,
  assignedAt: null,
  deliveredAt: null,
  cancelledAt: null,
  deletedAt: null,
  report: false,
} as unknown as OrderView;

describe('order stages', () => {
  it('lists the stages an order went through, with who and how long each took', () => {
    const order = {
      ...base,
      status: 'DELIVERED',
      orderedAt: '2026-11-22T10:00:00.000Z',
      claimedAt: '2026-11-22T10:01:00.000Z',
      claimedBy: user('2'),
      prepareStartedAt: '2026-11-22T10:02:30.000Z',
      preparedBy: user('2'),
      readyAt: '2026-11-22T10:05:30.000Z',
      assignedAt: '2026-11-22T10:05:31.000Z',
      assignedDriver: user('3'),
      deliveredAt: '2026-11-22T10:07:00.000Z',
      deliveredBy: user('3'),
    } as OrderView;
    expect(stagesOf(order).map((s) => [s.label, s.tookMs])).toEqual([
      ['Ordered', null],
      ['Claimed', 60_000],
      ['Cooking', 90_000],
      ['Ready', 180_000],
      ['Out for delivery', 1000],
      ['Delivered', 89_000],
    ]);
    expect(totalMs(order)).toBe(420_000);
  });

  it('a cooking order has no Ready stage yet; a reported one says so', () => {
    const cooking = {
      ...base,
      status: 'PREPARING',
      orderedAt: '2026-11-22T10:00:00.000Z',
      prepareStartedAt: '2026-11-22T10:01:00.000Z',
      readyAt: '2026-11-22T10:04:00.000Z',
    } as OrderView;
    expect(stagesOf(cooking).map((s) => s.label)).toEqual(['Ordered', 'Cooking']);
    const reported = {
      ...base,
      status: 'DELIVERED',
      report: true,
      orderedAt: '2026-11-22T10:00:00.000Z',
      deliveredAt: '2026-11-22T10:09:00.000Z',
    } as OrderView;
    expect(stagesOf(reported).map((s) => s.label)).toEqual(['Ordered', 'Reported']);
  });
});
