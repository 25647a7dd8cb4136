import { nameOf } from '../../core/audit/service.ts';
import type { Em } from '../../core/db/orm.ts';
import { PreparedQuery } from '../../core/db/prepared.ts';
import type { GrantService } from './grants.ts';
import type { CoinChange, CoinLedger } from './ledger.ts';
import { refusals } from './refusals.ts';
import type { ItemGrantKind, PurchaseStatus } from './schemas.ts';
import { storeWriter } from './sql.ts';

/** Who buys, who receives (the buyer, or a gift's recipient), with the names the ledger's reasons use. */
export interface Person {
  id: string;
  username: string;
  displayName?: string | null;
  avatar?: string | null;
}

/** One purchase to make: its id (minted by the caller), the item, the people, and the service's clock. */
export interface PurchaseOrder {
  id: string;
  itemId: string;
  buyer: Person;
  recipient: Person;
  now: Date;
}

/** What a purchase wrote: the buyer's balance after it, and whether the recipient's perks or ranks changed. */
export interface Bought {
  itemName: string;
  price: number;
  status: PurchaseStatus;
  endsAt: Date | null;
  balance: number;
  changed: boolean;
}

export interface BuyingDeps {
  coins: CoinLedger;
  grants: GrantService;
}

/**
 * A purchase inside the caller's transaction (docs/store.md, "Purchases"), in as few statements as its rules allow,
 * each compiled once (PreparedQuery). In order: the recipient's row lock, taken before any wallet's as every unit of
 * work that takes both does, with the item and the recipient's granted perks read in the same statement; the item's
 * checks; the per-user limit, counted under that lock; the coins (the ledger row and the conditional debit, one
 * statement); the grant; last the stock's conditional decrement, which locks the item's row for as little as
 * possible, and the purchase row. A refusal is thrown: the transaction rolls back everything written before it.
 */
export async function buyIn(em: Em, order: PurchaseOrder, deps: BuyingDeps): Promise<Bought> {
  const [found] = await ITEM_AND_RECIPIENT.runIn(em, { itemId: order.itemId, recipientId: order.recipient.id });
  if (!found) throw refusals.noUser();
  const item = itemOf(found);
  if (!item) throw refusals.itemNotFound();
  if (!item.onSale) throw refusals.notOnSale();
  if (item.stock === 0) throw refusals.soldOut();
  if (item.perUserLimit != null) await checkLimit(em, item, order);
  const balance = await pay(em, deps.coins, item, order);
  const grantKind = item.grantKind === 'perk' || item.grantKind === 'rank' ? item.grantKind : null;
  const granted = grantKind
    ? await deps.grants.grantLockedIn(
        em,
        {
          userId: order.recipient.id,
          kind: grantKind,
          value: item.grantValue!,
          source: 'purchase',
          sourceRef: order.id,
          endsAt: item.grantDays == null ? null : { daysAfterLatest: item.grantDays },
        },
        { id: order.recipient.id, grantedPerks: found.perks },
      )
    : { changed: false, endsAt: null };
  if (item.stock != null) await takeOne(em, item.id);
  const status: PurchaseStatus = item.grantKind === 'custom' ? 'awaiting' : 'granted';
  await RECORD.runIn(em, {
    id: order.id,
    itemId: item.id,
    buyerId: order.buyer.id,
    recipientId: order.recipient.id,
    itemName: item.name,
    price: item.price,
    status,
    endsAt: granted.endsAt,
    at: order.now,
  });
  return { itemName: item.name, price: item.price, status, endsAt: granted.endsAt, balance, changed: granted.changed };
}

/**
 * The recipient's row, locked (`for no key update of users`: the item's row is only read), with their granted perks
 * as the lock leaves them, and the item (its columns null: no such item). No row: no such recipient.
 */
const ITEM_AND_RECIPIENT = new PreparedQuery<
  { itemId: string; recipientId: string },
  {
    perks: string[];
    id: string | null;
    name: string | null;
    price: number | null;
    onSale: boolean | null;
    stock: number | null;
    perUserLimit: number | null;
    grantKind: ItemGrantKind | null;
    grantValue: string | null;
    grantDays: number | null;
    grantCoins: number | null;
  }
>('store.purchase.item_and_recipient', (param) =>
  storeWriter
    .selectFrom('users')
    .leftJoin('store_items', (join) => join.on('store_items.id', '=', param('itemId')))
    .select([
      'users.perks',
      'store_items.id',
      'store_items.name',
      'store_items.price',
      'store_items.on_sale as onSale',
      'store_items.stock',
      'store_items.per_user_limit as perUserLimit',
      'store_items.grant_kind as grantKind',
      'store_items.grant_value as grantValue',
      'store_items.grant_days as grantDays',
      'store_items.grant_coins as grantCoins',
    ])
    .where('users.id', '=', param('recipientId'))
    .forNoKeyUpdate('users'),
);

