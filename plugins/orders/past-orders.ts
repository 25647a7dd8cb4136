import type { RequiredEntityData } from '@mikro-orm/core';
import type { Em } from '../../core/db/orm.ts';
import { type Order, OrderSchema } from './entities.ts';
import { orderCode } from './service.ts';

/** An order that already happened, as a seed, a fixture or an import writes it: every column but its code (a new one). */
export type PastOrder = Omit<RequiredEntityData<Order>, 'orderID'>;

/**
 * Writes orders that already happened, inside the caller's unit of work (flushed by the caller): the demo seeds of
 * other plugins and their tests' fixtures (delivered orders at chosen moments), without the kitchen's steps. Answers
 * each order's id and code. No event is published: nothing happened now.
 */
export function recordPastOrdersIn(em: Em, orders: readonly PastOrder[]): { id: string; orderID: string }[] {
  return orders.map((order) => {
    const row = em.create(OrderSchema, { ...order, orderID: orderCode() });
    return { id: row.id, orderID: row.orderID };
  });
}
