import type { FilterQuery } from '@mikro-orm/core';
import { type AuditActor, type AuditLog, nameOf } from '../../core/audit/service.ts';
import { UserSchema } from '../../core/auth/entities.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import { PreparedStatement, runPrepared } from '../../core/db/prepared.ts';
import { DomainError } from '../../core/errors.ts';
import type { EventBus } from '../../core/events.ts';
import { newId } from '../../core/ids.ts';
import { isBanActive } from '../../core/shared/ban.ts';
import { isId } from '../../core/shared/ids.ts';
import type {} from '../notifications/index.ts'; // the events it declares
import { type StorePurchase, StorePurchaseSchema } from './entities.ts';
import { type GrantService, reasonOf } from './grants.ts';
import type {
  PurchaseBody,
  PurchaseResponse,
  PurchaseStatus,
  PurchaseView,
  RecipientView,
  StorePerson,
} from './item-schemas.ts';
import { asDomainError } from './refusals.ts';
import { MAX_COINS } from './schemas.ts';

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
  grants: GrantService;
  now: () => number;
}

/**
 * Buying an item, for oneself or as a gift (docs/store.md, "Purchases"): ONE statement, `store_purchase` (the store's
 * migration), atomic by itself: the item's checks, the per-user limit (counted under the recipient's row lock), the
 * debit (a conditional update), the grant and the stock (a conditional update, last, so the item's row is held for
 * as little as possible). A gift reads its recipient first. Custom rewards wait for staff to fulfil them.
 */
export class StorePurchases {
  readonly #deps: PurchaseDeps;

  constructor(deps: PurchaseDeps) {
    this.#deps = deps;
  }

