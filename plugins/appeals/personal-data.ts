import type { Em } from '../../core/db/orm.ts';
import type { Erasure, PersonalDataContribution } from '../../core/personal-data.ts';
import { plainRows } from '../../core/personal-data.ts';
import { AppealSchema, AppealVoteSchema } from './entities.ts';

/**
 * A user's appeals stay, as the record the managers' votes and figures rest on, under the pseudonym and without the
 * appellant's own words (erased). Votes they cast on others' appeals stay too, naming the pseudonym.
 */
export const appealsPersonalData: PersonalDataContribution = {
  async exportFor(userId: string, em: Em) {
    return {
      appeals: plainRows(await em.find(AppealSchema, { user: userId }, { orderBy: { createdAt: 'asc' } })),
      votesCast: plainRows(await em.find(AppealVoteSchema, { voter: userId }, { orderBy: { createdAt: 'asc' } })),
      // Others' appeals of bans the user gave: which, and how they stand; not the appellants' words.
      appealsOfBansGiven: (
        await em.find(
          AppealSchema,
          { bannedBy: userId, user: { $ne: userId } },
          { fields: ['id', 'status', 'createdAt'] },
        )
      ).map((appeal) => ({ id: appeal.id, status: appeal.status, createdAt: appeal.createdAt })),
    };
  },

  async eraseFor({ userId, pseudonymId }: Erasure, em: Em) {
    await em.nativeUpdate(
      AppealSchema,
      { user: userId },
      { user: pseudonymId, whyBanned: '', whyLift: '', anythingElse: '' },
    );
    await em.nativeUpdate(AppealVoteSchema, { voter: userId }, { voter: pseudonymId });
    await em.nativeUpdate(AppealSchema, { bannedBy: userId }, { bannedBy: pseudonymId });
  },
};
