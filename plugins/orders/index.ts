import type { GatewayDispatch, GatewayEvents } from '../../core/gateway/protocol.ts';
import { needs } from '../../core/pages.ts';
import { definePlugin } from '../../core/plugin.ts';
import { PERMISSIONS } from '../../core/shared/permissions.ts';
import onleave from '../onleave/index.ts';
import settings from '../settings/index.ts';
import users, { DEMO_USERS } from '../users/index.ts';
import { ordersRoutes } from './api.ts';
import { orderCommands } from './commands/index.ts';
import { ordersConfig } from './config.ts';
import { OrderDayCloser } from './day-rollups.ts';
import { orderEntities } from './entities.ts';
import type { KitchenEvent } from './events.ts';
import { OrderFeedbackService } from './feedback.ts';
import { FoodLookupService } from './food-lookup.ts';
import { foodLookupRoutes } from './food-lookup-api.ts';
import { ImageStore } from './images.ts';
import { imagesRoutes } from './images-api.ts';
import { registerOrderMetrics } from './metrics.ts';
import { migrations } from './migrations/index.ts';
import { CustomerOrdering } from './ordering.ts';
import { ordersPersonalData } from './personal-data.ts';
import { OrderSearch } from './search.ts';
import { seedOrders } from './seed.ts';
import { OrdersService } from './service.ts';
import { OrderStatsService } from './stats.ts';
import { OrderSweeper } from './sweeper.ts';

/** The kitchen's guard (MANAGE_ORDERS): every order action's, and another plugin's route about an order for the kitchen. */
export { manageOrders } from './api.ts';
export { orderEmbed } from './commands/messages.ts';
export type { OrdersConfig } from './config.ts';
export {
  type CountedDelivery,
  type CountedRole,
  type CountedWindow,
  countCountedIn,
  countedDeliveriesSinceIn,
} from './counted.ts';
export {
  type DurationSum,
  type FiguresQuery,
  type KitchenDay,
  kitchenDaysIn,
  type MemberWork,
  memberWorkIn,
} from './kitchen-figures.ts';

import { ordersCatalogue } from './i18n/index.ts';

export { type PastClaimExpiry, type PastOrder, recordPastClaimExpiriesIn, recordPastOrdersIn } from './past-orders.ts';
export { deliveredOrderSummariesIn, findOrderSummaryIn, type OrderSummary, orderSummariesIn } from './read.ts';
export type { OrdersService } from './service.ts';

export interface OrdersPlugin {
  /** The lifecycle, the active list, history and the delivery queue. */
  orders: OrdersService;
  /** Leaderboard, a user's figures, the home page's figures. */
  stats: OrderStatsService;
  /** Every order, filtered and paginated: Order Management. */
  search: OrderSearch;
  foodLookup: FoodLookupService;
  images: ImageStore;
  /** Ratings of delivered orders (`/rate`). */
  feedback: OrderFeedbackService;
  /** Placing an order from Discord: the kitchen, ban, blacklist, text and cooldown rules. */
  ordering: CustomerOrdering;
  /** The deadlines (claim expiry, cooking, assignments, unclaimed cancel); runs while the web server runs. */
  sweeper: OrderSweeper;
  /** Rolls up each ended day's figures (the kitchen's and each member's), again when one of its orders changes later. */
  days: OrderDayCloser;
}

/** How often the orders.days job looks for a day that ended or changed (cheap: two indexed reads when there is none). */
const DAYS_INTERVAL_MS = 10 * 60_000;

const kitchen = { permissions: PERMISSIONS.MANAGE_ORDERS };
const toKitchen =
  <T extends KitchenEvent>(t: T) =>
  (data: GatewayEvents[T]) =>
    ({ t, data, to: kitchen }) as GatewayDispatch;

/** Orders: the kitchen, the delivery queue, food lookup and order pictures. */
/** The plugins whose services orders uses, its commands too (commands/define.ts). */
export const requires = [settings, users, onleave] as const;

/** The audit actions this plugin's writes record, with the audit log's labels (core/audit). */
const audit = {
  actions: {
    'order.delete': 'Deleted an order',
    'foodLookup.create': 'Added a food lookup item',
    'foodLookup.update': 'Edited a food lookup item',
    'foodLookup.delete': 'Deleted a food lookup item',
  },
  targetTypes: ['order', 'foodLookup'],
  kinds: { order: 'Orders', foodLookup: 'Food lookup' },
} as const;
declare module '../../core/audit/schemas.ts' {
  interface AuditActions extends Record<keyof typeof audit.actions, true> {}
  interface AuditTargetTypes extends Record<(typeof audit.targetTypes)[number], true> {}
}

/** Charlie Chef (the demo data's chef): the order history the examples open. */
const CHARLIE = DEMO_USERS.find((u) => u.role === 'Chef')!.id;

