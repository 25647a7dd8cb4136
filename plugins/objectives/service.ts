import type { FilterQuery } from '@mikro-orm/core';
import type { AuditLog } from '../../core/audit/service.ts';
import { type User, UserSchema } from '../../core/auth/entities.ts';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import type { EventBus } from '../../core/events.ts';
import { localizedError, textInEveryLocale } from '../../core/i18n/catalogue.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { meets } from '../../core/shared/permissions.ts';
import { mayGrant } from '../../core/shared/ranking.ts';
import type {} from '../notifications/index.ts'; // the events it declares
import { ranksByIdIn } from '../ranks/index.ts';
import { type Objective, ObjectiveClaimSchema, ObjectiveSchema } from './entities.ts';
import { objectivesText } from './i18n/index.ts';
import { goalIn, rewardIn } from './notice-words.ts';
import { audienceRankHoldersIn, globalAudience } from './progress.ts';
import {
  type AudienceQuery,
  type AudienceResponse,
  type ClaimedObjectiveView,
  type CreateObjectiveInput,
  OBJECTIVE_ADMIN,
  type ObjectivePerson,
  type ObjectivesQuery,
  type ObjectiveView,
  objectiveGoal,
} from './schemas.ts';
import { objectivesSql } from './sql.ts';
import { rankNamesFor, toClaimView, toObjectiveView, toPerson } from './views.ts';

export const LINK = '/staff/achievements';
const LIST_LIMIT = 200;

const target = (o: Objective) => ({ type: 'objective' as const, id: o.id, name: o.title });

export interface ObjectivesServiceDeps extends Pick<ServiceKernel, 'orm' | 'events' | 'audit' | 'now'> {}

/**
 * Objectives, the admin side (docs/objectives.md): create, delete (soft: claims keep their history), the lists,
 * the create form's audience preview, and CUSTOM rewards marked fulfilled. Claims and progress: claims.ts.
 */
export class ObjectivesService {
  readonly #orm: Orm;
  readonly #events: EventBus;
  readonly #audit: AuditLog;
  readonly #now: () => number;

  constructor({ orm, events, audit, now }: ObjectivesServiceDeps) {
    this.#orm = orm;
    this.#events = events;
    this.#audit = audit;
    this.#now = now;
  }

