import type { FilterQuery } from '@mikro-orm/core';
import { nameOf, type AuditActor, type AuditLog } from '../../core/audit/service.ts';
import { UserSchema } from '../../core/auth/entities.ts';
import { lockName } from '../../core/db/locks.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import { DomainError } from '../../core/errors.ts';
import type { EventBus } from '../../core/events.ts';
import { newId } from '../../core/ids.ts';
import { isBanActive } from '../../core/shared/ban.ts';
import '../notifications/events.ts';
import { BlacklistSchema } from '../users/entities.ts';
import { StorePurchaseSchema, type StoreItem, type StorePurchase } from './entities.ts';
import type { GrantService } from './grants.ts';
import type { PurchaseBody, PurchaseResponse, PurchaseStatus, PurchaseView, RecipientView, StorePerson } from './item-schemas.ts';
import type { CoinLedger } from './ledger.ts';


type Person = { id: string; username: string; displayName?: string | null; avatar?: string | null };

const person = (user: Person): StorePerson => ({ id: user.id, name: nameOf(user), avatar: user.avatar ?? null });

function toView(purchase: StorePurchase, buyer: Person, recipient: Person): PurchaseView {
  return {
    id: purchase.id,
    itemID: purchase.item.id,
    itemName: purchase.itemName,
    price: purchase.price,
    buyer: person(buyer),
    recipient: person(recipient),
    gift: buyer.id !== recipient.id,
    status: purchase.status,
    endsAt: purchase.endsAt ? purchase.endsAt.toISOString() : null,
    createdAt: purchase.createdAt.toISOString(),
    fulfilledAt: purchase.fulfilledAt ? purchase.fulfilledAt.toISOString() : null,
  };
}

export interface PurchaseDeps {
  orm: Orm;
  events: EventBus;
  audit: AuditLog;
  coins: CoinLedger;
  grants: GrantService;
  now: () => number;
}

/**
 * Buying an item, for oneself or as a gift (docs/store.md, "Purchases"): in ONE transaction the checks, the debit
 * (a conditional update), the per-user limit (counted under a lock on the item and the recipient), the grant and the
 * stock (a conditional update, last, so the item's row is held for as little as possible). Custom rewards wait for
 * staff to fulfil them.
 */
export class StorePurchases {
  readonly #deps: PurchaseDeps;

  constructor(deps: PurchaseDeps) {
    this.#deps = deps;
  }

