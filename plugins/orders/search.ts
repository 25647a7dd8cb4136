import { containsPattern } from '../../core/db/like.ts';
import type { Orm } from '../../core/db/orm.ts';
import type { OrderStatus, OrderView } from './schemas.ts';
import { ORDER_VIEW_SQL, toOrderView } from './views.ts';

/**
 * What Order Management filters by: a state, or one of the two views of a delivered order the site names apart
 * (site/lib/labels.ts): DELIVERED is then only what was delivered and neither reported nor undeliverable.
 */
export type OrderSearchStatus = OrderStatus | 'REPORTED' | 'DELIVERY_FAILED';
export const ORDER_SEARCH_SORTS = ['orderedAt', 'item'] as const;
export type OrderSearchSort = (typeof ORDER_SEARCH_SORTS)[number];

export interface OrderSearchFilter {
  /** Any state, the history included; absent: all. */
  status?: OrderSearchStatus;
  /** An orderID, or words of the item, or the customer's username or display name. */
  query?: string;
  /** 1-based. */
  page?: number;
  /** 1 to 100; default 50. */
  pageSize?: number;
  /** Default: newest first. */
  sort?: OrderSearchSort;
  order?: 'asc' | 'desc';
}

export interface OrderSearchResult {
  orders: OrderView[];
  total: number;
  page: number;
  pageSize: number;
}

export const ORDER_SEARCH_PAGE_SIZE = 50;

/** Order Management (SUPER_ADMIN): every order, newest first, filtered and paginated in the database. */
export class OrderSearch {
  readonly #orm: Orm;

  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async search(filter: OrderSearchFilter): Promise<OrderSearchResult> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.status === 'REPORTED') where.push('o.report = true');
    else if (filter.status === 'DELIVERY_FAILED') where.push('o.delivery_failed = true and not o.report');
    else if (filter.status) {
      where.push('o.status = ?');
      params.push(filter.status);
      if (filter.status === 'DELIVERED') where.push('not o.report and not o.delivery_failed');
    }
    const query = filter.query?.trim();
    if (query) {
      // LIKE metacharacters in what was typed match themselves.
      const like = containsPattern(query);
      where.push(`(o.order_code = ? or o.item ilike ? or cu.username ilike ? or cu.display_name ilike ?)`);
      params.push(query.toUpperCase(), like, like, like);
    }
    const clause = where.length ? `where ${where.join(' and ')}` : '';
    const page = Math.max(1, Math.trunc(filter.page ?? 1));
    const pageSize = Math.min(100, Math.max(1, Math.trunc(filter.pageSize ?? ORDER_SEARCH_PAGE_SIZE)));
    // Both from closed lists, never from the caller's text.
    const direction = filter.order === 'asc' ? 'asc' : 'desc';
    const orderBy =
      filter.sort === 'item' ? `lower(o.item) ${direction}, o.ordered_at desc` : `o.ordered_at ${direction}`;
    const em = this.#orm.em.fork();
    const [rows, [count]] = await Promise.all([
      em.execute<Record<string, unknown>[]>(
        `${ORDER_VIEW_SQL} ${clause} order by ${orderBy}, o.id limit ${pageSize} offset ${(page - 1) * pageSize}`,
        params,
      ),
      em.execute<{ n: number | string }[]>(
        `select count(*) as n from orders o left join users cu on cu.id = o.customer ${clause}`,
        params,
      ),
    ]);
    return { orders: rows.map(toOrderView), total: Number(count?.n ?? 0), page, pageSize };
  }
}
