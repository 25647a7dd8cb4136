import type { Em } from '../../core/db/orm.ts';
import type { CoreContext } from '../../core/plugin.ts';
import { rankNamedIn } from '../ranks/index.ts';
import { DEMO_USERS } from '../users/index.ts';
import { type StoreItem, StoreItemSchema } from './entities.ts';
import type { StorePlugin } from './index.ts';

/** Fixed, so links and tests can name them (like the demo users' ids). */
export const SEEDED_ITEMS = {
  feedbackPass: '1100000000000000701',
  deliveryMessage: '1100000000000000702',
  kitchenTrial: '1100000000000000703',
  giftCard: '1100000000000000704',
  nameADish: '1100000000000000705',
  pumpkinHat: '1100000000000000706',
} as const;

interface SeedItem {
  name: string;
  description: string;
  price: number;
  grantKind: StoreItem['grantKind'];
  grantValue?: string;
  grantDays?: number;
  grantCoins?: number;
  stock?: number;
  perUserLimit?: number;
  onSale?: boolean;
}

const demo = (role: (typeof DEMO_USERS)[number]['role']) => DEMO_USERS.find((u) => u.role === role)!;

/** The balances the demo users start with (kind ADMIN); purchases below take from them. */
const WELCOME: [role: (typeof DEMO_USERS)[number]['role'], coins: number][] = [
  ['Customer', 6_000],
  ['Chef', 1_200],
  ['Delivery driver', 800],
  ['Manager', 3_000],
  ['Super admin', 12_000],
];

/**
 * One item of each kind (a perk for 30 days and one for ever, a rank for 7 days, coins, a custom reward, and one off
 * sale), welcome balances, and a few purchases made through the service so the ledger, "Your items" and the store
 * screen's custom rewards awaiting fulfilment have something to show.
 */
export async function seedStoreItems(store: StorePlugin, ctx: CoreContext): Promise<void> {
  await ctx.orm.em.fork().transactional(async (em) => {
    const trainee = await rankNamedIn(em, 'Trainee Chef');
    demoItems(em, new Date(ctx.now()), trainee?.id ?? null);
    await em.flush();
    await welcomeBalances(em, store);
  });
  await demoPurchases(store);
}

/** The items, one of each kind; the kitchen trial only when the ranks seed made its rank (`trainee`). */
function demoItems(em: Em, now: Date, trainee: string | null): void {
  const item = (id: string, fields: SeedItem) =>
    em.create(StoreItemSchema, {
      id,
      picture: null,
      stock: null,
      perUserLimit: null,
      onSale: true,
      grantValue: null,
      grantDays: null,
      grantCoins: null,
      ...fields,
      createdAt: now,
      updatedAt: now,
    });
  item(SEEDED_ITEMS.feedbackPass, {
    name: 'Feedback beta pass',
    description: 'Try the new order feedback screens for a month before everyone else.',
    price: 300,
    grantKind: 'perk',
    grantValue: 'FEEDBACK_BETA',
    grantDays: 30,
  });
  item(SEEDED_ITEMS.deliveryMessage, {
    name: 'Delivery message beta',
    description:
      'Join the Premade Message Directory: write delivery messages our drivers can pick when they hand over an order. Yours to keep.',
    price: 1_500,
    grantKind: 'perk',
    grantValue: 'DELIVERY_MESSAGE_BETA',
    stock: 25,
    perUserLimit: 1,
  });
  if (trainee) {
    item(SEEDED_ITEMS.kitchenTrial, {
      name: 'Kitchen trial week',
      description: 'Put on the apron: the Trainee Chef rank for a week, to cook real orders.',
      price: 4_000,
      grantKind: 'rank',
      grantValue: trainee,
      grantDays: 7,
      stock: 5,
      perUserLimit: 1,
    });
  }
  item(SEEDED_ITEMS.giftCard, {
    name: 'Gift card',
    description: '250 coins, best sent to a friend.',
    price: 250,
    grantKind: 'coins',
    grantCoins: 250,
    perUserLimit: 20,
  });
  item(SEEDED_ITEMS.nameADish, {
    name: 'Name a dish',
    description: 'Our kitchen names a dish on the menu after you. Staff get in touch to hand it over.',
    price: 5_000,
    grantKind: 'custom',
    stock: 3,
    perUserLimit: 1,
  });
  item(SEEDED_ITEMS.pumpkinHat, {
    name: 'Pumpkin hat',
    description: 'A Halloween treat for the kitchen crew. Back next October.',
    price: 666,
    grantKind: 'custom',
    onSale: false,
  });
}

/** The welcome balances, in the items' transaction. */
async function welcomeBalances(em: Em, store: StorePlugin): Promise<void> {
  for (const [role, coins] of WELCOME) {
    await store.coins.creditIn(em, {
      userId: demo(role).id,
      amount: coins,
      kind: 'ADMIN',
      reference: 'seed:welcome',
      reason: 'Welcome to the diner',
    });
  }
}

/** Casey's gift card to Dana and Sam's dish (awaiting the kitchen), through the service. */
async function demoPurchases(store: StorePlugin): Promise<void> {
  const person = (role: (typeof DEMO_USERS)[number]['role']) => {
    const user = demo(role);
    return { id: user.id, username: user.username, displayName: user.displayName, avatar: null };
  };
  await store.purchases.purchase(person('Customer'), {
    id: SEEDED_ITEMS.giftCard,
    giftUserID: demo('Delivery driver').id,
  });
  await store.purchases.purchase(person('Super admin'), { id: SEEDED_ITEMS.nameADish });
}
