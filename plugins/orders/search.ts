import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { containsPattern } from '../../core/db/like.ts';
import type { Orm } from '../../core/db/orm.ts';
import type { OrderStatus, OrderView } from './schemas.ts';
import { type OrdersDb, ordersSql } from './sql.ts';
import { orderViews, toOrderView } from './views.ts';

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
    const page = Math.max(1, Math.trunc(filter.page ?? 1));
    const pageSize = Math.min(100, Math.max(1, Math.trunc(filter.pageSize ?? ORDER_SEARCH_PAGE_SIZE)));
    const direction = filter.order === 'asc' ? 'asc' : 'desc';
    const em = this.#orm.em.fork();
    const matching = matchingOf(filter);
    const [rows, count] = await Promise.all([
      orderViews(em)
        .where(matching)
        .$if(filter.sort === 'item', (q) => q.orderBy((eb) => eb.fn('lower', ['o.item']), direction))
        .orderBy('o.ordered_at', filter.sort === 'item' ? 'desc' : direction)
        .orderBy('o.id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      ordersSql(em)
        .selectFrom('orders as o')
        .leftJoin('users as cu', 'cu.id', 'o.customer')
        .select((eb) => eb.fn.countAll().as('n'))
        .where(matching)
        .executeTakeFirst(),
    ]);
    return { orders: rows.map(toOrderView), total: Number(count?.n ?? 0), page, pageSize };
  }
}

/** The orders a filter matches (`o`, its customer `cu`). */
function matchingOf(filter: OrderSearchFilter) {
  return (eb: ExpressionBuilder<OrdersDb & { o: OrdersDb['orders']; cu: OrdersDb['users'] }, 'o' | 'cu'>) => {
    const where: Expression<SqlBool>[] = [];
    if (filter.status === 'REPORTED') where.push(eb('o.report', '=', true));
    else if (filter.status === 'DELIVERY_FAILED')
      where.push(eb('o.delivery_failed', '=', true), eb('o.report', '=', false));
    else if (filter.status) {
      where.push(eb('o.status', '=', filter.status));
      if (filter.status === 'DELIVERED') where.push(eb('o.report', '=', false), eb('o.delivery_failed', '=', false));
    }
    const query = filter.query?.trim();
    if (query) {
      // LIKE metacharacters in what was typed match themselves.
      const like = containsPattern(query);
      where.push(
        eb.or([
          eb('o.order_code', '=', query.toUpperCase()),
          eb('o.item', 'ilike', like),
          eb('cu.username', 'ilike', like),
          eb('cu.display_name', 'ilike', like),
        ]),
      );
    }
    return eb.and(where);
  };
}
