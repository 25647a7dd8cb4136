import type { Em } from '../../core/db/orm.ts';
import type { Erasure, PersonalDataContribution } from '../../core/personal-data.ts';
import { plainRows } from '../../core/personal-data.ts';
import { LeaveRequestSchema } from './entities.ts';

/** A user's leave requests are theirs and go with the account; those they decided as a manager name the pseudonym. */
export const onLeavePersonalData: PersonalDataContribution = {
  async exportFor(userId: string, em: Em) {
    return {
      leaveRequests: plainRows(await em.find(LeaveRequestSchema, { user: userId }, { orderBy: { createdAt: 'asc' } })),
      leaveDecided: plainRows(
        await em.find(
          LeaveRequestSchema,
          { $or: [{ decidedBy: userId }, { createdBy: userId }], user: { $ne: userId } },
          { orderBy: { createdAt: 'asc' } },
        ),
      ),
    };
  },

  async eraseFor({ userId, pseudonymId }: Erasure, em: Em) {
    await em.nativeDelete(LeaveRequestSchema, { user: userId });
    await em.nativeUpdate(LeaveRequestSchema, { decidedBy: userId }, { decidedBy: pseudonymId });
    await em.nativeUpdate(LeaveRequestSchema, { createdBy: userId }, { createdBy: pseudonymId });
  },
};
