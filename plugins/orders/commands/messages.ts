import type { APIEmbed } from 'discord-api-types/v10';
import type { Locale } from '../../../core/i18n/locales.ts';
import { ordersText } from '../i18n/index.ts';
import type { LeaderboardEntry, OrderStatus, OrderView } from '../schemas.ts';

/**
 * What the orders commands and the order status messages show that is more than one text of the catalogue
 * (i18n/): the status embed, a rating's stars, a leaderboard column. Nothing here reads the database.
 */
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

/**
 * The public status embed of an order, in its customer's language: posted by /order, edited by the bot as the order
 * moves. A delivered order the driver reported (a troll or invalid order) says so: nothing was delivered.
 */
export function orderEmbed(order: OrderView, locale: Locale): APIEmbed {
  const t = ordersText(locale);
  const fields: NonNullable<APIEmbed['fields']> = [
    { name: t('embed.orderId'), value: order.orderID, inline: true },
    { name: t('embed.status'), value: order.report ? t('status.reported') : t(`status.${order.status}`), inline: true },
  ];
  const chef = nameOf(order.preparedBy) ?? nameOf(order.claimedBy);
  if (chef && order.status !== 'ORDERED') fields.push({ name: t('embed.chef'), value: chef, inline: true });
  const driver = nameOf(order.deliveredBy) ?? nameOf(order.assignedDriver);
  if (driver && !order.report && (order.status === 'READY' || order.status === 'DELIVERED'))
    fields.push({ name: t('embed.driver'), value: driver, inline: true });
  const reason =
    order.status === 'CANCELLED' ? order.cancelReason : order.status === 'DELETED' ? order.deleteReason : null;
  if (reason) fields.push({ name: t('embed.reason'), value: reason });
  return {
    title: t('embed.title', { orderID: order.orderID }),
    description: order.item,
    color: STATUS_COLOUR[order.status],
    fields,
    footer: { text: 'Virtual Diner' },
    timestamp: order.updatedAt,
  };
}

/** A rating as stars: ★★★☆☆. */
export const starsOf = (stars: number) => `${'★'.repeat(stars)}${'☆'.repeat(5 - stars)}`;

/** A leaderboard column: the top 5, one line each (`1. Name: 12`), or "Nobody yet". */
export function leaderboardColumn(entries: readonly LeaderboardEntry[], locale: Locale): string {
  const lines = entries
    .slice(0, 5)
    .map((entry, index) => `${index + 1}. ${entry.user.displayName ?? entry.user.username}: ${entry.orders}`);
  return lines.join('\n') || ordersText(locale)('leaderboardEmpty');
}
