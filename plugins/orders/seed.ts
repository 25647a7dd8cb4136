import type { RequiredEntityData } from '@mikro-orm/core';
import { UserSchema } from '../../core/auth/entities.ts';
import type { CoreContext } from '../../core/plugin.ts';
import { DeliveryQueueEntrySchema, FoodLookupItemSchema, type Order, OrderSchema } from './entities.ts';
import type { OrdersPlugin } from './index.ts';
import { orderCode } from './service.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const CASEY = '1100000000000000001';
const CHARLIE = '1100000000000000002';
const DANA = '1100000000000000003';
const MORGAN = '1100000000000000004';
const SAM = '1100000000000000005';

/** Customers who order from Discord (they never signed in here). */
const CUSTOMERS = [
  { id: '1100000000000000011', username: 'hungry.hank', displayName: 'Hungry Hank' },
  { id: '1100000000000000012', username: 'pizza.pat', displayName: 'Pizza Pat' },
  { id: '1100000000000000013', username: 'snacky.sam', displayName: null },
  { id: '1100000000000000014', username: 'late.night.lou', displayName: 'Late Night Lou' },
  { id: '1100000000000000015', username: 'brunch.bea', displayName: 'Brunch Bea' },
];

const FOOD = [
  { name: 'Cheeseburger', keywords: ['burger', 'cheese', 'beef'], image: '/food/burger.svg' },
  { name: 'Pepperoni pizza', keywords: ['pizza', 'pepperoni', 'slice'], image: '/food/pizza.svg' },
  { name: 'French fries', keywords: ['fries', 'chips', 'potato'], image: '/food/fries.svg' },
  { name: 'Strawberry milkshake', keywords: ['milkshake', 'shake', 'drink'], image: '/food/milkshake.svg' },
  { name: 'Chicken nuggets', keywords: ['nuggets', 'chicken'], image: '/food/nuggets.svg' },
  { name: 'Beef taco', keywords: ['taco', 'mexican'], image: '/food/taco.svg' },
  { name: 'Pancakes', keywords: ['pancakes', 'breakfast', 'syrup'], image: '/food/pancakes.svg' },
  { name: 'Garden salad', keywords: ['salad', 'vegan', 'greens'], image: '/food/salad.svg' },
];

/**
 * Demo kitchen: orders in every active state (deadlines counted from now, so the sweeper moves them on as the
 * real ones would), delivered orders over the past week for the leaderboard and the figures, the food lookup
 * pictures (site/public/food/, so the site works offline) and Dana in the delivery queue.
 */
export async function seedOrders(_plugin: OrdersPlugin, ctx: CoreContext): Promise<void> {
  const now = ctx.now();
  const em = ctx.orm.em.fork();
  for (const customer of CUSTOMERS) em.create(UserSchema, { ...customer, ban: { active: false } });
  for (const food of FOOD)
    em.create(FoodLookupItemSchema, { name: food.name, keywords: food.keywords, images: [food.image], createdBy: SAM });
  const base = baseOf(now);
  const timing = ctx.config.plugins.orders;
  for (const order of [...activeOrders(base, now, timing), ...deliveredWeek(base, now), ...history(base, now, timing)])
    em.create(OrderSchema, order);
  em.create(DeliveryQueueEntrySchema, { userID: DANA, joinedAt: at(now - HOUR), lastAssignedAt: at(now - MINUTE) });
  await em.flush();
}

const at = (ms: number) => new Date(ms);
type Timing = CoreContext['config']['plugins']['orders'];
type SeedOrder = RequiredEntityData<Order>;

/** What every demo order shares: a new code, the demo server and channel, the customer, the item, the moment. */
function baseOf(now: number) {
  return (customer: string, item: string, orderedAt: number) => ({
    orderID: orderCode(),
    customer,
    guildId: '1100000000000000900',
    channelId: '1100000000000000901',
    item,
    mentions: [],
    orderedAt: at(orderedAt),
    updatedAt: at(now),
  });
}
type Base = ReturnType<typeof baseOf>;

