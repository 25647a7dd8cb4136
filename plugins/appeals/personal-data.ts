import type { Em } from '../../core/db/orm.ts';
import type { Erasure, PersonalDataContribution } from '../../core/personal-data.ts';
import { plainRows } from '../../core/personal-data.ts';
import { AppealSchema, AppealVoteSchema } from './entities.ts';

/**
 * A user's appeals are their own words and go with the account (the ban, which is core's, survives; an appeal does
 * not). Votes they cast on others' appeals are records the decision rests on: they stay, naming the pseudonym.
 */
export const appealsPersonalData: PersonalDataContribution = {
  async exportFor(userId: string, em: Em) {
    return {
      appeals: plainRows(await em.find(AppealSchema, { user: userId }, { orderBy: { createdAt: 'asc' } })),
      votesCast: plainRows(await em.find(AppealVoteSchema, { voter: userId }, { orderBy: { createdAt: 'asc' } })),
    };
  },

  async eraseFor({ userId, pseudonymId }: Erasure, em: Em) {
    await em.nativeDelete(AppealSchema, { user: userId });
    await em.nativeUpdate(AppealVoteSchema, { voter: userId }, { voter: pseudonymId });
    await em.nativeUpdate(AppealSchema, { bannedBy: userId }, { bannedBy: pseudonymId });
  },
};
