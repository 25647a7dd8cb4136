import { sql } from 'kysely';
import type { Em } from '../../core/db/orm.ts';
import { DELETED_USER_NAME, type Erasure, type PersonalDataContribution, plainRows } from '../../core/personal-data.ts';
import {
  ClaimExpirySchema,
  DeliveryQueueEntrySchema,
  FoodLookupItemSchema,
  FoodLookupQuerySchema,
  OrderFeedbackSchema,
  OrderMemberDaySchema,
  OrderSchema,
} from './entities.ts';
import { ordersSql } from './sql.ts';

/** Each column of an order that names a member of the kitchen. */
const HANDLED = ['claimedBy', 'preparedBy', 'assignedDriver', 'deliveredBy', 'deletedBy'] as const;

/**
 * Orders placed and handled, ratings, food lookups. Orders are records the kitchen relies on (history, figures, the
 * leaderboard): they stay, naming the pseudonym in every column that named the user; so do ratings, missed claims and
 * the daily figures. The delivery queue place and the food lookup searches go.
 */
export const ordersPersonalData: PersonalDataContribution = {
  async exportFor(userId: string, em: Em) {
    return {
      ordersPlaced: plainRows(await em.find(OrderSchema, { customer: userId }, { orderBy: { orderedAt: 'asc' } })),
      ordersHandled: plainRows(
        await em.find(
          OrderSchema,
          { $or: HANDLED.map((column) => ({ [column]: userId })), customer: { $ne: userId } },
          { orderBy: { orderedAt: 'asc' } },
        ),
      ),
      ratings: plainRows(await em.find(OrderFeedbackSchema, { user: userId }, { orderBy: { createdAt: 'asc' } })),
      claimsExpired: plainRows(await em.find(ClaimExpirySchema, { chef: userId }, { orderBy: { claimedAt: 'asc' } })),
      dailyFigures: plainRows(await em.find(OrderMemberDaySchema, { userId }, { orderBy: { day: 'asc' } })),
      deliveryQueue: plainRows(await em.find(DeliveryQueueEntrySchema, { userID: userId })),
      foodLookupItemsMade: plainRows(await em.find(FoodLookupItemSchema, { createdBy: userId })),
      foodLookupSearches: plainRows(await em.find(FoodLookupQuerySchema, { user: userId }, { orderBy: { at: 'asc' } })),
    };
  },

  async eraseFor({ userId, pseudonymId }: Erasure, em: Em) {
    await em.nativeDelete(DeliveryQueueEntrySchema, { userID: userId });
    await em.nativeDelete(FoodLookupQuerySchema, { user: userId });
    await em.nativeUpdate(OrderSchema, { customer: userId }, { customer: pseudonymId });
    for (const column of HANDLED) {
      await em.nativeUpdate(OrderSchema, { [column]: userId }, { [column]: pseudonymId });
    }
    const skipped = await em.find(OrderSchema, { skippedDrivers: { $contains: [userId] } });
    for (const order of skipped) {
      order.skippedDrivers = order.skippedDrivers.map((id) => (id === userId ? pseudonymId : id));
    }
    // An order's mentions name the people it is for: the user becomes the pseudonym there too.
    const mentioning = await ordersSql(em)
      .selectFrom('orders')
      .select('id')
      .where(sql<boolean>`cast(${sql.ref('mentions')} as text) like ${`%"${userId}"%`}`)
      .execute();
    for (const order of await em.find(OrderSchema, { id: { $in: mentioning.map((row) => row.id) } })) {
      order.mentions = order.mentions.map((m) => (m.id === userId ? { id: pseudonymId, name: DELETED_USER_NAME } : m));
    }
    await em.flush();
    await em.nativeUpdate(OrderFeedbackSchema, { user: userId }, { user: pseudonymId });
    await em.nativeUpdate(ClaimExpirySchema, { chef: userId }, { chef: pseudonymId });
    await em.nativeUpdate(OrderMemberDaySchema, { userId }, { userId: pseudonymId });
    await em.nativeUpdate(FoodLookupItemSchema, { createdBy: userId }, { createdBy: pseudonymId });
  },
};
