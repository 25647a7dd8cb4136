import type { User } from '../../core/auth/entities.ts';
import type { Em } from '../../core/db/orm.ts';
import { ranksByIdIn } from '../ranks/index.ts';
import type { Objective, ObjectiveClaim } from './entities.ts';
import type { ClaimView, ObjectivePerson, ObjectiveView, RewardView } from './schemas.ts';

export function toPerson(user: User | null | undefined): ObjectivePerson | null {
  if (!user) return null;
  return { id: user.id, username: user.username, displayName: user.displayName ?? null, avatar: user.avatar ?? null };
}

export function toReward(objective: Objective, rankNames: ReadonlyMap<string, string>): RewardView {
  switch (objective.rewardType) {
    case 'VD_CURRENCY':
      return { type: 'VD_CURRENCY', amount: objective.rewardAmount ?? 0 };
    case 'VD_PERK':
      return { type: 'VD_PERK', perk: objective.rewardValue ?? '', days: objective.rewardDays ?? null };
    case 'VD_RANK':
      return {
        type: 'VD_RANK',
        rankId: objective.rewardValue ?? '',
        rankName: rankNames.get(objective.rewardValue ?? '') ?? null,
        days: objective.rewardDays ?? null,
      };
    case 'CUSTOM':
      return { type: 'CUSTOM', text: objective.rewardValue ?? '' };
  }
}

/** The names of the ranks these objectives give (VD_RANK), by id. */
export async function rankNamesFor(em: Em, objectives: readonly Objective[]): Promise<Map<string, string>> {
  const ids = [
    ...new Set(objectives.filter((o) => o.rewardType === 'VD_RANK' && o.rewardValue).map((o) => o.rewardValue!)),
  ];
  const ranks = await ranksByIdIn(em, ids);
  return new Map(ranks.map((r) => [r.id, r.name]));
}

/** `user` must be populated (or null for a global objective). */
export function toObjectiveView(objective: Objective, rankNames: ReadonlyMap<string, string>): ObjectiveView {
  return {
    _id: objective.id,
    title: objective.title,
    description: objective.description,
    scope: objective.scope,
    user: objective.user ? toPerson(objective.user as User) : null,
    type: objective.type,
    target: objective.target,
    from: objective.startsAt?.toISOString() ?? null,
    until: objective.endsAt?.toISOString() ?? null,
    reward: toReward(objective, rankNames),
    createdBy: objective.createdBy,
    createdAt: objective.createdAt.toISOString(),
    deletedAt: objective.deletedAt?.toISOString() ?? null,
  };
}

export function toClaimView(claim: ObjectiveClaim): ClaimView {
  return {
    _id: claim.id,
    objectiveId: claim.objective.id,
    userId: claim.user.id,
    progress: claim.progress,
    claimedAt: claim.claimedAt.toISOString(),
    fulfilledAt: claim.fulfilledAt?.toISOString() ?? null,
    fulfilledBy: claim.fulfilledBy ?? null,
  };
}