  async purchase(buyer: Person, body: PurchaseBody): Promise<PurchaseResponse> {
    const { orm, coins, grants, events } = this.#deps;
    const giftTo = body.giftUserID ?? null;
    if (giftTo === buyer.id) throw new DomainError('bad_request', 'You cannot send a gift to yourself: buy it without the gift option.');
    const now = new Date(this.#deps.now());
    const outcome = await orm.em.fork().transactional(async (em) => {
      const [item] = await em.execute<ItemRow[]>(
        `select "id", "name", "price", "grant_kind", "grant_value", "grant_days", "grant_coins", "stock", "per_user_limit", "on_sale" from "store_items" where "id" = ?`,
        [body.id],
      );
      if (!item) throw new DomainError('not_found', 'Store item not found');
      if (!item.on_sale) throw new DomainError('conflict', 'This item is not on sale.');
      if (item.stock === 0) throw soldOut();
      const recipient = giftTo ? await this.#giftRecipient(em, giftTo) : buyer;
      const gift = recipient.id !== buyer.id;
      if (item.per_user_limit) await assertUnderLimit(em, item, recipient, gift);

      const id = newId(now.getTime());
      const reference = `purchase:${id}`;
      const debit = () =>
        coins.debitIn(em, { userId: buyer.id, amount: item.price, kind: gift ? 'GIFT_SENT' : 'PURCHASE', reference, reason: gift ? `${item.name}, a gift for ${nameOf(recipient)}` : item.name });
      const credit = () =>
        coins.creditIn(em, { userId: recipient.id, amount: item.grant_coins!, kind: gift ? 'GIFT_RECEIVED' : 'REWARD', reference: `${reference}:coins`, reason: gift ? `${item.name}, a gift from ${nameOf(buyer)}` : item.name });
      let balance: number;
      if (item.grant_kind !== 'coins') balance = (await debit()).balance;
      else if (gift && recipient.id < buyer.id) {
        // Two wallets: always in the order of their ids, so two gifts of coins between the same two users never wait on each other in a circle.
        await credit();
        balance = (await debit()).balance;
      } else {
        balance = (await debit()).balance;
        const credited = await credit();
        if (!gift) balance = credited.balance;
      }

      let changed = false;
      if (item.grant_kind === 'perk' || item.grant_kind === 'rank') {
        // A timed grant bought again runs on from the end of the one the user holds (worked out under their lock).
        const endsAt = item.grant_days ? { daysAfterLatest: item.grant_days } : null;
        changed = await grants.grantIn(em, { userId: recipient.id, kind: item.grant_kind, value: item.grant_value!, source: 'purchase', sourceRef: id, endsAt });
      }
      const status: PurchaseStatus = item.grant_kind === 'custom' ? 'awaiting' : 'granted';
      // The purchase row, with the stock's one conditional update when the stock is counted (last, so the item's row
      // is held for as little as possible): of many buyers at once, only as many as there are items get past it.
      const stock = item.stock === null ? '' : `with "taken" as (update "store_items" set "stock" = "stock" - 1 where "id" = ? and "on_sale" and "stock" > 0 returning "id") `;
      const rows = await em.execute<{ ends_at: Date | null }[]>(
        `${stock}insert into "store_purchases" ("id", "item_id", "buyer_id", "recipient_id", "item_name", "price", "status", "ends_at", "created_at")
         select ?, ?, ?, ?, ?, ?, ?, (select "ends_at" from "grants" where "user_id" = ? and "source" = 'purchase' and "source_ref" = ? and "ended_at" is null), ?
         ${stock ? 'from "taken"' : ''} returning "ends_at"`,
        [...(stock ? [item.id] : []), id, item.id, buyer.id, recipient.id, item.name, item.price, status, recipient.id, id, now],
      );
      if (rows.length === 0) throw soldOut();
      const endsAt = rows[0]!.ends_at ? new Date(rows[0]!.ends_at) : null;
      const purchase: PurchaseView = {
        id,
        itemID: item.id,
        itemName: item.name,
        price: item.price,
        buyer: person(buyer),
        recipient: person(recipient),
        gift,
        status,
        endsAt: endsAt ? endsAt.toISOString() : null,
        createdAt: now.toISOString(),
        fulfilledAt: null,
      };
      return { purchase, recipient, gift, changed, balance };
    });
    const { purchase, recipient, gift, changed, balance } = outcome;
    if (changed) grants.announce(recipient.id);
    if (gift) {
      events.publish('notice', {
        userId: recipient.id,
        ref: `store:gift:${purchase.id}`,
        kind: 'store.gift',
        text: `${nameOf(buyer)} sent you a gift from the store: ${purchase.itemName}.`,
        link: '/store',
      });
    }
    return { purchased: purchase, balance };
  }

  /** A gift's recipient, by exact ID or exact username (any case): ID, name and avatar only. */
  async findRecipient(query: string): Promise<RecipientView> {
    const em = this.#deps.orm.em.fork();
    const byId = /^\d{16,20}$/.test(query) ? await em.findOne(UserSchema, { id: query }, { fields: ['id', 'username', 'displayName', 'avatar'] }) : null;
    const [named] = byId ? [] : await em.execute<{ id: string }[]>(`select id from users where lower(username) = lower(?) limit 1`, [query]);
    const user = byId ?? (named ? await em.findOne(UserSchema, { id: named.id }, { fields: ['id', 'username', 'displayName', 'avatar'] }) : null);
    if (!user) throw new DomainError('not_found', 'Nobody has that ID or username.');
    return person(user);
  }

  /** What the user received (bought or was given), newest first: "Your items" on /store. */
  async receivedBy(userId: string, limit = 20): Promise<PurchaseView[]> {
    return this.#list({ recipient: userId }, limit);
  }

  /** The store screen's list of purchases in one status (custom rewards awaiting fulfilment first of all). */
  async withStatus(status: PurchaseStatus, limit = 100): Promise<PurchaseView[]> {
    return this.#list({ status }, limit);
  }

  /** Staff handed a custom reward over: awaiting → fulfilled, once (a conditional update). */
  async fulfil(actor: AuditActor, id: string): Promise<PurchaseView> {
    const { orm, audit, events } = this.#deps;
    const now = new Date(this.#deps.now());
    const purchase = await orm.em.fork().transactional(async (em) => {
      const changed = await em.nativeUpdate(StorePurchaseSchema, { id, status: 'awaiting' }, { status: 'fulfilled', fulfilledAt: now, fulfilledBy: actor.id });
      const purchase = await em.findOne(StorePurchaseSchema, { id }, { populate: ['recipient'], refresh: true });
      if (!purchase) throw new DomainError('not_found', 'Purchase not found');
      if (changed === 0) throw new DomainError('conflict', purchase.status === 'fulfilled' ? 'This purchase was already fulfilled.' : 'Only a custom reward is fulfilled by staff.');
      await audit.record(em, {
        actor,
        action: 'settings.store.fulfil',
        target: { type: 'storePurchase', id, name: `${purchase.itemName} for ${nameOf(purchase.recipient)}` },
        before: { status: 'awaiting' },
        after: { status: 'fulfilled' },
      });
      return purchase;
    });
    events.publish('notice', {
      userId: purchase.recipient.id,
      ref: `store:fulfilled:${id}`,
      kind: 'store.fulfilled',
      text: `Your ${purchase.itemName} from the store has been handed over. Enjoy!`,
      link: '/store',
    });
    const [view] = await this.#list({ id }, 1);
    return view!;
  }

  async #list(where: FilterQuery<StorePurchase>, limit: number): Promise<PurchaseView[]> {
    const rows = await this.#deps.orm.em
      .fork()
      .find(StorePurchaseSchema, where, { populate: ['buyer', 'recipient'], orderBy: { createdAt: 'desc', id: 'desc' }, limit });
    return rows.map((row) => toView(row, row.buyer, row.recipient));
  }

  /** Known, and neither banned nor on the order blacklist. */
  async #giftRecipient(em: Em, id: string): Promise<Person> {
    const user = await em.findOne(UserSchema, { id }, { fields: ['id', 'username', 'displayName', 'avatar', 'ban'] });
    if (!user) throw new DomainError('not_found', 'Nobody has that ID: check who the gift is for.');
    if (isBanActive({ active: user.ban.active, reason: null, expires: user.ban.expires ?? null }, new Date(this.#deps.now()))) throw new DomainError('conflict', `${nameOf(user)} is banned and cannot receive gifts.`);
    const blacklist = await em.findOne(BlacklistSchema, { user: id }, { fields: ['active'] });
    if (blacklist?.active) throw new DomainError('conflict', `${nameOf(user)} is blacklisted and cannot receive gifts.`);
    return user;
  }
}

/** The item as the purchase reads it: plain SQL, the hot path. */
interface ItemRow {
  id: string;
  name: string;
  price: number;
  grant_kind: StoreItem['grantKind'];
  grant_value: string | null;
  grant_days: number | null;
  grant_coins: number | null;
  stock: number | null;
  per_user_limit: number | null;
  on_sale: boolean;
}

const soldOut = () => new DomainError('conflict', 'This item is sold out.');

/** Counted under a lock on (item, recipient): two purchases for the same user at once count one after the other. */
async function assertUnderLimit(em: Em, item: ItemRow, recipient: Person, gift: boolean): Promise<void> {
  await lockName(em, `store:limit:${item.id}:${recipient.id}`);
  const [row] = await em.execute<{ n: string | number }[]>(`select count(*) as n from store_purchases where item_id = ? and recipient_id = ?`, [item.id, recipient.id]);
  const limit = item.per_user_limit!;
  if (Number(row?.n ?? 0) < limit) return;
  const most = `${limit} of this item`;
  throw new DomainError('conflict', gift ? `${nameOf(recipient)} already has ${most}, the most one user may get.` : `You already have ${most}, the most one user may get.`, { limit });
}
