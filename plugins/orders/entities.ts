import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { newId } from '../../core/ids.ts';
import { type Mention, ORDER_STATUS_LIST } from './schemas.ts';

/**
 * An order, from the customer's request to delivery. People are stored as their Discord snowflakes (no foreign
 * keys): a customer may order from Discord without ever signing in here, and an order outlives a deleted user.
 *
 * Deadlines are columns, not in-memory timers (service: OrderSweeper): `claimExpiresAt` (CLAIMED),
 * `readyAt` (PREPARING: when cooking is done; afterwards the moment it was), `assignmentExpiresAt` (READY with a
 * driver) and `cancelAt` (ORDERED: nobody claimed it in time).
 */
export const OrderSchema = defineEntity({
  name: 'Order',
  tableName: 'orders',
  // Who did something and when, indexed only for the orders where it happened (`where … is not null`: migrations
  // PartialPersonIndexes and PartialMomentIndexes, once the statistics plugin's, say why). Every query asks for a person or
  // a range of moments, which implies `is not null`.
  indexes: [
    { properties: ['claimedBy'], where: '"claimed_by" is not null' },
    { properties: ['preparedBy'], where: '"prepared_by" is not null' },
    { properties: ['assignedDriver'], where: '"assigned_driver" is not null' },
    { properties: ['deliveredBy'], where: '"delivered_by" is not null' },
    { properties: ['claimedAt'], where: '"claimed_at" is not null' },
    { properties: ['prepareStartedAt'], where: '"prepare_started_at" is not null' },
    { properties: ['deliveredAt'], where: '"delivered_at" is not null' },
  ],
  // A chef holds one claimed order, a customer has one active order (migrations OneClaimPerChef and
  // OneActiveOrderPerCustomer): each decides a conditional write's one winner (OrdersService.claim, createOrder).
  uniques: [
    { name: 'orders_one_claim_per_chef', properties: ['claimedBy'], where: `"status" = 'CLAIMED'` },
    {
      name: 'orders_one_active_per_customer',
      properties: ['customer'],
      where: `"status" in ('ORDERED', 'CLAIMED', 'PREPARING', 'READY')`,
    },
  ],
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    /** The short code people say and type: 6 characters of an alphabet without look-alikes. */
    orderID: p.string().length(8).fieldName('order_code').unique(),
    customer: p.string().index(),
    guildId: p.string().nullable(),
    channelId: p.string().nullable(),
    item: p.text(),
    mentions: p.json<Mention[]>(),
    priority: p.integer().default(0),
    status: p.enum(ORDER_STATUS_LIST).index(),
    claimedBy: p.string().nullable(),
    claimedAt: p.datetime().nullable(),
    claimExpiresAt: p.datetime().nullable(),
    preparedBy: p.string().nullable(),
    prepareStartedAt: p.datetime().nullable(),
    images: p.array().defaultRaw(`'{}'`),
    chefNote: p.text().nullable(),
    readyAt: p.datetime().nullable(),
    assignedDriver: p.string().nullable(),
    assignedAt: p.datetime().nullable(),
    assignmentExpiresAt: p.datetime().nullable(),
    /** Drivers who let this order's assignment expire: it is not offered to them again. */
    skippedDrivers: p.array().defaultRaw(`'{}'`),
    deliveredBy: p.string().nullable(),
    deliveredAt: p.datetime().nullable(),
    /** Delivered as reported (a troll or invalid order): counted for nobody. */
    report: p.boolean().default(false),
    reportReason: p.text().nullable(),
    /** The bot could not post the delivery (bot issue). */
    deliveryFailed: p.boolean().default(false),
    cancelAt: p.datetime().nullable(),
    cancelledAt: p.datetime().nullable(),
    cancelReason: p.text().nullable(),
    deletedBy: p.string().nullable(),
    deletedAt: p.datetime().nullable(),
    deleteReason: p.text().nullable(),
    orderedAt: p.datetime().index(),
    updatedAt: p.datetime(),
  },
});
export type Order = InferEntity<typeof OrderSchema>;

