import type { Em } from '../../core/db/orm.ts';
import type { Erasure, PersonalDataContribution } from '../../core/personal-data.ts';
import { plainRows } from '../../core/personal-data.ts';
import { NotificationPreferenceSchema, NotificationSchema } from './entities.ts';

/** A user's notices and their DM preference: theirs alone, erased with the account. */
export const notificationsPersonalData: PersonalDataContribution = {
  async exportFor(userId: string, em: Em) {
    return {
      notifications: plainRows(await em.find(NotificationSchema, { user: userId }, { orderBy: { createdAt: 'asc' } })),
      preferences: plainRows(await em.find(NotificationPreferenceSchema, { user: userId })),
    };
  },

  async eraseFor({ userId }: Erasure, em: Em) {
    await em.nativeDelete(NotificationSchema, { user: userId });
    await em.nativeDelete(NotificationPreferenceSchema, { user: userId });
  },
};