  /** POST /api/client/objectives/: a personal objective's user is told. */
  async create(actor: CurrentUser, input: CreateObjectiveInput): Promise<ObjectiveView> {
    const reward = input.reward;
    const objective = await this.#orm.em.fork().transactional(async (em) => {
      let user: User | null = null;
      if (input.scope === 'user') {
        user = await em.findOne(UserSchema, { id: input.userId! });
        if (!user) throw localizedError(objectivesText, 'not_found', 'refusal.userNotFound');
      }
      if (reward.type === 'VD_RANK') {
        const [rank] = await ranksByIdIn(em, [reward.rankId!]);
        if (!rank) throw localizedError(objectivesText, 'bad_request', 'refusal.unknownRank');
        if (!mayGrant(actor, rank)) throw localizedError(objectivesText, 'forbidden', 'refusal.rankTooHigh');
      }
      const objective = em.create(ObjectiveSchema, {
        title: input.title,
        description: input.description,
        scope: input.scope,
        user,
        type: input.type,
        target: input.target,
        startsAt: input.from ? new Date(input.from) : null,
        endsAt: input.until ? new Date(input.until) : null,
        rewardType: reward.type,
        rewardAmount: reward.type === 'VD_CURRENCY' ? reward.amount! : null,
        rewardValue:
          (reward.type === 'VD_PERK'
            ? reward.perk
            : reward.type === 'VD_RANK'
              ? reward.rankId
              : reward.type === 'CUSTOM'
                ? reward.text
                : null) ?? null,
        rewardDays: reward.type === 'VD_PERK' || reward.type === 'VD_RANK' ? (reward.days ?? null) : null,
        createdBy: actor.id,
        createdAt: new Date(this.#now()),
        deletedAt: null,
        deletedBy: null,
      });
      await em.flush();
      await this.#audit.record(em, {
        actor,
        action: 'objective.create',
        target: target(objective),
        before: null,
        after: { scope: input.scope, user: input.userId, goal: objectiveGoal(input), reward: reward.type },
      });
      return objective;
    });
    const view = await this.view(objective.id);
    if (view.scope === 'user') {
      this.#events.publish('notice', {
        userId: view.user!.id,
        ref: `objective:${view._id}:created`,
        kind: 'objective.created',
        ...textInEveryLocale(objectivesText, 'notice.created', (locale) => ({
          title: view.title,
          goal: goalIn(locale, view),
          reward: rewardIn(locale, view.reward),
        })),
        link: LINK,
      });
    }
    return view;
  }

  /** DELETE /api/client/objectives/{id}: hidden everywhere but in the claims made of it. */
  async delete(actor: CurrentUser, id: string): Promise<ObjectiveView> {
    await this.#orm.em.fork().transactional(async (em) => {
      const rows = await objectivesSql(em)
        .updateTable('objectives')
        .set({ deleted_at: new Date(this.#now()), deleted_by: actor.id })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returning('id')
        .execute();
      if (rows.length === 0) throw localizedError(objectivesText, 'not_found', 'refusal.notFound');
      const objective = await em.findOneOrFail(ObjectiveSchema, { id });
      await this.#audit.record(em, {
        actor,
        action: 'objective.delete',
        target: target(objective),
        before: { title: objective.title },
        after: null,
      });
    });
    return this.view(id);
  }

  /**
   * GET /api/client/objectives: `global=true` the global objectives (anyone who may see achievements); without it
   * every objective, personal ones included (admins only; `deleted=true` adds the deleted).
   */
  async list(actor: CurrentUser, query: ObjectivesQuery): Promise<ObjectiveView[]> {
    const admin = meets(actor, OBJECTIVE_ADMIN);
    if (query.global !== 'true' && !admin) throw localizedError(objectivesText, 'forbidden', 'refusal.adminsOnly');
    const where: FilterQuery<Objective> = {};
    if (query.global === 'true') where.scope = 'global';
    if (!(admin && query.deleted === 'true')) where.deletedAt = null;
    return this.#views(this.#orm.em.fork(), where);
  }

  /** One objective as a view (deleted ones too: a claim's history names it). */
  async view(id: string): Promise<ObjectiveView> {
    const [view] = await this.#views(this.#orm.em.fork(), { id });
    if (!view) throw localizedError(objectivesText, 'not_found', 'refusal.notFound');
    return view;
  }

  async #views(em: Em, where: FilterQuery<Objective>): Promise<ObjectiveView[]> {
    const rows = await em.find(ObjectiveSchema, where, {
      populate: ['user'],
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: LIST_LIMIT,
    });
    const names = await rankNamesFor(em, rows);
    return rows.map((row) => toObjectiveView(row, names));
  }

  /** GET /api/client/objectives/audience: how many a global objective applies to now, or the personal one's user. */
  async audience(query: AudienceQuery): Promise<AudienceResponse> {
    const em = this.#orm.em.fork();
    if (query.scope === 'user') {
      if (!query.userId) throw localizedError(objectivesText, 'bad_request', 'refusal.nameUser');
      const user = await em.findOne(UserSchema, { id: query.userId });
      if (!user) throw localizedError(objectivesText, 'not_found', 'refusal.userNotFound');
      return { scope: 'user', count: 1, user: toPerson(user) };
    }
    const rankHolders = await audienceRankHoldersIn(em);
    const row = await objectivesSql(em)
      .selectFrom('users')
      .where((eb) => globalAudience(eb, rankHolders))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    return { scope: 'global', count: Number(row?.n ?? 0), user: null };
  }

  /** Who a personal objective may be for: the global audience (they prepare and deliver), by name. */
  async members(): Promise<ObjectivePerson[]> {
    const em = this.#orm.em.fork();
    const rankHolders = await audienceRankHoldersIn(em);
    const rows = await objectivesSql(em)
      .selectFrom('users')
      .where((eb) => globalAudience(eb, rankHolders))
      .select(['users.id', 'users.username', 'users.display_name', 'users.avatar'])
      .orderBy((eb) => eb.fn('lower', [eb.fn.coalesce('users.display_name', 'users.username')]))
      .orderBy('users.id')
      .limit(LIST_LIMIT * 2)
      .execute();
    return rows.map((r) => ({ id: r.id, username: r.username, displayName: r.display_name, avatar: r.avatar }));
  }

  /** Claims of CUSTOM rewards (`pending`: not fulfilled yet), newest first: what a manager hands out by hand. */
  async customClaims(pending: boolean): Promise<ClaimedObjectiveView[]> {
    const em = this.#orm.em.fork();
    const claims = await em.find(
      ObjectiveClaimSchema,
      { objective: { rewardType: 'CUSTOM' }, ...(pending ? { fulfilledAt: null } : {}) },
      {
        populate: ['objective', 'objective.user', 'user'],
        orderBy: { claimedAt: 'desc', id: 'desc' },
        limit: LIST_LIMIT,
      },
    );
    return claims.map((claim) => ({
      ...toClaimView(claim),
      objective: toObjectiveView(claim.objective, new Map()),
      user: toPerson(claim.user),
    }));
  }

  /** POST /api/client/objectives/claims/{id}/fulfil: a CUSTOM reward handed out; one conditional update, so once. */
  async fulfil(actor: CurrentUser, claimId: string): Promise<ClaimedObjectiveView> {
    const claim = await this.#orm.em.fork().transactional(async (em) => {
      const claim = await em.findOne(
        ObjectiveClaimSchema,
        { id: claimId },
        { populate: ['objective', 'objective.user', 'user'] },
      );
      if (!claim) throw localizedError(objectivesText, 'not_found', 'refusal.claimNotFound');
      if (claim.objective.rewardType !== 'CUSTOM')
        throw localizedError(objectivesText, 'conflict', 'refusal.notCustom');
      const rows = await objectivesSql(em)
        .updateTable('objective_claims')
        .set({ fulfilled_at: new Date(this.#now()), fulfilled_by: actor.id })
        .where('id', '=', claimId)
        .where('fulfilled_at', 'is', null)
        .returning('id')
        .execute();
      if (rows.length === 0) throw localizedError(objectivesText, 'conflict', 'refusal.alreadyFulfilled');
      await this.#audit.record(em, {
        actor,
        action: 'objective.fulfil',
        target: target(claim.objective),
        before: { fulfilled: false },
        after: { fulfilled: true, user: claim.user.id },
        reason: claim.objective.rewardValue ?? null,
      });
      await em.refresh(claim);
      return claim;
    });
    const view = {
      ...toClaimView(claim),
      objective: toObjectiveView(claim.objective, new Map()),
      user: toPerson(claim.user),
    };
    this.#events.publish('notice', {
      userId: view.userId,
      ref: `objective:${view.objectiveId}:fulfilled:${view.userId}`,
      kind: 'objective.fulfilled',
      ...textInEveryLocale(objectivesText, 'notice.fulfilled', (locale) => ({
        title: view.objective.title,
        reward: rewardIn(locale, view.objective.reward),
      })),
      link: LINK,
    });
    return view;
  }
}
