import type { CoreContext } from '../../core/plugin.ts';
import {
  type PastClaimExpiry,
  type PastOrder,
  recordPastClaimExpiriesIn,
  recordPastOrdersIn,
} from '../orders/index.ts';
import type { StatisticsPlugin } from './index.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const CASEY = '1100000000000000001';
const CHARLIE = '1100000000000000002';
const DANA = '1100000000000000003';
const MORGAN = '1100000000000000004';
const SAM = '1100000000000000005';
const BUYERS = [
  CASEY,
  '1100000000000000011',
  '1100000000000000012',
  '1100000000000000013',
  '1100000000000000014',
  '1100000000000000015',
];
const ITEMS = ['Cheeseburger', 'Pepperoni pizza', 'Fries', 'Milkshake', 'Nuggets', 'Taco', 'Pancakes', 'Garden salad'];
const PICTURES = ['burger', 'pizza', 'fries', 'milkshake', 'nuggets', 'taco', 'pancakes', 'salad'];

/**
 * A month of kitchen history for the statistics screens: delivered orders on each of the 30 days before today (the
 * orders seed has the last week's), busier at weekends, with the time from ready to delivered shrinking over the
 * month; Charlie cooks nothing while on the leave the onleave seed gives him; a few claims that expired. Then the
 * ended weeks are closed, so the stored snapshots exist from the first start. The days are rolled up by the
 * closer's first pass, 5 s after start, not here: until then they are counted live (the same figures), and a new
 * database's start does not wait the 300 ms their 30 rollups take on the embedded database. Deterministic, about
 * 250 orders.
 */
export async function seedStatistics(plugin: StatisticsPlugin, ctx: CoreContext): Promise<void> {
  const now = ctx.now();
  const midnight = Math.floor(now / DAY) * DAY;
  const cooking = ctx.config.plugins.orders.cookingTimeMs;
  const orders: PastOrder[] = [];
  const expiries: PastClaimExpiry[] = [];
  let n = 0;
  for (let back = 30; back >= 1; back--) {
    const dayStart = midnight - back * DAY;
    const weekday = new Date(dayStart).getUTCDay();
    const placed = 5 + ((back * 7) % 5) + (weekday === 0 || weekday === 6 ? 4 : 0);
    const charlieAway = back <= 3; // the onleave seed: Charlie is on leave from three days ago
    const chefs = charlieAway ? [MORGAN, SAM, MORGAN] : [CHARLIE, CHARLIE, MORGAN, SAM, CHARLIE, MORGAN];
    const drivers = charlieAway ? [DANA, DANA, MORGAN] : [DANA, DANA, CHARLIE, DANA, MORGAN];
    for (let i = 0; i < placed; i++, n++) {
      const orderedAt = dayStart + (11 * 60 + ((i * 97 + back * 31) % (10 * 60))) * MINUTE;
      const chef = chefs[(i + back) % chefs.length]!;
      const driver = drivers[(i * 3 + back) % drivers.length]!;
      const claimedAt = orderedAt + (1 + ((i + back) % 4)) * MINUTE;
      const preparedAt = claimedAt + (2 + ((i * 5 + back) % 5)) * MINUTE;
      const readyAt = preparedAt + cooking;
      // Deliveries get quicker over the month: about 12 minutes a month ago, about 4 now.
      const deliveredAt = readyAt + Math.round((3 + back * 0.3 + ((i * 7) % 4)) * MINUTE);
      const report = n % 41 === 7;
      orders.push({
        customer: BUYERS[(i + back) % BUYERS.length]!,
        guildId: '1100000000000000900',
        channelId: '1100000000000000901',
        item: ITEMS[n % ITEMS.length]!,
        mentions: [],
        orderedAt: new Date(orderedAt),
        updatedAt: new Date(deliveredAt),
        status: 'DELIVERED',
        claimedBy: chef,
        claimedAt: new Date(claimedAt),
        preparedBy: chef,
        prepareStartedAt: new Date(preparedAt),
        images: [`/food/${PICTURES[n % PICTURES.length]}.svg`],
        readyAt: new Date(readyAt),
        assignedDriver: driver,
        assignedAt: new Date(readyAt),
        deliveredBy: driver,
        deliveredAt: new Date(deliveredAt),
        report,
        reportReason: report ? 'Troll order: asked for a bowl of nails.' : null,
      });
    }
    if (back % 4 === 1) {
      const claimedAt = dayStart + 15 * 60 * MINUTE;
      expiries.push({
        orderId: `seed-expiry-${back}`,
        chef: back % 8 === 1 ? MORGAN : charlieAway ? SAM : CHARLIE,
        claimedAt: new Date(claimedAt),
        expiredAt: new Date(claimedAt + ctx.config.plugins.orders.claimTimeoutMs),
      });
    }
  }
  await ctx.orm.em.fork().transactional(async (em) => {
    await recordPastOrdersIn(em, orders);
    await recordPastClaimExpiriesIn(em, expiries);
  });
  await plugin.weeks.closeDue();
}
