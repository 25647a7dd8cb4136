import type { Orm } from '../../core/db/orm.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import { newId } from '../../core/ids.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { isId } from '../../core/shared/ids.ts';
import { OrderFeedbackSchema, OrderSchema } from './entities.ts';
import { ordersText } from './i18n/index.ts';
import type { OrderFeedbackView, UserFeedbackView } from './schemas.ts';
import { ordersSql } from './sql.ts';

export const MAX_FEEDBACK_COMMENT = 500;

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
      throw localizedError(ordersText, 'bad_request', 'feedback.stars');
    const text = comment?.trim() || null;
    if (text && text.length > MAX_FEEDBACK_COMMENT)
      throw localizedError(ordersText, 'bad_request', 'feedback.commentTooLong', { max: MAX_FEEDBACK_COMMENT });
    const em = this.#orm.em.fork();
    const code = ref.toUpperCase();
    const order = await em.findOne(OrderSchema, isId(ref) ? { id: ref } : { orderID: code }, {
      fields: ['id', 'orderID', 'customer', 'status', 'report'],
    });
    if (!order) throw localizedError(ordersText, 'not_found', 'feedback.notFound');
    if (order.customer !== customerId) throw localizedError(ordersText, 'forbidden', 'feedback.notYours');
    const { orderID } = order;
    if (order.status !== 'DELIVERED' || order.report)
      throw localizedError(ordersText, 'conflict', 'feedback.notDelivered', { orderID });
    const createdAt = new Date(this.#now());
    const rows = await ordersSql(em)
      .insertInto('order_feedback')
      .values({ id: newId(), order_id: order.id, user: customerId, stars, comment: text, created_at: createdAt })
      .onConflict((conflict) => conflict.column('order_id').doNothing())
      .returning('id')
      .execute();
    if (rows.length === 0) throw localizedError(ordersText, 'conflict', 'feedback.alreadyRated', { orderID });
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
    // The ratings of the orders the user prepared or delivered.
    const theirs = () =>
      ordersSql(em)
        .selectFrom('order_feedback as f')
        .innerJoin('orders as o', 'o.id', 'f.order_id')
        .where((eb) => eb.or([eb('o.prepared_by', '=', userId), eb('o.delivered_by', '=', userId)]));
    const [summary, rows] = await Promise.all([
      theirs()
        .select((eb) => [
          eb.fn.countAll().as('n'),
          eb.fn<number | string | null>('round', [eb.fn.avg('f.stars'), eb.lit(1)]).as('average'),
        ])
        .executeTakeFirst(),
      theirs()
        .select([
          'f.order_id',
          'o.order_code',
          'o.item',
          'f.user',
          'f.stars',
          'f.comment',
          'f.created_at',
          'o.prepared_by',
          'o.delivered_by',
        ])
        .orderBy('f.created_at', 'desc')
        .limit(20)
        .execute(),
    ]);
    return {
      average: summary?.average === null || summary?.average === undefined ? null : Number(summary.average),
      count: Number(summary?.n ?? 0),
      recent: rows.map((r) => ({
        orderId: r.order_id,
        orderID: r.order_code,
        item: r.item,
        user: r.user,
        stars: Number(r.stars),
        comment: r.comment ?? null,
        createdAt: new Date(r.created_at).toISOString(),
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
