import type { Orm } from '../../core/db/orm.ts';
import type { OrderStatus, OrderView } from './schemas.ts';
import { ORDER_VIEW_SQL, toOrderView } from './views.ts';

export interface OrderSearchFilter {
  /** Any state, the history included; absent: all. */
  status?: OrderStatus;
  /** An orderID, or words of the item, or the customer's username or display name. */
  query?: string;
  /** 1-based. */
  page?: number;
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
    if (filter.status) {
      where.push('o.status = ?');
      params.push(filter.status);
    }
    const query = filter.query?.trim();
    if (query) {
      // LIKE metacharacters in what was typed match themselves.
      const like = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(`(o.order_code = ? or o.item ilike ? or cu.username ilike ? or cu.display_name ilike ?)`);
      params.push(query.toUpperCase(), like, like, like);
    }
    const clause = where.length ? `where ${where.join(' and ')}` : '';
    const page = Math.max(1, Math.trunc(filter.page ?? 1));
    const em = this.#orm.em.fork();
    const [rows, [count]] = await Promise.all([
      em.execute<Record<string, unknown>[]>(`${ORDER_VIEW_SQL} ${clause} order by o.ordered_at desc limit ${ORDER_SEARCH_PAGE_SIZE} offset ${(page - 1) * ORDER_SEARCH_PAGE_SIZE}`, params),
      em.execute<{ n: number | string }[]>(`select count(*) as n from orders o left join users cu on cu.id = o.customer ${clause}`, params),
    ]);
    return { orders: rows.map(toOrderView), total: Number(count?.n ?? 0), page, pageSize: ORDER_SEARCH_PAGE_SIZE };
  }
}
