import { type AuditActor, type AuditLog, changedFields } from '../../core/audit/service.ts';
import { isForeignKeyViolation } from '../../core/db/errors.ts';
import { lockRow } from '../../core/db/locks.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { ranksByIdIn } from '../ranks/index.ts';
import { type StoreItem, StoreItemSchema } from './entities.ts';
import { storeText } from './i18n/index.ts';
import { refusals } from './refusals.ts';
import {
  type AdminStoreItemView,
  type CreateItemBody,
  ITEM_STOCK_MAX,
  type ItemGrant,
  type ItemGrantView,
  type StoreItemView,
  type UpdateItemBody,
} from './schemas.ts';
import { storeSql } from './sql.ts';

type GrantColumns = Pick<StoreItem, 'grantKind' | 'grantValue' | 'grantDays' | 'grantCoins'>;

function grantColumns(grant: ItemGrant): GrantColumns {
  switch (grant.kind) {
    case 'perk':
      return { grantKind: 'perk', grantValue: grant.perk!, grantDays: grant.days ?? null, grantCoins: null };
    case 'rank':
      return { grantKind: 'rank', grantValue: grant.rankID!, grantDays: grant.days ?? null, grantCoins: null };
    case 'coins':
      return { grantKind: 'coins', grantValue: null, grantDays: null, grantCoins: grant.coins! };
    default:
      return { grantKind: 'custom', grantValue: null, grantDays: null, grantCoins: null };
  }
}

export function grantView(item: GrantColumns, rankNames: ReadonlyMap<string, string>): ItemGrantView {
  switch (item.grantKind) {
    case 'perk':
      return { kind: 'perk', perk: item.grantValue ?? '', days: item.grantDays ?? null };
    case 'rank':
      return {
        kind: 'rank',
        rankID: item.grantValue ?? '',
        rankName: rankNames.get(item.grantValue ?? '') ?? null,
        days: item.grantDays ?? null,
      };
    case 'coins':
      return { kind: 'coins', coins: item.grantCoins ?? 0 };
    default:
      return { kind: 'custom' };
  }
}

function toView(item: StoreItem, rankNames: ReadonlyMap<string, string>): StoreItemView {
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    picture: item.picture ?? null,
    price: item.price,
    grant: grantView(item, rankNames),
    stock: item.stock ?? null,
    perUserLimit: item.perUserLimit ?? null,
    onSale: item.onSale,
  };
}

/** What the audit log keeps of an item: its fields, the grant flattened. */
function auditFields(item: StoreItem): Record<string, unknown> {
  return {
    name: item.name,
    description: item.description,
    picture: item.picture ?? null,
    price: item.price,
    grantKind: item.grantKind,
    grantValue: item.grantValue ?? null,
    grantDays: item.grantDays ?? null,
    grantCoins: item.grantCoins ?? null,
    stock: item.stock ?? null,
    perUserLimit: item.perUserLimit ?? null,
    onSale: item.onSale,
  };
}

export interface StoreItemsDeps extends Pick<ServiceKernel, 'orm' | 'audit' | 'now'> {}

/**
 * The store's items (docs/store.md, "Items"): customers see those on sale; managers (MANAGE_SETTINGS) create, edit,
 * take off sale, restock and delete an item nobody bought. Every write records itself in the audit log.
 */
export class StoreItems {
  readonly #orm: Orm;
  readonly #audit: AuditLog;
  readonly #now: () => number;

  constructor({ orm, audit, now }: StoreItemsDeps) {
    this.#orm = orm;
    this.#audit = audit;
    this.#now = now;
  }

  /** On sale, cheapest first. */
  async onSale(): Promise<StoreItemView[]> {
    const em = this.#orm.em.fork();
    const items = await em.find(StoreItemSchema, { onSale: true }, { orderBy: { price: 'asc', name: 'asc' } });
    const names = await rankNames(em, items);
    return items.map((item) => toView(item, names));
  }

  /** Every item, on sale first, with how many were bought. */
  async all(): Promise<AdminStoreItemView[]> {
    const em = this.#orm.em.fork();
    const items = await em.find(StoreItemSchema, {}, { orderBy: { onSale: 'desc', price: 'asc', name: 'asc' } });
    const names = await rankNames(em, items);
    const counts = await storeSql(em)
      .selectFrom('store_purchases')
      .select((eb) => ['item_id', eb.fn.countAll<number | string>().as('sold')])
      .groupBy('item_id')
      .execute();
    const sold = new Map(counts.map((c) => [c.item_id, Number(c.sold)]));
    return items.map((item) => ({
      ...toView(item, names),
      sold: sold.get(item.id) ?? 0,
      createdAt: item.createdAt.toISOString(),
      updatedAt: item.updatedAt.toISOString(),
    }));
  }

