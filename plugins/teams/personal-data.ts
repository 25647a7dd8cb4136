import type { Em } from '../../core/db/orm.ts';
import type { Erasure, PersonalDataContribution } from '../../core/personal-data.ts';
import { plainRows } from '../../core/personal-data.ts';
import { TeamMemberSchema, TeamOrderCreditSchema, TeamSchema } from './entities.ts';

/** A deleted user leaves their team; the orders credited to teams stay, naming the pseudonym. */
export const teamsPersonalData: PersonalDataContribution = {
  async exportFor(userId: string, em: Em) {
    return {
      membership: plainRows(await em.find(TeamMemberSchema, { user: userId })),
      teamsCreated: plainRows(await em.find(TeamSchema, { createdBy: userId })),
      orderCredits: plainRows(
        await em.find(TeamOrderCreditSchema, {
          $or: [{ customer: userId }, { preparedBy: userId }, { deliveredBy: userId }],
        }),
      ),
    };
  },

  async eraseFor({ userId, pseudonymId }: Erasure, em: Em) {
    await em.nativeDelete(TeamMemberSchema, { user: userId });
    await em.nativeUpdate(TeamSchema, { createdBy: userId }, { createdBy: pseudonymId });
    await em.nativeUpdate(TeamOrderCreditSchema, { customer: userId }, { customer: pseudonymId });
    await em.nativeUpdate(TeamOrderCreditSchema, { preparedBy: userId }, { preparedBy: pseudonymId });
    await em.nativeUpdate(TeamOrderCreditSchema, { deliveredBy: userId }, { deliveredBy: pseudonymId });
  },
};
