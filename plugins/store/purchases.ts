import type { FilterQuery } from '@mikro-orm/core';
import { type AuditActor, nameOf } from '../../core/audit/service.ts';
import { UserSchema } from '../../core/auth/entities.ts';
import type { Em } from '../../core/db/orm.ts';
import { localizedError, textInEveryLocale } from '../../core/i18n/catalogue.ts';
import { newId } from '../../core/ids.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { isBanActive } from '../../core/shared/ban.ts';
import { isId } from '../../core/shared/ids.ts';
import type {} from '../notifications/index.ts'; // the events it declares
import type { UserAdminService } from '../users/index.ts';
import { buyIn, type Person } from './buying.ts';
import { type StorePurchase, StorePurchaseSchema } from './entities.ts';
import type { GrantService } from './grants.ts';
import { storeText } from './i18n/index.ts';
import type { CoinLedger } from './ledger.ts';
import type {
  PurchaseBody,
  PurchaseResponse,
  PurchaseStatus,
  PurchaseView,
  RecipientView,
  StorePerson,
} from './schemas.ts';
import { storeSql } from './sql.ts';

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

export interface PurchaseDeps extends Pick<ServiceKernel, 'orm' | 'events' | 'audit' | 'now'> {
  coins: CoinLedger;
  grants: GrantService;
  /** The users plugin's order blacklist, read in the caller's transaction (UserAdminService.blacklistIn). */
  blacklist: Pick<UserAdminService, 'blacklistIn'>;
}

/**
 * Buying an item, for oneself or as a gift (docs/store.md, "Purchases"): one transaction (buying.ts) with the item's
 * checks, the per-user limit (counted under the recipient's row lock), the debit (a conditional update), the grant
 * and the stock (a conditional update, last, so the item's row is held for as little as possible). A gift reads its
 * recipient first, in the same transaction. Custom rewards wait for staff to fulfil them. What others hear (the
 * recipient's new perks or ranks, the gift's notice) is published after commit.
 */
export class StorePurchases {
  readonly #deps: PurchaseDeps;

  constructor(deps: PurchaseDeps) {
    this.#deps = deps;
  }

  async purchase(buyer: Person, body: PurchaseBody): Promise<PurchaseResponse> {
    const { orm, grants, events } = this.#deps;
    const giftTo = body.giftUserID ?? null;
    if (giftTo === buyer.id) throw localizedError(storeText, 'bad_request', 'refusal.giftToSelf');
    const now = new Date(this.#deps.now());
    const id = newId(now.getTime());
    const { recipient, bought } = await orm.em.fork().transactional(async (em) => {
      const recipient = giftTo ? await this.#giftRecipient(em, giftTo, now) : buyer;
      return { recipient, bought: await buyIn(em, { id, itemId: body.id, buyer, recipient, now }, this.#deps) };
    });
    const gift = recipient.id !== buyer.id;
    const purchase: PurchaseView = {
      id,
      itemID: body.id,
      itemName: bought.itemName,
      price: bought.price,
      buyer: person(buyer),
      recipient: person(recipient),
      gift,
      status: bought.status,
      endsAt: bought.endsAt ? bought.endsAt.toISOString() : null,
      createdAt: now.toISOString(),
      fulfilledAt: null,
    };
    if (bought.changed) grants.announce(recipient.id);
    if (gift) {
      events.publish('notice', {
        userId: recipient.id,
        ref: `store:gift:${purchase.id}`,
        kind: 'store.gift',
        ...textInEveryLocale(storeText, 'notice.gift', { buyer: nameOf(buyer), item: purchase.itemName }),
        link: '/store',
      });
    }
    return { purchased: purchase, balance: bought.balance };
  }

  /** A gift's recipient, by exact ID or exact username (any case): ID, name and avatar only. */
  async findRecipient(query: string): Promise<RecipientView> {
    const em = this.#deps.orm.em.fork();
    const byId = isId(query)
      ? await em.findOne(UserSchema, { id: query }, { fields: ['id', 'username', 'displayName', 'avatar'] })
      : null;
    const [named] = byId
      ? []
      : await storeSql(em)
          .selectFrom('users')
          .select('id')
          .where((eb) => eb(eb.fn('lower', ['username']), '=', eb.fn('lower', [eb.val(query)])))
          .limit(1)
          .execute();
    const user =
      byId ??
      (named
        ? await em.findOne(UserSchema, { id: named.id }, { fields: ['id', 'username', 'displayName', 'avatar'] })
        : null);
    if (!user) throw localizedError(storeText, 'not_found', 'refusal.nobodyByIdOrName');
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
      if (!purchase) throw localizedError(storeText, 'not_found', 'refusal.purchaseNotFound');
      if (changed === 0)
        throw localizedError(
          storeText,
          'conflict',
          purchase.status === 'fulfilled' ? 'refusal.alreadyFulfilled' : 'refusal.notCustomReward',
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
      ...textInEveryLocale(storeText, 'notice.fulfilled', { item: purchase.itemName }),
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

  /** Known, and neither banned nor on the order blacklist (the users plugin's), read in the purchase's transaction. */
  async #giftRecipient(em: Em, id: string, now: Date): Promise<Person> {
    const user = await em.findOne(UserSchema, { id }, { fields: ['id', 'username', 'displayName', 'avatar', 'ban'] });
    if (!user) throw localizedError(storeText, 'not_found', 'refusal.noRecipient');
    const recipient: Person = {
      id: user.id,
      username: user.username,
      displayName: user.displayName,
      avatar: user.avatar,
    };
    if (isBanActive({ active: user.ban.active, reason: null, expires: user.ban.expires ?? null }, now))
      throw localizedError(storeText, 'conflict', 'refusal.recipientBanned', { name: nameOf(recipient) });
    if ((await this.#deps.blacklist.blacklistIn(em, id))?.active)
      throw localizedError(storeText, 'conflict', 'refusal.recipientBlacklisted', { name: nameOf(recipient) });
    return recipient;
  }
}