  async get(id: string): Promise<StoreItemView> {
    const em = this.#orm.em.fork();
    const item = await em.findOne(StoreItemSchema, { id });
    if (!item) throw refusals.itemNotFound();
    return toView(item, await rankNames(em, [item]));
  }

  async create(actor: AuditActor, input: CreateItemBody): Promise<StoreItemView> {
    const now = new Date(this.#now());
    const item = await this.#orm.em.fork().transactional(async (em) => {
      await assertGrantable(em, input.grant);
      const { grant, ...fields } = input;
      const item = em.create(StoreItemSchema, { ...fields, ...grantColumns(grant), createdAt: now, updatedAt: now });
      await em.flush();
      await this.#audit.record(em, {
        actor,
        action: 'settings.store.create',
        target: target(item),
        before: null,
        after: auditFields(item),
      });
      return item;
    });
    return this.get(item.id);
  }

  async update(actor: AuditActor, id: string, input: UpdateItemBody): Promise<StoreItemView> {
    await this.#orm.em.fork().transactional(async (em) => {
      const item = await this.#locked(em, id);
      const before = auditFields(item);
      const { grant, ...fields } = input;
      if (grant) {
        await assertGrantable(em, grant);
        em.assign(item, grantColumns(grant));
      }
      em.assign(item, { ...fields, updatedAt: new Date(this.#now()) });
      const changed = changedFields(before, auditFields(item));
      if (Object.keys(changed.after).length === 0) return;
      await this.#audit.record(em, { actor, action: 'settings.store.update', target: target(item), ...changed });
    });
    return this.get(id);
  }

  /** Adds to a counted stock in one statement, so purchases taking from it at the same time lose nothing. */
  async restock(actor: AuditActor, id: string, add: number): Promise<StoreItemView> {
    await this.#orm.em.fork().transactional(async (em) => {
      const item = await this.#locked(em, id);
      if (item.stock === null || item.stock === undefined)
        throw localizedError(storeText, 'conflict', 'refusal.unlimitedStock');
      const before = item.stock;
      const restocked = await storeSql(em)
        .updateTable('store_items')
        .set((eb) => ({ stock: eb('stock', '+', add), updated_at: new Date(this.#now()) }))
        .where('id', '=', id)
        .where((eb) => eb(eb('stock', '+', add), '<=', ITEM_STOCK_MAX))
        .returning('stock')
        .executeTakeFirst();
      if (!restocked) throw localizedError(storeText, 'conflict', 'refusal.stockTooHigh', { max: ITEM_STOCK_MAX });
      await this.#audit.record(em, {
        actor,
        action: 'settings.store.restock',
        target: target(item),
        before: { stock: before },
        after: { stock: Number(restocked.stock) },
      });
    });
    return this.get(id);
  }

  /** Only an item nobody ever bought: one that was bought is taken off sale instead (its purchases point at it). */
  async delete(actor: AuditActor, id: string): Promise<void> {
    try {
      await this.#orm.em.fork().transactional(async (em) => {
        const item = await this.#locked(em, id);
        const db = storeSql(em);
        const bought = await db.selectFrom('store_purchases').select('id').where('item_id', '=', id).limit(1).execute();
        if (bought.length) throw boughtError();
        await db.deleteFrom('store_items').where('id', '=', id).execute();
        await this.#audit.record(em, {
          actor,
          action: 'settings.store.delete',
          target: target(item),
          before: auditFields(item),
          after: null,
        });
      });
    } catch (error) {
      // A purchase that committed between the check and the delete: the foreign key refuses it.
      if (isForeignKeyViolation(error)) throw boughtError();
      throw error;
    }
  }

  async #locked(em: Em, id: string): Promise<StoreItem> {
    if (!(await lockRow(em, StoreItemSchema, id))) throw refusals.itemNotFound();
    return em.findOneOrFail(StoreItemSchema, { id }, { refresh: true });
  }
}

const boughtError = () => localizedError(storeText, 'conflict', 'refusal.bought');

const target = (item: StoreItem) => ({ type: 'storeItem' as const, id: item.id, name: item.name });

/** A rank grant names a rank that exists. Perks are checked by the schema (known perks only). */
async function assertGrantable(em: Em, grant: ItemGrant): Promise<void> {
  if (grant.kind !== 'rank') return;
  if ((await ranksByIdIn(em, [grant.rankID!])).length === 0)
    throw localizedError(storeText, 'bad_request', 'refusal.noSuchRank');
}

async function rankNames(em: Em, items: readonly GrantColumns[]): Promise<Map<string, string>> {
  const ids = [...new Set(items.filter((i) => i.grantKind === 'rank' && i.grantValue).map((i) => i.grantValue!))];
  const ranks = await ranksByIdIn(em, ids);
  return new Map(ranks.map((r) => [r.id, r.name]));
}