/** An order in each active state: two waiting, one claimed by Charlie, one cooking (Morgan), one ready for Dana. */
function activeOrders(base: Base, now: number, orders: Timing): SeedOrder[] {
  const rows: SeedOrder[] = [];
  // Waiting in the kitchen.
  rows.push({
    ...base(CASEY, 'Double cheeseburger, no pickles', now - 2 * MINUTE),
    status: 'ORDERED',
    cancelAt: at(now - 2 * MINUTE + orders.unclaimedCancelMs),
  });
  rows.push({
    ...base(CUSTOMERS[0]!.id, 'Large pepperoni pizza', now - 5 * MINUTE),
    status: 'ORDERED',
    priority: 1,
    cancelAt: at(now - 5 * MINUTE + orders.unclaimedCancelMs),
  });
  // Claimed by Charlie.
  rows.push({
    ...base(CUSTOMERS[1]!.id, 'Strawberry milkshake', now - 8 * MINUTE),
    status: 'CLAIMED',
    claimedBy: CHARLIE,
    claimedAt: at(now - MINUTE),
    claimExpiresAt: at(now - MINUTE + orders.claimTimeoutMs),
  });
  // Cooking (prepared by Morgan).
  rows.push({
    ...base(CUSTOMERS[2]!.id, '20 chicken nuggets with BBQ sauce', now - 12 * MINUTE),
    status: 'PREPARING',
    claimedBy: MORGAN,
    claimedAt: at(now - 6 * MINUTE),
    preparedBy: MORGAN,
    prepareStartedAt: at(now - MINUTE),
    images: ['/food/nuggets.svg'],
    chefNote: 'Extra BBQ sauce on the side.',
    readyAt: at(now - MINUTE + orders.cookingTimeMs),
  });
  // Ready, assigned to Dana.
  rows.push({
    ...base(CUSTOMERS[3]!.id, 'French fries and a taco', now - 20 * MINUTE),
    status: 'READY',
    claimedBy: CHARLIE,
    claimedAt: at(now - 15 * MINUTE),
    preparedBy: CHARLIE,
    prepareStartedAt: at(now - 12 * MINUTE),
    images: ['/food/fries.svg', '/food/taco.svg'],
    chefNote: 'Crispy, as asked.',
    readyAt: at(now - 9 * MINUTE),
    assignedDriver: DANA,
    assignedAt: at(now - MINUTE),
    assignmentExpiresAt: at(now - MINUTE + orders.deliveryTimeoutMs),
  });
  return rows;
}

/** A week of delivered orders: chefs Charlie, Morgan and Sam; drivers Dana and Charlie; one reported. */
function deliveredWeek(base: Base, now: number): SeedOrder[] {
  const rows: SeedOrder[] = [];
  const food = (i: number) => [FOOD[i % FOOD.length]!.image];
  const items = [
    'Cheeseburger',
    'Pepperoni pizza',
    'Fries',
    'Milkshake',
    'Nuggets',
    'Taco',
    'Pancakes',
    'Garden salad',
  ];
  const chefs = [CHARLIE, CHARLIE, MORGAN, CHARLIE, SAM, MORGAN];
  const drivers = [DANA, DANA, CHARLIE, DANA];
  const buyers = [CASEY, ...CUSTOMERS.map((c) => c.id)];
  for (let i = 0; i < 30; i++) {
    const orderedAt = now - (i * 5.5 * HOUR + 30 * MINUTE);
    const chef = chefs[i % chefs.length]!;
    const driver = drivers[i % drivers.length]!;
    rows.push({
      ...base(buyers[i % buyers.length]!, items[i % items.length]!, orderedAt),
      status: 'DELIVERED',
      claimedBy: chef,
      claimedAt: at(orderedAt + 2 * MINUTE),
      preparedBy: chef,
      prepareStartedAt: at(orderedAt + 4 * MINUTE),
      images: food(i),
      chefNote: i % 3 === 0 ? 'Made with love.' : null,
      readyAt: at(orderedAt + 7 * MINUTE),
      assignedDriver: driver,
      assignedAt: at(orderedAt + 7 * MINUTE),
      deliveredBy: driver,
      deliveredAt: at(orderedAt + 9 * MINUTE),
      report: i === 7,
      reportReason: i === 7 ? 'Troll order: asked for a live shark.' : null,
    });
  }
  return rows;
}

/** History: one cancelled by nobody claiming it, one deleted by staff. */
function history(base: Base, now: number, orders: Timing): SeedOrder[] {
  const rows: SeedOrder[] = [];
  rows.push({
    ...base(CUSTOMERS[4]!.id, 'Pancakes with syrup', now - 2 * DAY),
    status: 'CANCELLED',
    cancelledAt: at(now - 2 * DAY + orders.unclaimedCancelMs),
    cancelReason: 'Nobody in the kitchen claimed this order in time, so it was cancelled. Please order again.',
  });
  rows.push({
    ...base(CUSTOMERS[4]!.id, 'A bucket of sand', now - 3 * DAY),
    status: 'DELETED',
    deletedBy: MORGAN,
    deletedAt: at(now - 3 * DAY + 3 * MINUTE),
    deleteReason: 'That is not food.',
  });
  return rows;
}
