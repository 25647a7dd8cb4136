import { UserSchema } from '../../core/auth/entities.ts';
import type { CoreContext } from '../../core/plugin.ts';
import { DeliveryMessageSchema } from './entities.ts';

const CHARLIE = '1100000000000000002';
const DANA = '1100000000000000003';
const MORGAN = '1100000000000000004';

/**
 * Premade messages by several authors (the chef, the driver, the manager), with uses, so the directory, a message's
 * page and the deliver dialog's picker have something to show. Dana Driver may edit hers; Morgan Manager anyone's.
 * The demo staff pass the directory's guard by their ranks' MANAGE_ORDERS (§6: the perk alone would do too); the
 * sidebar's entry asks for both (MANAGE_ORDERS plus the perk DELIVERY_MESSAGE_BETA), so the demo chef and driver
 * get the perk here, and the entry shows for them.
 */
export const DEMO_DELIVERY_MESSAGES = [
  {
    slug: 'hot-and-fresh',
    title: 'Hot and fresh',
    author: DANA,
    uses: 12,
    message: 'Hot and fresh, {customer}! Your {item} is here, cooked by {chef} and brought by {driver}. Enjoy!',
  },
  {
    slug: 'special-delivery',
    title: 'Special delivery',
    author: DANA,
    uses: 5,
    message: 'Special delivery for {customer}: one {item} (order {orderID}). Bon appétit!',
  },
  {
    slug: 'from-the-grill',
    title: 'Straight from the grill',
    author: CHARLIE,
    uses: 8,
    message: '{customer}, {chef} just pulled your {item} off the grill. Eat it while it is hot!',
  },
  {
    slug: 'thank-you',
    title: 'Thank you for ordering',
    author: MORGAN,
    uses: 3,
    message: 'Thank you for ordering at the Virtual Diner, {customer}! Here is your {item}. See you again soon.',
  },
  {
    slug: 'knock-knock',
    title: 'Knock knock',
    author: CHARLIE,
    uses: 0,
    message: 'Knock knock, {customer}! Who is there? Your {item}, delivered by {driver}.',
  },
] as const;

export async function seedDeliveryMessages(ctx: CoreContext): Promise<void> {
  const em = ctx.orm.em.fork();
  const now = ctx.now();
  for (const [i, row] of DEMO_DELIVERY_MESSAGES.entries()) {
    const at = new Date(now - (DEMO_DELIVERY_MESSAGES.length - i) * 86_400_000);
    em.create(DeliveryMessageSchema, { ...row, createdAt: at, updatedAt: at });
  }
  for (const user of await em.find(UserSchema, { id: { $in: [CHARLIE, DANA] } })) {
    if (!user.manualPerks.includes('DELIVERY_MESSAGE_BETA'))
      user.manualPerks = [...user.manualPerks, 'DELIVERY_MESSAGE_BETA'];
  }
  await em.flush();
}
