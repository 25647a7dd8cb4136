import type { Em } from '../../core/db/orm.ts';
import type { Erasure, PersonalDataContribution } from '../../core/personal-data.ts';
import { plainRows } from '../../core/personal-data.ts';
import { RankHistorySchema, UserRankSchema } from './entities.ts';

/**
 * The ranks a user holds and their history. A deleted user holds no rank and their history goes; changes they made
 * to others' ranks name their pseudonym.
 */
export const ranksPersonalData: PersonalDataContribution = {
  async exportFor(userId: string, em: Em) {
    const held = await em.find(UserRankSchema, { user: userId }, { populate: ['rank'] });
    return {
      ranks: held.map((row) => ({ id: row.rank.id, name: row.rank.name })),
      history: plainRows(await em.find(RankHistorySchema, { user: userId }, { orderBy: { createdAt: 'asc' } })),
      changesMade: plainRows(await em.find(RankHistorySchema, { by: userId }, { orderBy: { createdAt: 'asc' } })),
    };
  },

  async eraseFor({ userId, pseudonymId }: Erasure, em: Em) {
    await em.nativeDelete(UserRankSchema, { user: userId });
    await em.nativeDelete(RankHistorySchema, { user: userId });
    await em.nativeUpdate(RankHistorySchema, { by: userId }, { by: pseudonymId });
  },
};
