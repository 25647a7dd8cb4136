import type { Em, Orm } from '../../core/db/orm.ts';
import type { EventBus } from '../../core/events.ts';
import type {} from '../orders/index.ts'; // the events it declares
import type { OrderView } from '../orders/schemas.ts';
import { ObjectiveSchema } from './entities.ts';
import './events.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { audienceRankHoldersIn, globalAudience, progressOf } from './progress.ts';
import type { ObjectiveType } from './schemas.ts';
import { objectivesSql } from './sql.ts';
import { rankNamesFor, toReward } from './views.ts';

export interface ObjectiveLiveDeps extends Pick<ServiceKernel, 'orm' | 'events' | 'now'> {}

/**
 * Tells a user, live, when a delivery made one of their objectives claimable (`objectiveCompleted`). Cheap: for the
 * order's chef and driver only, it looks at objectives that apply to them, of a type their part counts for, whose
 * window holds the delivery, not claimed and not told yet; counts those; and takes an `objective_completions` row
 * for each complete one (`on conflict do nothing`), so whichever process hears the delivery first tells them once.
 */
export class ObjectiveLive {
  readonly #orm: Orm;
  readonly #events: EventBus;
  readonly #now: () => number;

  constructor({ orm, events, now }: ObjectiveLiveDeps) {
    this.#orm = orm;
    this.#events = events;
    this.#now = now;
  }

  listen(): void {
    this.#events.on('deliverOrder', ({ order }) => this.delivered(order));
  }

  async delivered(order: OrderView): Promise<void> {
    if (order.status !== 'DELIVERED' || order.report || !order.deliveredAt) return;
    const roles = new Map<string, ObjectiveType[]>();
    const add = (userId: string | undefined, type: ObjectiveType) => {
      if (userId) roles.set(userId, [...(roles.get(userId) ?? ['ORDER_TARGET_TOTAL']), type]);
    };
    add(order.preparedBy?.id, 'ORDER_TARGET_PREPARED');
    add(order.deliveredBy?.id, 'ORDER_TARGET_DELIVERED');
    for (const [userId, types] of roles) await this.#check(userId, types, new Date(order.deliveredAt));
  }

  async #check(userId: string, types: ObjectiveType[], at: Date): Promise<void> {
    const em = this.#orm.em.fork();
    const candidates = await candidatesIn(em, userId, types, at);
    if (candidates.length === 0) return;
    const objectives = await em.find(ObjectiveSchema, { id: { $in: candidates.map((c) => c.id) } });
    const progress = await progressOf(em, userId, objectives);
    const complete = objectives.filter((o) => (progress.get(o.id) ?? 0) >= o.target);
    if (complete.length === 0) return;
    const names = await rankNamesFor(em, complete);
    for (const objective of complete) {
      const taken = await objectivesSql(em)
        .insertInto('objective_completions')
        .values({ objective_id: objective.id, user_id: userId, completed_at: new Date(this.#now()) })
        .onConflict((conflict) => conflict.doNothing())
        .returning('objective_id')
        .execute();
      if (taken.length === 0) continue;
      this.#events.publish('objectiveCompleted', {
        userId,
        objectiveId: objective.id,
        title: objective.title,
        progress: progress.get(objective.id)!,
        target: objective.target,
        reward: toReward(objective, names),
      });
    }
  }
}

/**
 * The objectives of these types that apply to the user (their own, or global ones while they are in the audience),
 * whose window holds `at`, neither claimed nor told yet: no claim and no completion of the user's joins them (each
 * is one row per objective and user).
 */
async function candidatesIn(em: Em, userId: string, types: readonly ObjectiveType[], at: Date) {
  const rankHolders = await audienceRankHoldersIn(em);
  return objectivesSql(em)
    .selectFrom('objectives as ob')
    .leftJoin('objective_claims as c', (join) =>
      join.onRef('c.objective_id', '=', 'ob.id').on('c.user_id', '=', userId),
    )
    .leftJoin('objective_completions as k', (join) =>
      join.onRef('k.objective_id', '=', 'ob.id').on('k.user_id', '=', userId),
    )
    .select('ob.id')
    .where('c.id', 'is', null)
    .where('k.objective_id', 'is', null)
    .where('ob.deleted_at', 'is', null)
    .where('ob.type', 'in', types)
    .where((eb) => eb.or([eb('ob.starts_at', 'is', null), eb('ob.starts_at', '<=', at)]))
    .where((eb) => eb.or([eb('ob.ends_at', 'is', null), eb('ob.ends_at', '>=', at)]))
    .where((eb) =>
      eb.or([
        eb.and([eb('ob.scope', '=', 'user'), eb('ob.user_id', '=', userId)]),
        eb.and([
          eb('ob.scope', '=', 'global'),
          eb.exists(
            eb
              .selectFrom('users')
              .select('users.id')
              .where('users.id', '=', userId)
              .where((user) => globalAudience(user, rankHolders)),
          ),
        ]),
      ]),
    )
    .execute();
}
