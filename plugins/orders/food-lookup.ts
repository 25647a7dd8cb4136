import type { InferKyselyDB } from '@mikro-orm/sql';
import { type Expression, type ExpressionBuilder, sql } from 'kysely';
import { type AuditActor, type AuditLog, changedFields } from '../../core/audit/service.ts';
import type { Config } from '../../core/config.ts';
import { lockRow } from '../../core/db/locks.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { type FoodLookupItem, FoodLookupItemSchema, FoodLookupQuerySchema, type OrderSchema } from './entities.ts';
import { ordersText } from './i18n/index.ts';
import { imageUrlRefusal } from './image-refusal.ts';
import type { FoodLookupCreateInput, FoodLookupItemView, FoodLookupUpdateInput, ImageSearchResult } from './schemas.ts';
import { iso } from './views.ts';

const MAX_RESULTS = 24;

function toView(item: FoodLookupItem): FoodLookupItemView {
  return {
    id: item.id,
    name: item.name,
    keywords: [...item.keywords],
    images: [...item.images],
    createdBy: item.createdBy ?? null,
    createdAt: iso(item.createdAt)!,
    updatedAt: iso(item.updatedAt)!,
  };
}

/** Lower-case words of 2+ letters or digits, at most 5: what a search matches on. */

export function searchTokens(query: string): string[] {
  return [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [])].slice(0, 5);
}

/** The food lookup's and the orders' tables as Kysely sees them, typed from the entities. */
type LookupDB = InferKyselyDB<typeof FoodLookupItemSchema | typeof OrderSchema>;
const lookupSql = (em: Em) => em.getKysely<LookupDB>();

/**
 * Any of the tokens inside any of the texts, lower-cased: `(lower(a) like '%t%' or …)`. Tokens are letters and
 * digits only (searchTokens), so none needs escaping for LIKE.
 */
function matchesAny<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  texts: Expression<string>[],
  tokens: string[],
) {
  return eb.or(tokens.flatMap((token) => texts.map((text) => eb(sql<string>`lower(${text})`, 'like', `%${token}%`))));
}

/** An item's name and its keywords as one text, for a search. */
const itemTexts = (eb: ExpressionBuilder<LookupDB, 'food_lookup_items'>) => [
  eb.ref('name'),
  sql<string>`array_to_string(${eb.ref('keywords')}, ' ')`,
];

/** An item as its audit entries keep it. */
const auditFields = (item: FoodLookupItem) => ({
  name: item.name,
  keywords: [...item.keywords],
  images: [...item.images],
});
const itemTarget = (item: FoodLookupItem) => ({ type: 'foodLookup' as const, id: item.id, name: item.name });

const score = (text: string, tokens: string[]) => tokens.filter((t) => text.toLowerCase().includes(t)).length;

export const FOOD_LOOKUP_SORTS = ['name', 'createdAt'] as const;
export interface FoodLookupPageState {
  page: number;
  pageSize: number;
  sort: (typeof FOOD_LOOKUP_SORTS)[number];
  order: 'asc' | 'desc';
}

export interface FoodLookupServiceDeps extends Pick<ServiceKernel, 'orm' | 'config' | 'audit' | 'now'> {}

/** The food lookup table (pictures chefs use when preparing), its search log, and the prepare dialog's image search. */
export class FoodLookupService {
  readonly #orm: Orm;
  readonly #config: Config;
  readonly #now: () => number;
  readonly #audit: AuditLog;

  constructor({ orm, config, audit, now }: FoodLookupServiceDeps) {
    this.#orm = orm;
    this.#config = config;
    this.#audit = audit;
    this.#now = now;
  }

