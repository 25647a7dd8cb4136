import type { CurrentUser } from '../../core/auth/sessions.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import { newId } from '../../core/ids.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { meets } from '../../core/shared/permissions.ts';
import { ranksByIdIn } from '../ranks/index.ts';
import type { StorePlugin } from '../store/index.ts';
import { type Objective, ObjectiveClaimSchema, ObjectiveSchema } from './entities.ts';
import { objectivesText } from './i18n/index.ts';
import { goalIn } from './notice-words.ts';
import { inAudience, progressOf } from './progress.ts';
import {
  type ClaimedObjectiveView,
  type ClaimResponse,
  GLOBAL_AUDIENCE,
  OBJECTIVE_ADMIN,
  type ObjectiveProgressView,
} from './schemas.ts';
import { objectivesSql } from './sql.ts';
import { rankNamesFor, toClaimView, toObjectiveView, toPerson } from './views.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The 409 of a claim made too soon: how far the user is, and the goal in the reader's words. */
function notComplete(objective: Objective, progress: number) {
  const { target } = objective;
  return localizedError(
    objectivesText,
    'conflict',
    'refusal.notComplete',
    (locale) => ({ progress, target, goal: goalIn(locale, objective) }),
    { progress, target },
  );
}

export interface ClaimsServiceDeps extends Pick<ServiceKernel, 'orm' | 'now'> {
  store: StorePlugin;
}

/**
 * Objectives as they stand for one user (progress counted from their orders), and claims: one row per objective
 * and user, written in the same transaction as the reward, so of 20 claims at once one pays (docs/objectives.md).
 */
export class ClaimsService {
  readonly #orm: Orm;
  readonly #store: StorePlugin;
  readonly #now: () => number;

  constructor({ orm, store, now }: ClaimsServiceDeps) {
    this.#orm = orm;
    this.#store = store;
    this.#now = now;
  }

