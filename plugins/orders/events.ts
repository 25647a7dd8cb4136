import type { DomainEvents } from '../../core/events.ts';
import type { DeliveryQueueEntryView, OrderView } from './schemas.ts';

/**
 * The orders plugin's domain events, published after commit. Payloads are JSON-safe and small (they cross
 * processes through PostgreSQL NOTIFY): the order as the list endpoint shows it, the queue entry, the user.
 * The gateway sends each to MANAGE_ORDERS sockets under the same name (index.ts).
 */
declare module '../../core/events.ts' {
  interface DomainEvents {
    /** A new order reached the kitchen. */
    orderSent: { order: OrderView };
    /** Claimed, unclaimed, claim expired, preparing, ready, assigned to a driver, assignment passed on. */
    orderUpdated: { order: OrderView };
    /** The customer cancelled it, or nobody claimed it in time. */
    cancelOrder: { order: OrderView };
    /** Staff deleted it (the customer is told `order.deleteReason`). */
    orderDeleted: { order: OrderView };
    /** Delivered (or, with `order.report`, closed as reported): the bot posts the delivery. */
    deliverOrder: { order: OrderView };
    joinDeliveryQueue: { queue: DeliveryQueueEntryView; userID: string };
    leaveDeliveryQueue: { queue: DeliveryQueueEntryView; userID: string };
  }
}

/** The events above the gateway sends MANAGE_ORDERS sockets, under the same name and with the same data (index.ts). */
export type KitchenEvent =
  | 'orderSent'
  | 'orderUpdated'
  | 'cancelOrder'
  | 'orderDeleted'
  | 'deliverOrder'
  | 'joinDeliveryQueue'
  | 'leaveDeliveryQueue';

declare module '../../core/gateway/protocol.ts' {
  interface GatewayEvents extends Pick<DomainEvents, KitchenEvent> {}
}
