import type { Orm } from '../../core/db/orm.ts';
import { DomainError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { isId } from '../../core/shared/ids.ts';
import { OrderFeedbackSchema, OrderSchema } from './entities.ts';

export const MAX_FEEDBACK_COMMENT = 500;

export interface OrderFeedbackView {
  orderId: string;
  orderID: string;
  user: string;
  stars: number;
  comment: string | null;
  createdAt: string;
}

/** What customers said of one person's work: the ratings of orders they prepared or delivered. */
export interface UserFeedbackView {
  /** Mean stars, one decimal; null with no ratings. */
  average: number | null;
  count: number;
  /** The latest 20, newest first. */
  recent: (OrderFeedbackView & { item: string; role: 'chef' | 'driver' | 'chef and driver' })[];
}

export interface OrderFeedbackServiceDeps extends Pick<ServiceKernel, 'orm' | 'now'> {}

/**
 * Order feedback (`/rate`): the customer rates a delivered order once, 1 to 5 stars with an optional comment.
 * "Once" is the unique order id: of two racing ratings one is stored, the other is told it was already rated.
 */
export class OrderFeedbackService {
  readonly #orm: Orm;
  readonly #now: () => number;

  constructor({ orm, now }: OrderFeedbackServiceDeps) {
    this.#orm = orm;
    this.#now = now;
  }

  async rate(customerId: string, ref: string, stars: number, comment: string | null): Promise<OrderFeedbackView> {
    if (!Number.isInteger(stars) || stars < 1 || stars > 5)
      throw new DomainError('bad_request', 'Stars are a whole number from 1 to 5.');
    const text = comment?.trim() || null;
    if (text && text.length > MAX_FEEDBACK_COMMENT)
      throw new DomainError('bad_request', `A comment is at most ${MAX_FEEDBACK_COMMENT} characters.`);
    const em = this.#orm.em.fork();
    const code = ref.toUpperCase();
    const order = await em.findOne(OrderSchema, isId(ref) ? { id: ref } : { orderID: code }, {
      fields: ['id', 'orderID', 'customer', 'status', 'report'],
    });
    if (!order) throw new DomainError('not_found', 'Order not found');
    if (order.customer !== customerId) throw new DomainError('forbidden', 'You can only rate your own orders.');
    if (order.status !== 'DELIVERED' || order.report)
      throw new DomainError('conflict', `Order ${order.orderID} can be rated once it is delivered.`);
    const createdAt = new Date(this.#now());
    const rows = await em.execute<{ id: string }[]>(
      `insert into order_feedback (id, order_id, "user", stars, comment, created_at) values (?, ?, ?, ?, ?, ?)
       on conflict (order_id) do nothing returning id`,
      [newId(), order.id, customerId, stars, text, createdAt],
    );
    if (rows.length === 0) throw new DomainError('conflict', `You have already rated order ${order.orderID}.`);
    return {
      orderId: order.id,
      orderID: order.orderID,
      user: customerId,
      stars,
      comment: text,
      createdAt: createdAt.toISOString(),
    };
  }

  async forOrder(orderId: string): Promise<OrderFeedbackView | null> {
    const em = this.#orm.em.fork();
    const row = await em.findOne(OrderFeedbackSchema, { orderId });
    if (!row) return null;
    const order = await em.findOne(OrderSchema, { id: orderId }, { fields: ['orderID'] });
    return {
      orderId,
      orderID: order?.orderID ?? '',
      user: row.user,
      stars: row.stars,
      comment: row.comment ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** GET /api/client/users/{id}/order-feedback: the ratings of the orders the user prepared or delivered. */
  async forStaff(userId: string): Promise<UserFeedbackView> {
    const em = this.#orm.em.fork();
    const where = `from order_feedback f join orders o on o.id = f.order_id where o.prepared_by = ? or o.delivered_by = ?`;
    const [[summary], rows] = await Promise.all([
      em.execute<{ n: number | string; average: number | string | null }[]>(
        `select count(*) as n, round(avg(f.stars), 1) as average ${where}`,
        [userId, userId],
      ),
      em.execute<Record<string, unknown>[]>(
        `select f.order_id, o.order_code, o.item, f."user", f.stars, f.comment, f.created_at, o.prepared_by, o.delivered_by ${where}
         order by f.created_at desc limit 20`,
        [userId, userId],
      ),
    ]);
    return {
      average: summary?.average === null || summary?.average === undefined ? null : Number(summary.average),
      count: Number(summary?.n ?? 0),
      recent: rows.map((r) => ({
        orderId: r.order_id as string,
        orderID: r.order_code as string,
        item: r.item as string,
        user: r.user as string,
        stars: Number(r.stars),
        comment: (r.comment as string | null) ?? null,
        createdAt: new Date(r.created_at as string).toISOString(),
        role:
          r.prepared_by === userId && r.delivered_by === userId
            ? 'chef and driver'
            : r.prepared_by === userId
              ? 'chef'
              : 'driver',
      })),
    };
  }
}
