import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../core/shared/permissions.ts';
import orders from './index.ts';
import type { DeliveryQueueEntryView, OrderView } from './schemas.ts';

describe('orders gateway filters', () => {
  it('send every order and queue event under its own name to MANAGE_ORDERS sockets, payload unchanged', () => {
    const order = { id: '1', orderID: 'ABCDEF', status: 'ORDERED' } as OrderView;
    const queue = { userID: '2' } as DeliveryQueueEntryView;
    const gateway = orders.gateway!;
    for (const t of ['orderSent', 'orderUpdated', 'cancelOrder', 'orderDeleted', 'deliverOrder'] as const) {
      expect(gateway[t]!({ order })).toEqual({ t, data: { order }, to: { permissions: PERMISSIONS.MANAGE_ORDERS } });
    }
    for (const t of ['joinDeliveryQueue', 'leaveDeliveryQueue'] as const) {
      expect(gateway[t]!({ queue, userID: '2' })).toEqual({
        t,
        data: { queue, userID: '2' },
        to: { permissions: PERMISSIONS.MANAGE_ORDERS },
      });
    }
  });
});
