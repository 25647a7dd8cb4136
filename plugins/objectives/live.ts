import type { Orm } from '../../core/db/orm.ts';
import type { EventBus } from '../../core/events.ts';
import type {} from '../orders/index.ts'; // the events it declares
import type { OrderView } from '../orders/schemas.ts';
import { ObjectiveSchema } from './entities.ts';
import './events.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { audienceRanksIn, IN_AUDIENCE, progressOf } from './progress.ts';
import type { ObjectiveType } from './schemas.ts';
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
    const candidates = await em.execute<{ id: string }[]>(
      `select ob.id from objectives ob
       where ob.deleted_at is null and ob.type in (${types.map(() => '?').join(', ')})
         and (ob.starts_at is null or ob.starts_at <= ?) and (ob.ends_at is null or ob.ends_at >= ?)
         and ((ob.scope = 'user' and ob.user_id = ?) or (ob.scope = 'global' and exists (select 1 from users u where u.id = ? and ${IN_AUDIENCE('u')})))
         and not exists (select 1 from objective_claims c where c.objective_id = ob.id and c.user_id = ?)
         and not exists (select 1 from objective_completions k where k.objective_id = ob.id and k.user_id = ?)`,
      [...types, at, at, userId, userId, await audienceRanksIn(em), userId, userId],
    );
    if (candidates.length === 0) return;
    const objectives = await em.find(ObjectiveSchema, { id: { $in: candidates.map((c) => c.id) } });
    const progress = await progressOf(em, userId, objectives);
    const complete = objectives.filter((o) => (progress.get(o.id) ?? 0) >= o.target);
    if (complete.length === 0) return;
    const names = await rankNamesFor(em, complete);
    for (const objective of complete) {
      const taken = await em.execute<unknown[]>(
        `insert into "objective_completions" ("objective_id", "user_id", "completed_at") values (?, ?, ?) on conflict do nothing returning "objective_id"`,
        [objective.id, userId, new Date(this.#now())],
      );
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
