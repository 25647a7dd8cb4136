import type { Em } from '../../core/db/orm.ts';
import type { Erasure, PersonalDataContribution } from '../../core/personal-data.ts';
import { plainRows } from '../../core/personal-data.ts';
import { ObjectiveClaimSchema, ObjectiveCompletionSchema, ObjectiveSchema } from './entities.ts';

/**
 * Objectives set for the user alone go with the account; their progress, claims and completions of shared objectives
 * stay (a reward paid is in the ledger), naming the pseudonym, as do objectives they set or fulfilled as a manager.
 */
export const objectivesPersonalData: PersonalDataContribution = {
  async exportFor(userId: string, em: Em) {
    return {
      personalObjectives: plainRows(
        await em.find(ObjectiveSchema, { user: userId }, { orderBy: { createdAt: 'asc' } }),
      ),
      claims: plainRows(await em.find(ObjectiveClaimSchema, { user: userId })),
      completions: plainRows(await em.find(ObjectiveCompletionSchema, { user: userId })),
      objectivesSetOrRemoved: plainRows(
        await em.find(ObjectiveSchema, { $or: [{ createdBy: userId }, { deletedBy: userId }] }),
      ),
      claimsFulfilled: plainRows(await em.find(ObjectiveClaimSchema, { fulfilledBy: userId })),
    };
  },

  async eraseFor({ userId, pseudonymId }: Erasure, em: Em) {
    await em.nativeDelete(ObjectiveSchema, { user: userId });
    await em.nativeUpdate(ObjectiveClaimSchema, { user: userId }, { user: pseudonymId });
    await em.nativeUpdate(ObjectiveCompletionSchema, { user: userId }, { user: pseudonymId });
    await em.nativeUpdate(ObjectiveClaimSchema, { fulfilledBy: userId }, { fulfilledBy: pseudonymId });
    await em.nativeUpdate(ObjectiveSchema, { createdBy: userId }, { createdBy: pseudonymId });
    await em.nativeUpdate(ObjectiveSchema, { deletedBy: userId }, { deletedBy: pseudonymId });
  },
};