  /** GET /api/client/orders/food-lookup: every item by name, or those matching `query`. */
  async list(query?: string): Promise<FoodLookupItemView[]> {
    const tokens = query ? searchTokens(query) : [];
    const em = this.#orm.em.fork();
    if (tokens.length === 0) {
      if (query) return [];
      return (await em.find(FoodLookupItemSchema, {}, { orderBy: { name: 'asc' }, limit: 500 })).map(toView);
    }
    const rows = await lookupSql(em)
      .selectFrom('food_lookup_items')
      .select('id')
      .where((eb) => matchesAny(eb, itemTexts(eb), tokens))
      .limit(200)
      .execute();
    const items = rows.length ? await em.find(FoodLookupItemSchema, { id: { $in: rows.map((r) => r.id) } }) : [];
    return items
      .map((item) => ({ item, score: score(`${item.name} ${item.keywords.join(' ')}`, tokens) }))
      .sort((a, b) => b.score - a.score || a.item.name.localeCompare(b.item.name))
      .map(({ item }) => toView(item));
  }

  /**
   * Food Lookup's page (the admin list pattern): a page of items and the total. Without a query: by name or newest
   * first, paged in the database. With one: by relevance, the best 200 matches paged here (a search never needs more).
   */
  async page(
    query: string | undefined,
    state: FoodLookupPageState,
  ): Promise<{ items: FoodLookupItemView[]; total: number }> {
    const offset = (state.page - 1) * state.pageSize;
    if (query) {
      const all = await this.list(query);
      return { items: all.slice(offset, offset + state.pageSize), total: all.length };
    }
    const orderBy =
      state.sort === 'createdAt'
        ? { createdAt: state.order, name: 'asc' as const }
        : { name: state.order, id: 'asc' as const };
    const [items, total] = await this.#orm.em
      .fork()
      .findAndCount(FoodLookupItemSchema, {}, { orderBy, limit: state.pageSize, offset });
    return { items: items.map(toView), total };
  }

  /** POST /api/client/orders/food-lookup: the same search, and the query goes to the log. */
  async search(userId: string, query: string): Promise<FoodLookupItemView[]> {
    await this.logQuery(userId, query);
    return this.list(query);
  }