  /**
   * GET /api/client/objectives/user/{userId}: the objectives that apply to the user (global ones while they hold
   * MANAGE_ORDERS, and their own), running or complete, and every one they claimed (deleted ones too), with progress.
   */
  async forUser(viewer: CurrentUser, userId: string): Promise<ObjectiveProgressView[]> {
    if (userId !== viewer.id && !meets(viewer, OBJECTIVE_ADMIN))
      throw localizedError(objectivesText, 'forbidden', 'refusal.onlyOwn');
    const em = this.#orm.em.fork();
    const global = userId === viewer.id ? meets(viewer, GLOBAL_AUDIENCE) : await inAudience(em, userId);
    const claims = await em.find(
      ObjectiveClaimSchema,
      { user: userId },
      { fields: ['id', 'objective', 'user', 'progress', 'claimedAt', 'fulfilledAt', 'fulfilledBy'] },
    );
    const objectives = await em.find(
      ObjectiveSchema,
      {
        $or: [
          {
            deletedAt: null,
            $or: [{ scope: 'user', user: userId }, ...(global ? [{ scope: 'global' as const }] : [])],
          },
          { id: { $in: claims.map((c) => c.objective.id) } },
        ],
      },
      { populate: ['user'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: 200 },
    );
    const views = await this.#withProgress(em, userId, objectives, new Map(claims.map((c) => [c.objective.id, c])));
    const now = this.#now();
    // Ended without being completed: nothing left to do or show.
    return views.filter((v) => v.claim || v.progress >= v.target || !v.until || Date.parse(v.until) > now);
  }

  /** GET /api/client/objectives/{id}: an admin sees any; anyone else one that applies to them (else 404). */
  async one(viewer: CurrentUser, id: string): Promise<ObjectiveProgressView> {
    const em = this.#orm.em.fork();
    const objective = await em.findOne(ObjectiveSchema, { id }, { populate: ['user'] });
    const claim = objective && (await em.findOne(ObjectiveClaimSchema, { objective: id, user: viewer.id }));
    if (
      !objective ||
      (!meets(viewer, OBJECTIVE_ADMIN) && !claim && (objective.deletedAt || !this.#appliesTo(viewer, objective)))
    ) {
      throw localizedError(objectivesText, 'not_found', 'refusal.notFound');
    }
    const [view] = await this.#withProgress(em, viewer.id, [objective], new Map(claim ? [[id, claim]] : []));
    return view!;
  }

  /** GET /api/client/objectives/claimed/{id}: the user's claims, newest first, with what they claimed. */
  async claimed(userId: string): Promise<ClaimedObjectiveView[]> {
    const em = this.#orm.em.fork();
    const claims = await em.find(
      ObjectiveClaimSchema,
      { user: userId },
      { populate: ['objective', 'objective.user', 'user'], orderBy: { claimedAt: 'desc', id: 'desc' }, limit: 200 },
    );
    const names = await rankNamesFor(
      em,
      claims.map((c) => c.objective),
    );
    return claims.map((claim) => ({
      ...toClaimView(claim),
      objective: toObjectiveView(claim.objective, names),
      user: toPerson(claim.user),
    }));
  }

  /**
   * POST /api/client/objectives/claim/{id}: only when complete (409 with the progress otherwise), once per user.
   * The claim row and the reward commit together: the claim is `insert … on conflict do nothing`, so a second claim
   * at once waits for the first to commit and then finds its row (409), and the reward's own reference
   * (`objective:{id}`) would pay once even without it.
   */
  async claim(actor: CurrentUser, id: string): Promise<ClaimResponse> {
    let announce = false;
    const response = await this.#orm.em.fork().transactional(async (em): Promise<ClaimResponse> => {
      const objective = await em.findOne(ObjectiveSchema, { id, deletedAt: null });
      if (!objective || !this.#appliesTo(actor, objective))
        throw localizedError(objectivesText, 'not_found', 'refusal.notFound');
      const progress = (await progressOf(em, actor.id, [objective])).get(id) ?? 0;
      const now = new Date(this.#now());
      const inserted = await objectivesSql(em)
        .insertInto('objective_claims')
        .values({ id: newId(), objective_id: id, user_id: actor.id, progress, claimed_at: now })
        .onConflict((conflict) => conflict.columns(['objective_id', 'user_id']).doNothing())
        .returning('id')
        .execute();
      if (inserted.length === 0) throw localizedError(objectivesText, 'conflict', 'refusal.alreadyClaimed');
      if (progress < objective.target) {
        throw notComplete(objective, progress);
      }
      const balance = await this.#reward(em, actor.id, objective, now, (changed) => (announce = changed));
      const claim = await em.findOneOrFail(ObjectiveClaimSchema, { id: inserted[0]!.id });
      return { completed: true, claim: toClaimView(claim), balance };
    });
    if (announce) this.#store.grants.announce(actor.id);
    return response;
  }

  /** Pays the reward inside the claim's transaction; answers the balance after a coin reward. */
  async #reward(
    em: Em,
    userId: string,
    objective: Objective,
    now: Date,
    changed: (changed: boolean) => void,
  ): Promise<number | null> {
    const endsAt = objective.rewardDays ? new Date(now.getTime() + objective.rewardDays * DAY_MS) : null;
    switch (objective.rewardType) {
      case 'VD_CURRENCY': {
        const result = await this.#store.coins.creditIn(em, {
          userId,
          amount: objective.rewardAmount!,
          kind: 'REWARD',
          reference: `objective:${objective.id}`,
          reason: `Objective: ${objective.title}`,
        });
        return result.balance;
      }
      case 'VD_PERK':
        changed(
          await this.#store.grants.grantIn(em, {
            userId,
            kind: 'perk',
            value: objective.rewardValue!,
            source: 'objective',
            sourceRef: objective.id,
            endsAt,
          }),
        );
        return null;
      case 'VD_RANK':
        if ((await ranksByIdIn(em, [objective.rewardValue!])).length === 0)
          throw localizedError(objectivesText, 'conflict', 'refusal.rankGone');
        changed(
          await this.#store.grants.grantIn(em, {
            userId,
            kind: 'rank',
            value: objective.rewardValue!,
            source: 'objective',
            sourceRef: objective.id,
            endsAt,
          }),
        );
        return null;
      case 'CUSTOM':
        // A manager hands it out and marks the claim fulfilled (ObjectivesService.fulfil).
        return null;
    }
  }

  #appliesTo(user: CurrentUser, objective: Objective): boolean {
    return objective.scope === 'user' ? objective.user?.id === user.id : meets(user, GLOBAL_AUDIENCE);
  }

  async #withProgress(
    em: Em,
    userId: string,
    objectives: readonly Objective[],
    claims: ReadonlyMap<string, Parameters<typeof toClaimView>[0]>,
  ): Promise<ObjectiveProgressView[]> {
    const progress = await progressOf(em, userId, objectives);
    const names = await rankNamesFor(em, objectives);
    const now = this.#now();
    return objectives.map((objective) => {
      const claim = claims.get(objective.id);
      const count = progress.get(objective.id) ?? 0;
      const started = !objective.startsAt || objective.startsAt.getTime() <= now;
      return {
        ...toObjectiveView(objective, names),
        progress: count,
        claimable: !claim && !objective.deletedAt && started && count >= objective.target,
        claim: claim ? toClaimView(claim) : null,
      };
    });
  }
}
