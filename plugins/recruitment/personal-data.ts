import type { Em } from '../../core/db/orm.ts';
import { DELETED_USER_NAME, type Erasure, type PersonalDataContribution, plainRows } from '../../core/personal-data.ts';
import { ApplicationHistorySchema, ApplicationSchema, RecruitmentFormSchema } from './entities.ts';

/**
 * A user's applications stay, as the record reviewers' decisions and figures rest on, under the pseudonym and with
 * their answers erased; decisions they made on others' applications name the pseudonym, and so do the forms they made.
 */
export const recruitmentPersonalData: PersonalDataContribution = {
  async exportFor(userId: string, em: Em) {
    const applications = await em.find(ApplicationSchema, { user: userId }, { orderBy: { createdAt: 'asc' } });
    return {
      applications: plainRows(applications),
      applicationHistory: plainRows(
        await em.find(
          ApplicationHistorySchema,
          { application: { $in: applications.map((a) => a.id) } },
          { orderBy: { createdAt: 'asc' } },
        ),
      ),
      formsMade: plainRows(await em.find(RecruitmentFormSchema, { createdBy: userId })),
      reviewsMade: plainRows(
        await em.find(ApplicationHistorySchema, { by: userId }, { orderBy: { createdAt: 'asc' } }),
      ),
    };
  },

  async eraseFor({ userId, pseudonymId }: Erasure, em: Em) {
    await em.nativeUpdate(ApplicationSchema, { user: userId }, { user: pseudonymId, answers: {} });
    await em.nativeUpdate(ApplicationHistorySchema, { by: userId }, { by: pseudonymId, byName: DELETED_USER_NAME });
    await em.nativeUpdate(RecruitmentFormSchema, { createdBy: userId }, { createdBy: pseudonymId });
  },
};