/** A food picture chefs look up while preparing (the food lookup screen and the image search). */
export const FoodLookupItemSchema = defineEntity({
  name: 'FoodLookupItem',
  tableName: 'food_lookup_items',
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    name: p.string().length(100),
    keywords: p.array().defaultRaw(`'{}'`),
    images: p.array().defaultRaw(`'{}'`),
    createdBy: p.string().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type FoodLookupItem = InferEntity<typeof FoodLookupItemSchema>;

/** What staff searched the food lookup for (the specification's "log query"). */
export const FoodLookupQuerySchema = defineEntity({
  name: 'FoodLookupQuery',
  tableName: 'food_lookup_queries',
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    query: p.string().length(100),
    user: p.string().index(),
    at: p.datetime(),
  },
});
export type FoodLookupQuery = InferEntity<typeof FoodLookupQuerySchema>;

/** A driver waiting for ready orders. Round-robin: the free driver with the oldest `lastAssignedAt` goes first. */
export const DeliveryQueueEntrySchema = defineEntity({
  name: 'DeliveryQueueEntry',
  tableName: 'delivery_queue',
  properties: {
    userID: p.string().primary().fieldName('user_id'),
    joinedAt: p.datetime(),
    lastAssignedAt: p.datetime().nullable(),
  },
});
export type DeliveryQueueEntry = InferEntity<typeof DeliveryQueueEntrySchema>;

/** A customer's rating of a delivered order (`/rate`): one per order. */
export const OrderFeedbackSchema = defineEntity({
  name: 'OrderFeedback',
  tableName: 'order_feedback',
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    orderId: p.string().fieldName('order_id').unique(),
    user: p.string().index(),
    stars: p.smallint(),
    comment: p.text().nullable(),
    createdAt: p.datetime(),
  },
});
export type OrderFeedback = InferEntity<typeof OrderFeedbackSchema>;

/**
 * A claim that expired: the sweeper returns the order to the kitchen and forgets who held it, so the same
 * transaction keeps the holder here (OrderSweeper). One row per claim: an order claimed and let go twice has two.
 * The kitchen's figures count the claim on the day it was made and the expiry on the day it happened.
 */
export const ClaimExpirySchema = defineEntity({
  name: 'ClaimExpiry',
  tableName: 'order_claim_expiries',
  uniques: [{ properties: ['orderId', 'claimedAt'] }],
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    orderId: p.string(),
    chef: p.string(),
    claimedAt: p.datetime(),
    expiredAt: p.datetime().index(),
  },
});
export type ClaimExpiry = InferEntity<typeof ClaimExpirySchema>;

/**
 * The kitchen's figures of one ended UTC day (`YYYY-MM-DD`), written once the day has ended (OrderDayCloser); with
 * `order_member_days`, what a period of past days is read from instead of the orders. Durations are a sum of
 * microseconds and a count, so any run of days adds up to the live figure exactly. `stale`: an order or expired
 * claim of that day changed after it was written (day-rollups.ts `markDaysChanged`); the day is then counted live
 * until the closer writes it again. README.md.
 */
export const OrderDaySchema = defineEntity({
  name: 'OrderDay',
  tableName: 'order_days',
  properties: {
    day: p.string().length(10).primary(),
    ordered: p.integer(),
    prepared: p.integer(),
    delivered: p.integer(),
    reported: p.integer(),
    readyToDeliveredUs: p.bigint().fieldName('r2d_us'),
    readyToDeliveredN: p.integer().fieldName('r2d_n'),
    stale: p.boolean().default(false),
    closedAt: p.datetime(),
  },
});

/** One member's kitchen figures of one ended day (written with its `order_days` row; no row: nothing done). */
export const OrderMemberDaySchema = defineEntity({
  name: 'OrderMemberDay',
  tableName: 'order_member_days',
  properties: {
    day: p.string().length(10).primary(),
    userId: p.string().primary(),
    claimed: p.integer(),
    claimsExpired: p.integer(),
    prepared: p.integer(),
    claimToPreparedUs: p.bigint().fieldName('c2p_us'),
    claimToPreparedN: p.integer().fieldName('c2p_n'),
    delivered: p.integer(),
    reported: p.integer(),
    readyToDeliveredUs: p.bigint().fieldName('r2d_us'),
    readyToDeliveredN: p.integer().fieldName('r2d_n'),
  },
});

export const orderEntities = [
  OrderSchema,
  FoodLookupItemSchema,
  FoodLookupQuerySchema,
  DeliveryQueueEntrySchema,
  OrderFeedbackSchema,
  ClaimExpirySchema,
  OrderDaySchema,
  OrderMemberDaySchema,
];