export default definePlugin({
  audit,
  name: 'orders',
  i18n: ordersCatalogue,
  personalData: () => ordersPersonalData,
  config: ordersConfig,
  // Order pictures on the image host show on every page (the Content-Security-Policy's img-src).
  imageOrigins: (config) => [config.plugins.orders.images.hostUrl],
  requires,
  entities: orderEntities,
  migrations,
  service: (ctx): OrdersPlugin => {
    // The onleave plugin (before this one; absent in a test's own plugin list): members on leave stay out of the queue.
    const leave = ctx.services.onleave.requests;
    const orders = new OrdersService({
      ...ctx,
      hooks: { queueRefusal: leave && ((userId) => leave.queueRefusal(userId)) },
    });
    leave?.whenLeaveStarts((userId) => orders.removeFromQueue(userId));
    const sweeper = new OrderSweeper(ctx);
    if (leave)
      sweeper.dropOffDuty({
        among: (userIds) => leave.currentLeaves(userIds),
        remove: (userId) => orders.removeFromQueue(userId),
      });
    return {
      orders,
      ordering: new CustomerOrdering({
        ...ctx,
        orders,
        settings: ctx.services.settings,
        admin: ctx.services.users.admin,
      }),
      feedback: new OrderFeedbackService(ctx),
      stats: new OrderStatsService(ctx),
      search: new OrderSearch(ctx.orm),
      foodLookup: new FoodLookupService(ctx),
      images: new ImageStore(ctx.config),
      sweeper,
      days: new OrderDayCloser(ctx),
    };
  },
  commands: orderCommands,
  async routes(app, plugin, ctx) {
    ordersRoutes(app, plugin);
    foodLookupRoutes(app, plugin.foodLookup);
    await imagesRoutes(app, plugin.images, plugin.foodLookup, ctx.config.plugins.orders.images.maxBytes);
    registerOrderMetrics(ctx.metrics, ctx.orm);
  },
  pages: {
    guards: {
      '/staff/orders': needs({ all: ['MANAGE_ORDERS'] }),
      '/staff/food-lookup': needs({ all: ['VIEW_FOOD_LOOKUP'] }),
      '/staff/admin/order-management': needs({ all: ['SUPER_ADMIN'] }),
      '/staff/admin/order-history': needs({ all: ['SUPER_ADMIN'] }),
    },
    sidebar: [
      {
        section: 'top',
        order: 20,
        label: 'Order Manager',
        labelKey: 'sidebar.orderManager',
        href: '/staff/orders',
        icon: 'chef-hat',
        needs: { all: ['MANAGE_ORDERS'] },
      },
      {
        section: 'top',
        order: 30,
        label: 'Food Lookup',
        labelKey: 'sidebar.foodLookup',
        href: '/staff/food-lookup',
        icon: 'search',
        needs: { all: ['VIEW_FOOD_LOOKUP'] },
      },
      {
        section: 'management',
        order: 91,
        menu: { label: 'Super Admin', icon: 'shield', labelKey: 'sidebar.superAdmin' },
        label: 'Order Management',
        labelKey: 'sidebar.orderManagement',
        href: '/staff/admin/order-management',
        icon: 'chef-hat',
        needs: { all: ['SUPER_ADMIN'] },
      },
    ],
    examples: [
      { path: '/leaderboard', opens: 'anonymous' },
      { path: '/staff/orders', opens: 'chef' },
      { path: '/staff/food-lookup', opens: 'chef' },
      { path: '/staff/admin/order-management', opens: 'superAdmin' },
      { path: `/staff/admin/order-history/${CHARLIE}`, opens: 'superAdmin' },
    ],
    withoutExample: {
      '/staff/orders/[id]':
        "an order's id is minted as the demo data is seeded: tests/e2e/pages.spec.ts looks one up and opens it",
    },
  },
  jobs: (plugin, ctx) => [
    {
      name: 'orders.sweep',
      intervalMs: ctx.config.plugins.orders.sweepIntervalMs,
      metrics: {
        duration: 'vd_order_sweep_duration_seconds',
        failures: 'vd_order_sweep_failures_total',
        lag: 'vd_order_sweep_lag_seconds',
      },
      run: () => plugin.sweeper.sweep(),
    },
    // Days close while deadlines are swept (ORDER_SWEEP_INTERVAL_MS 0, as in tests: never by itself), first soon
    // after start.
    {
      name: 'orders.days',
      intervalMs: ctx.config.plugins.orders.sweepIntervalMs > 0 ? DAYS_INTERVAL_MS : 0,
      firstDelayMs: 5_000,
      metrics: {
        duration: 'vd_order_days_duration_seconds',
        failures: 'vd_order_days_failures_total',
        lag: 'vd_order_days_lag_seconds',
      },
      run: () => plugin.days.closeDue(),
    },
  ],
  // Order and queue events reach every socket whose user has MANAGE_ORDERS, under the same name.
  gateway: {
    orderSent: toKitchen('orderSent'),
    orderUpdated: toKitchen('orderUpdated'),
    cancelOrder: toKitchen('cancelOrder'),
    orderDeleted: toKitchen('orderDeleted'),
    deliverOrder: toKitchen('deliverOrder'),
    joinDeliveryQueue: toKitchen('joinDeliveryQueue'),
    leaveDeliveryQueue: toKitchen('leaveDeliveryQueue'),
  },
  seed: seedOrders,
});
