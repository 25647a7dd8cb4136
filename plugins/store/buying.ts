import { nameOf } from '../../core/audit/service.ts';
import { UserSchema } from '../../core/auth/entities.ts';
import { lockRow } from '../../core/db/locks.ts';
import type { Em } from '../../core/db/orm.ts';
import { StorePurchaseSchema } from './entities.ts';
import type { GrantService } from './grants.ts';
import type { PurchaseStatus } from './item-schemas.ts';
import type { CoinChange, CoinLedger } from './ledger.ts';
import { refusals } from './refusals.ts';
import { storeSql } from './sql.ts';

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
 * A purchase inside the caller's transaction (docs/store.md, "Purchases"). In order: the item's checks; the
 * recipient's row lock when the item has a per-user limit or grants a perk or rank (taken before any wallet's, as
 * every unit of work that takes both does), and the limit counted under it; the coins (conditional debit); the
 * grant; last the stock's conditional decrement, which locks the item's row for as little as possible, and the
 * purchase row. A refusal is thrown: the transaction rolls back everything written before it.
 */
export async function buyIn(em: Em, order: PurchaseOrder, deps: BuyingDeps): Promise<Bought> {
  const item = await itemFor(em, order.itemId);
  if (!item) throw refusals.itemNotFound();
  if (!item.onSale) throw refusals.notOnSale();
  if (item.stock === 0) throw refusals.soldOut();
  const grantKind = item.grantKind === 'perk' || item.grantKind === 'rank' ? item.grantKind : null;
  if (item.perUserLimit != null || grantKind) {
    if (!(await lockRow(em, UserSchema, order.recipient.id))) throw refusals.noUser();
  }
  if (item.perUserLimit != null) await checkLimit(em, item, order);
  const balance = await pay(em, deps.coins, item, order);
  const granted = grantKind
    ? await deps.grants.grantLockedIn(em, {
        userId: order.recipient.id,
        kind: grantKind,
        value: item.grantValue!,
        source: 'purchase',
        sourceRef: order.id,
        endsAt: item.grantDays == null ? null : { daysAfterLatest: item.grantDays },
      })
    : { changed: false, endsAt: null };
  if (item.stock != null) await takeOne(em, item.id);
  const status: PurchaseStatus = item.grantKind === 'custom' ? 'awaiting' : 'granted';
  await storeSql(em)
    .insertInto('store_purchases')
    .values({
      id: order.id,
      item_id: item.id,
      buyer_id: order.buyer.id,
      recipient_id: order.recipient.id,
      item_name: item.name,
      price: item.price,
      status,
      ends_at: granted.endsAt,
      created_at: order.now,
    })
    .execute();
  return { itemName: item.name, price: item.price, status, endsAt: granted.endsAt, balance, changed: granted.changed };
}

/** What a purchase reads of the item (null: no such item). */
function itemFor(em: Em, id: string) {
  return storeSql(em)
    .selectFrom('store_items')
    .select([
      'id',
      'name',
      'price',
      'on_sale as onSale',
      'stock',
      'per_user_limit as perUserLimit',
      'grant_kind as grantKind',
      'grant_value as grantValue',
      'grant_days as grantDays',
      'grant_coins as grantCoins',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}
type ItemForSale = NonNullable<Awaited<ReturnType<typeof itemFor>>>;

/** The purchases of this item the recipient received, counted under the recipient's row lock. */
async function checkLimit(em: Em, item: ItemForSale, order: PurchaseOrder): Promise<void> {
  const received = await em.count(StorePurchaseSchema, { item: item.id, recipient: order.recipient.id });
  const gift = order.recipient.id !== order.buyer.id;
  if (received >= item.perUserLimit!) throw refusals.limit(item.perUserLimit!, gift ? nameOf(order.recipient) : null);
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

/** One of a limited stock: a conditional update (still on sale, some left), so of many buyers at once only as many as there are get one. */
async function takeOne(em: Em, itemId: string): Promise<void> {
  const taken = await storeSql(em)
    .updateTable('store_items')
    .set((eb) => ({ stock: eb('stock', '-', 1) }))
    .where('id', '=', itemId)
    .where('on_sale', '=', true)
    .where('stock', '>', 0)
    .executeTakeFirst();
  if (taken.numUpdatedRows === 0n) throw refusals.soldOut();
}
