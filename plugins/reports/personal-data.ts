import type { Em } from '../../core/db/orm.ts';
import type { Erasure, PersonalDataContribution } from '../../core/personal-data.ts';
import { plainRows } from '../../core/personal-data.ts';
import { OrderReportSchema } from './entities.ts';

/** Each column of a report that names someone. */
const PEOPLE = ['customer', 'chef', 'driver', 'reporter', 'completedBy'] as const;

/** Order reports are records the kitchen's reviews rely on: they stay, naming the pseudonym wherever they named the user. */
export const reportsPersonalData: PersonalDataContribution = {
  async exportFor(userId: string, em: Em) {
    return {
      reports: plainRows(
        await em.find(
          OrderReportSchema,
          { $or: PEOPLE.map((column) => ({ [column]: userId })) },
          { orderBy: { createdAt: 'asc' } },
        ),
      ),
    };
  },

  async eraseFor({ userId, pseudonymId }: Erasure, em: Em) {
    for (const column of PEOPLE) {
      await em.nativeUpdate(OrderReportSchema, { [column]: userId }, { [column]: pseudonymId });
    }
  },
};
