import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../plugins/orders/schemas.ts';
import { dashboardText } from '../i18n/dashboard/index.ts';
import { kitchenNow, trend } from './dashboard.ts';

const me = { id: '1', username: 'me', displayName: null, avatar: null };
const other = { id: '2', username: 'other', displayName: null, avatar: null };
const order = (status: OrderView['status'], extra: Partial<OrderView> = {}) =>
  ({
    id: Math.random().toString(),
    status,
    claimedBy: null,
    preparedBy: null,
    assignedDriver: null,
    ...extra,
  }) as OrderView;

describe('the staff dashboard', () => {
  it('counts the kitchen now and finds the order I hold', () => {
    const mine = order('PREPARING', { claimedBy: me, preparedBy: me });
    const now = kitchenNow(
      [
        order('ORDERED'),
        order('ORDERED'),
        order('CLAIMED', { claimedBy: other }),
        mine,
        order('READY'),
        order('DELIVERED'),
      ],
      [{} as never],
      me.id,
    );
    expect(now).toEqual({ waiting: 2, cooking: 2, ready: 1, drivers: 1, mine });
  });

  it('a driver holds the ready order assigned to them; nobody holds anything in an empty kitchen', () => {
    const assigned = order('READY', { assignedDriver: me });
    expect(kitchenNow([order('READY'), assigned], [], me.id).mine).toBe(assigned);
    expect(kitchenNow([], [], me.id)).toEqual({ waiting: 0, cooking: 0, ready: 0, drivers: 0, mine: null });
  });

  it('compares a week with the last', () => {
    const t = dashboardText('en');
    expect(trend(5, 2, t)).toBe('+3 on last week');
    expect(trend(1, 3, t)).toBe('−2 on last week');
    expect(trend(4, 4, t)).toBe('same as last week');
    expect(trend(1200, 3, dashboardText('de'))).toBe('+1.197 gegenüber der Vorwoche');
  });
});
