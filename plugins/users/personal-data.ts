import type { Em } from '../../core/db/orm.ts';
import type { Erasure, PersonalDataContribution } from '../../core/personal-data.ts';
import { plainRows } from '../../core/personal-data.ts';
import { BlacklistSchema, ResignationSchema, WarningSchema } from './entities.ts';

/**
 * The users plugin's part of a user's data: warnings, the blacklist entry, the resignation. Warnings about the user
 * and their resignation are erased; warnings and blacklist entries they gave as staff name their pseudonym. An active
 * blacklist entry survives deletion (docs/decisions.md, "Deleting an account"): it keeps the identity row.
 */
export const usersPersonalData: PersonalDataContribution = {
  async exportFor(userId: string, em: Em) {
    return {
      warnings: plainRows(await em.find(WarningSchema, { user: userId }, { orderBy: { createdAt: 'asc' } })),
      warningsGiven: plainRows(await em.find(WarningSchema, { by: userId }, { orderBy: { createdAt: 'asc' } })),
      blacklist: plainRows(await em.find(BlacklistSchema, { user: userId })),
      blacklistChangesMade: plainRows(await em.find(BlacklistSchema, { by: userId, user: { $ne: userId } })),
      resignation: plainRows(await em.find(ResignationSchema, { user: userId })),
    };
  },

  async eraseFor({ userId, pseudonymId }: Erasure, em: Em) {
    await em.nativeDelete(WarningSchema, { user: userId });
    await em.nativeDelete(ResignationSchema, { user: userId });
    await em.nativeUpdate(WarningSchema, { by: userId }, { by: pseudonymId });
    await em.nativeUpdate(BlacklistSchema, { by: userId }, { by: pseudonymId });
    // A lifted entry protects nobody: it goes. An active one stays, and so does the Discord id it names.
    await em.nativeDelete(BlacklistSchema, { user: userId, active: false });
  },

  async keepsIdentity(userId: string, em: Em) {
    return (await em.count(BlacklistSchema, { user: userId, active: true })) > 0;
  },
};