  async purchase(buyer: Person, body: PurchaseBody): Promise<PurchaseResponse> {
    const { orm, grants, events } = this.#deps;
    const giftTo = body.giftUserID ?? null;
    if (giftTo === buyer.id)
      throw new DomainError('bad_request', 'You cannot send a gift to yourself: buy it without the gift option.');
    const now = new Date(this.#deps.now());
    // Not in a transaction: the function's one statement is its own.
    const em = orm.em.fork();
    const recipient = giftTo ? await this.#giftRecipient(em, giftTo) : buyer;
    const gift = recipient.id !== buyer.id;
    const id = newId(now.getTime());
    const row = await runPrepared<PurchaseRow>(orm, em, STORE_PURCHASE, [
      ...[id, body.id, buyer.id, recipient.id, nameOf(buyer), gift ? nameOf(recipient) : null, now, MAX_COINS],
      // The ids of what it may write beside the purchase (the debit, the coins credited, the grant, its rank history
      // entry) and that entry's reason.
      ...[newId(), newId(), newId(), newId(), reasonOf({ source: 'purchase', sourceRef: id })],
    ]).then(
      ([answer]) => answer!,
      (error: unknown) => {
        throw asDomainError(error, refusals(recipient, gift));
      },
    );
    const purchase: PurchaseView = {
      id,
      itemID: body.id,
      itemName: row.item_name,
      price: Number(row.price),
      buyer: person(buyer),
      recipient: person(recipient),
      gift,
      status: row.status,
      endsAt: row.ends_at ? new Date(row.ends_at).toISOString() : null,
      createdAt: now.toISOString(),
      fulfilledAt: null,
    };
    if (row.changed) grants.announce(recipient.id);
    if (gift) {
      events.publish('notice', {
        userId: recipient.id,
        ref: `store:gift:${purchase.id}`,
        kind: 'store.gift',
        text: `${nameOf(buyer)} sent you a gift from the store: ${purchase.itemName}.`,
        link: '/store',
      });
    }
    return { purchased: purchase, balance: Number(row.balance) };
  }

  /** A gift's recipient, by exact ID or exact username (any case): ID, name and avatar only. */
  async findRecipient(query: string): Promise<RecipientView> {
    const em = this.#deps.orm.em.fork();
    const byId = isId(query)
      ? await em.findOne(UserSchema, { id: query }, { fields: ['id', 'username', 'displayName', 'avatar'] })
      : null;
    const [named] = byId
      ? []
      : await em.execute<{ id: string }[]>(`select id from users where lower(username) = lower(?) limit 1`, [query]);
    const user =
      byId ??
      (named
        ? await em.findOne(UserSchema, { id: named.id }, { fields: ['id', 'username', 'displayName', 'avatar'] })
        : null);
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
      const changed = await em.nativeUpdate(
        StorePurchaseSchema,
        { id, status: 'awaiting' },
        { status: 'fulfilled', fulfilledAt: now, fulfilledBy: actor.id },
      );
      const purchase = await em.findOne(StorePurchaseSchema, { id }, { populate: ['recipient'], refresh: true });
      if (!purchase) throw new DomainError('not_found', 'Purchase not found');
      if (changed === 0)
        throw new DomainError(
          'conflict',
          purchase.status === 'fulfilled'
            ? 'This purchase was already fulfilled.'
            : 'Only a custom reward is fulfilled by staff.',
        );
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
    const rows = await this.#deps.orm.em.fork().find(StorePurchaseSchema, where, {
      populate: ['buyer', 'recipient'],
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit,
    });
    return rows.map((row) => toView(row, row.buyer, row.recipient));
  }

  /** Known, and neither banned nor on the order blacklist: one read, before the purchase's statement. */
  async #giftRecipient(em: Em, id: string): Promise<Person> {
    const [row] = await em.execute<RecipientRow[]>(
      `select u."id", u."username", u."display_name", u."avatar", u."ban_active", u."ban_expires", coalesce(b."active", false) as "blacklisted"
       from "users" u left join "blacklist" b on b."user_id" = u."id" where u."id" = ?`,
      [id],
    );
    if (!row) throw new DomainError('not_found', 'Nobody has that ID: check who the gift is for.');
    const user: Person = { id: row.id, username: row.username, displayName: row.display_name, avatar: row.avatar };
    if (isBanActive({ active: row.ban_active, reason: null, expires: row.ban_expires }, new Date(this.#deps.now())))
      throw new DomainError('conflict', `${nameOf(user)} is banned and cannot receive gifts.`);
    if (row.blacklisted) throw new DomainError('conflict', `${nameOf(user)} is blacklisted and cannot receive gifts.`);
    return user;
  }
}

/** A gift's recipient as the purchase reads them. */
interface RecipientRow {
  id: string;
  username: string;
  display_name: string | null;
  avatar: string | null;
  ban_active: boolean;
  ban_expires: Date | string | null;
  blacklisted: boolean;
}

/** The purchase, prepared once per connection on PostgreSQL (core/db/prepared.ts). */
const STORE_PURCHASE = new PreparedStatement(
  'store.purchase',
  `select "balance", "ends_at", "status", "item_name", "price", "changed" from "store_purchase"(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
);

/** What store_purchase answers. */
interface PurchaseRow {
  balance: number;
  ends_at: Date | string | null;
  status: PurchaseStatus;
  item_name: string;
  price: number;
  changed: boolean;
}

/** store_purchase's own refusals (coin_apply's and grant_apply's are shared: refusals.ts). */
function refusals(recipient: Person, gift: boolean) {
  return {
    item_not_found: () => new DomainError('not_found', 'Store item not found'),
    not_on_sale: () => new DomainError('conflict', 'This item is not on sale.'),
    sold_out: () => new DomainError('conflict', 'This item is sold out.'),
    limit: ({ limit }: Record<string, unknown>) => {
      const most = `${Number(limit)} of this item`;
      return new DomainError(
        'conflict',
        gift
          ? `${nameOf(recipient)} already has ${most}, the most one user may get.`
          : `You already have ${most}, the most one user may get.`,
        { limit },
      );
    },
  };
}
