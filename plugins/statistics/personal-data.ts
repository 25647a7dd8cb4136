import type { Em } from '../../core/db/orm.ts';
import type { Erasure, PersonalDataContribution } from '../../core/personal-data.ts';
import { plainRows } from '../../core/personal-data.ts';
import { ManagementStatisticSchema } from './entities.ts';

/**
 * A member's figures per period are records the management statistics rely on: they stay under the pseudonym (their
 * id starts with the member's, so it is renamed too).
 */
export const statisticsPersonalData: PersonalDataContribution = {
  async exportFor(userId: string, em: Em) {
    return {
      figures: plainRows(await em.find(ManagementStatisticSchema, { userId }, { orderBy: { from: 'asc' } })),
    };
  },

  async eraseFor({ userId, pseudonymId }: Erasure, em: Em) {
    const rows = await em.find(ManagementStatisticSchema, { userId }, { fields: ['id'] });
    for (const row of rows) {
      const id = row.id.startsWith(userId) ? pseudonymId + row.id.slice(userId.length) : row.id;
      await em.nativeUpdate(ManagementStatisticSchema, { id: row.id }, { id, userId: pseudonymId });
    }
  },
};
