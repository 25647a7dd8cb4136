import type { APIEmbed } from 'discord-api-types/v10';
import type { LeaderboardEntry, OrderStatus, OrderView } from '../schemas.ts';

/**
 * Everything the orders commands and the order status messages say, in one place (English; a translation swaps
 * this module). Functions take what they fill in; nothing here reads the database.
 */
export const STATUS_TEXT: Record<OrderStatus, string> = {
  ORDERED: 'Waiting in the kitchen',
  CLAIMED: 'Claimed by a chef',
  PREPARING: 'Being prepared',
  READY: 'Out for delivery',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
  DELETED: 'Removed by the kitchen',
};

/** A delivered order the driver reported (a troll or invalid order): nothing was delivered. */
export const REPORTED_TEXT = 'Closed by the kitchen (reported)';

const STATUS_COLOUR: Record<OrderStatus, number> = {
  ORDERED: 0x2888f5,
  CLAIMED: 0xf5a623,
  PREPARING: 0xf5a623,
  READY: 0x7b61ff,
  DELIVERED: 0x2ecc71,
  CANCELLED: 0x95a5a6,
  DELETED: 0xe74c3c,
};

const nameOf = (user: { username: string; displayName: string | null } | null) =>
  user ? (user.displayName ?? user.username) : null;

/** The public status embed of an order: posted by /order, edited by the bot as the order moves. */
export function orderEmbed(order: OrderView): APIEmbed {
  const fields: NonNullable<APIEmbed['fields']> = [
    { name: 'Order ID', value: order.orderID, inline: true },
    { name: 'Status', value: order.report ? REPORTED_TEXT : STATUS_TEXT[order.status], inline: true },
  ];
  const chef = nameOf(order.preparedBy) ?? nameOf(order.claimedBy);
  if (chef && order.status !== 'ORDERED') fields.push({ name: 'Chef', value: chef, inline: true });
  const driver = nameOf(order.deliveredBy) ?? nameOf(order.assignedDriver);
  if (driver && !order.report && (order.status === 'READY' || order.status === 'DELIVERED'))
    fields.push({ name: 'Driver', value: driver, inline: true });
  if (order.status === 'CANCELLED' && order.cancelReason) fields.push({ name: 'Reason', value: order.cancelReason });
  if (order.status === 'DELETED' && order.deleteReason) fields.push({ name: 'Reason', value: order.deleteReason });
  return {
    title: `Order ${order.orderID}`,
    description: order.item,
    color: STATUS_COLOUR[order.status],
    fields,
    footer: { text: 'Virtual Diner' },
    timestamp: order.updatedAt,
  };
}

export const ordersText = {
  placed: (order: OrderView) =>
    `Your order **${order.orderID}** is in the kitchen. This message follows it until it is delivered.`,
  noActiveOrder: 'You have no active order. Place one with `/order`.',
  cancelled: (order: OrderView) => `Order **${order.orderID}** is cancelled.`,
  tooLateToCancel: (order: OrderView) =>
    `Order **${order.orderID}** is already ${STATUS_TEXT[order.status].toLowerCase()}: it can no longer be cancelled.`,
  missingPermissions:
    'I need to see this channel, send messages and embed links here to take and deliver your order. Ask a server admin, or order in another channel.',
  menuEmpty: 'The menu is empty right now: order anything you like!',
  menuTitle: 'On the menu today',
  menuFooter: 'Order anything with /order item:<what you want>',
  rated: (orderID: string, stars: number) =>
    `Thank you! You gave order **${orderID}** ${'★'.repeat(stars)}${'☆'.repeat(5 - stars)}.`,
  profileTitle: (name: string) => `${name} at the Virtual Diner`,
  leaderboardTitle: 'Leaderboard (all time)',
  leaderboardEmpty: 'Nobody yet',
  leaderboardLine: (entry: LeaderboardEntry, index: number) =>
    `${index + 1}. ${entry.user.displayName ?? entry.user.username}: ${entry.orders}`,
} as const;