  /** The specification's "log query": what staff searched for, and when. */
  async logQuery(userId: string, query: string): Promise<void> {
    const em = this.#orm.em.fork();
    em.create(FoodLookupQuerySchema, { query, user: userId, at: new Date(this.#now()) });
    await em.flush();
  }

  async recentQueries(limit = 50): Promise<{ query: string; user: string; at: string }[]> {
    const rows = await this.#orm.em.fork().find(FoodLookupQuerySchema, {}, { orderBy: { at: 'desc' }, limit });
    return rows.map((r) => ({ query: r.query, user: r.user, at: iso(r.at)! }));
  }

  async create(actor: AuditActor, input: FoodLookupCreateInput): Promise<FoodLookupItemView> {
    this.#checkImages(input.images);
    const item = await this.#orm.em.fork().transactional(async (em) => {
      const item = em.create(FoodLookupItemSchema, {
        name: input.name,
        keywords: [...new Set(input.keywords)],
        images: [...new Set(input.images)],
        createdBy: actor.id,
      });
      // Written first: the entry names the item by the id the insert gives it.
      await em.flush();
      await this.#audit.record(em, {
        actor,
        action: 'foodLookup.create',
        target: itemTarget(item),
        before: null,
        after: auditFields(item),
      });
      return item;
    });
    return toView(item);
  }

  async update(actor: AuditActor, id: string, input: FoodLookupUpdateInput): Promise<FoodLookupItemView> {
    if (input.images) this.#checkImages(input.images);
    const item = await this.#locked(id, async (em, item) => {
      const before = auditFields(item);
      const target = itemTarget(item);
      if (input.name !== undefined) item.name = input.name;
      if (input.keywords !== undefined) item.keywords = [...new Set(input.keywords)];
      if (input.images !== undefined) item.images = [...new Set(input.images)];
      await this.#audit.record(em, {
        actor,
        action: 'foodLookup.update',
        target,
        ...changedFields(before, auditFields(item)),
      });
      return item;
    });
    return toView(item);
  }

  /** Answers the item as it was removed; of two deletes at once the second finds nothing (404). */
  async delete(actor: AuditActor, id: string): Promise<FoodLookupItemView> {
    return this.#locked(id, async (em, item) => {
      const view = toView(item);
      await this.#audit.record(em, {
        actor,
        action: 'foodLookup.delete',
        target: itemTarget(item),
        before: auditFields(item),
        after: null,
      });
      await em.nativeDelete(FoodLookupItemSchema, { id });
      return view;
    });
  }

  /** One write to an item: a transaction with the item's row locked, so a change and a delete happen one after the other. */
  async #locked<T>(id: string, work: (em: Em, item: FoodLookupItem) => T | Promise<T>): Promise<T> {
    return this.#orm.em.fork().transactional(async (em) => {
      if (!(await lockRow(em, FoodLookupItemSchema, id)))
        throw localizedError(ordersText, 'not_found', 'refusal.foodItemNotFound');
      return work(em, await em.findOneOrFail(FoodLookupItemSchema, { id }));
    });
  }

  /** Which of these URLs are food lookup pictures (accepted as order images as they are). */
  async knownImages(urls: readonly string[]): Promise<Set<string>> {
    const known = new Set<string>();
    const em = this.#orm.em.fork();
    for (const url of new Set(urls)) {
      const row = await lookupSql(em)
        .selectFrom('food_lookup_items')
        .select('id')
        .where((eb) => eb(eb.val(url), '=', eb.fn.any('images')))
        .limit(1)
        .executeTakeFirst();
      if (row) known.add(url);
    }
    return known;
  }

  /**
   * POST /api/client/orders/images/search: pictures from the food lookup and from recently prepared orders, ranked
   * by how many words of the query they match (food lookup first on a tie), at most 24, each URL once.
   */
  async imageSearch(query: string): Promise<ImageSearchResult[]> {
    const tokens = searchTokens(query);
    if (tokens.length === 0) return [];
    const em = this.#orm.em.fork();
    const db = lookupSql(em);
    const items = await db
      .selectFrom('food_lookup_items')
      .select(['name', 'keywords', 'images'])
      .where((eb) => matchesAny(eb, itemTexts(eb), tokens))
      .limit(100)
      .execute();
    const prepared = await db
      .selectFrom('orders')
      .select(['item', 'images'])
      .where('prepare_started_at', 'is not', null)
      .where(sql<number>`cardinality(images)`, '>', 0)
      .where('status', '<>', 'DELETED')
      .where((eb) => matchesAny(eb, [eb.ref('item')], tokens))
      .orderBy('prepare_started_at', 'desc')
      .limit(200)
      .execute();
    const ranked: (ImageSearchResult & { score: number })[] = [];
    for (const item of items) {
      const s = score(`${item.name} ${item.keywords.join(' ')}`, tokens) + 0.5;
      for (const url of item.images) ranked.push({ url, label: item.name, source: 'food-lookup', score: s });
    }
    for (const order of prepared) {
      const s = score(order.item, tokens);
      for (const url of order.images) ranked.push({ url, label: order.item, source: 'order', score: s });
    }
    const seen = new Set<string>();
    return ranked
      .sort((a, b) => b.score - a.score)
      .filter((r) => !seen.has(r.url) && seen.add(r.url))
      .slice(0, MAX_RESULTS)
      .map(({ url, label, source }) => ({ url, label, source }));
  }

  #checkImages(images: readonly string[]): void {
    const hostUrl = this.#config.plugins.orders.images.hostUrl;
    const rules = { publicUrl: this.#config.publicUrl, imageHostOrigin: hostUrl ? new URL(hostUrl).origin : undefined };
    for (const url of images) {
      const refusal = imageUrlRefusal(url, rules);
      if (refusal) throw refusal;
    }
  }
}
