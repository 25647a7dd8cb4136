import type { Em } from '../../core/db/orm.ts';
import {
  containing,
  type Erasure,
  type PersonalDataContribution,
  plainRows,
  scrubNames,
} from '../../core/personal-data.ts';
import { NotificationPreferenceSchema, NotificationSchema } from './entities.ts';

/** A user's notices and their DM preference: theirs alone, erased with the account; others' notices lose their name. */
export const notificationsPersonalData: PersonalDataContribution = {
  async exportFor(userId: string, em: Em) {
    return {
      notifications: plainRows(await em.find(NotificationSchema, { user: userId }, { orderBy: { createdAt: 'asc' } })),
      preferences: plainRows(await em.find(NotificationPreferenceSchema, { user: userId })),
    };
  },

  async eraseFor({ userId, names }: Erasure, em: Em) {
    await em.nativeDelete(NotificationSchema, { user: userId });
    await em.nativeDelete(NotificationPreferenceSchema, { user: userId });
    // Others' notices that named them (a gift's) name "Deleted user".
    for (const name of names) {
      for (const row of await em.find(NotificationSchema, { text: { $like: containing(name) } })) {
        row.text = scrubNames(row.text, names);
      }
    }
    await em.flush();
  },
};