/** The item as a purchase reads it (null: no such item). */
function itemOf(row: ItemAndRecipient) {
  const { id, name, price, onSale, grantKind } = row;
  if (id === null || name === null || price === null || onSale === null || grantKind === null) return null;
  return { ...row, id, name, price, onSale, grantKind };
}
type ItemAndRecipient = Awaited<ReturnType<typeof ITEM_AND_RECIPIENT.runIn>>[number];
type ItemForSale = NonNullable<ReturnType<typeof itemOf>>;

/** How many of an item a user received (bought or was given). */
const RECEIVED = new PreparedQuery<{ itemId: string; recipientId: string }, { received: number | string }>(
  'store.purchase.received',
  (param) =>
    storeWriter
      .selectFrom('store_purchases')
      .select((eb) => eb.fn.countAll().as('received'))
      .where('item_id', '=', param('itemId'))
      .where('recipient_id', '=', param('recipientId')),
);

/** The purchases of this item the recipient received, counted under the recipient's row lock. */
async function checkLimit(em: Em, item: ItemForSale, order: PurchaseOrder): Promise<void> {
  const [row] = await RECEIVED.runIn(em, { itemId: item.id, recipientId: order.recipient.id });
  const gift = order.recipient.id !== order.buyer.id;
  if (Number(row?.received ?? 0) >= item.perUserLimit!)
    throw refusals.limit(item.perUserLimit!, gift ? nameOf(order.recipient) : null);
}

/**
 * The buyer pays the price (kind PURCHASE, or GIFT_SENT for a gift); an item of coins credits them to the recipient
 * (REWARD, or GIFT_RECEIVED), the two wallets always in the order of their user ids, so two coin gifts between the
 * same users never wait on each other in a circle. Answers the buyer's balance after it.
 */
async function pay(em: Em, coins: CoinLedger, item: ItemForSale, order: PurchaseOrder): Promise<number> {
  const { buyer, recipient } = order;
  const gift = recipient.id !== buyer.id;
  const debit: CoinChange = {
    userId: buyer.id,
    amount: item.price,
    kind: gift ? 'GIFT_SENT' : 'PURCHASE',
    reference: `purchase:${order.id}`,
    reason: gift ? `${item.name}, a gift for ${nameOf(recipient)}` : item.name,
  };
  if (item.grantKind !== 'coins') return (await coins.debitIn(em, debit)).balance;
  const credit: CoinChange = {
    userId: recipient.id,
    amount: item.grantCoins!,
    kind: gift ? 'GIFT_RECEIVED' : 'REWARD',
    reference: `purchase:${order.id}:coins`,
    reason: gift ? `${item.name}, a gift from ${nameOf(buyer)}` : item.name,
  };
  if (gift && recipient.id < buyer.id) {
    await coins.creditIn(em, credit);
    return (await coins.debitIn(em, debit)).balance;
  }
  const paid = await coins.debitIn(em, debit);
  const credited = await coins.creditIn(em, credit);
  return gift ? paid.balance : credited.balance;
}

/** One of a limited stock: still on sale, some left (a conditional update). */
const TAKE_ONE = new PreparedQuery<{ itemId: string }, { id: string }>('store.purchase.take_one', (param) =>
  storeWriter
    .updateTable('store_items')
    .set((eb) => ({ stock: eb('stock', '-', 1) }))
    .where('id', '=', param('itemId'))
    .where('on_sale', '=', true)
    .where('stock', '>', 0)
    .returning('id'),
);

/** One of a limited stock: of many buyers at once only as many as there are get one. */
async function takeOne(em: Em, itemId: string): Promise<void> {
  const taken = await TAKE_ONE.runIn(em, { itemId });
  if (taken.length === 0) throw refusals.soldOut();
}

/** The purchase row. */
const RECORD = new PreparedQuery<
  {
    id: string;
    itemId: string;
    buyerId: string;
    recipientId: string;
    itemName: string;
    price: number;
    status: PurchaseStatus;
    endsAt: Date | null;
    at: Date;
  },
  never
>('store.purchase.record', (param) =>
  storeWriter.insertInto('store_purchases').values({
    id: param('id'),
    item_id: param('itemId'),
    buyer_id: param('buyerId'),
    recipient_id: param('recipientId'),
    item_name: param('itemName'),
    price: param('price'),
    status: param('status'),
    ends_at: param('endsAt'),
    created_at: param('at'),
  }),
);
