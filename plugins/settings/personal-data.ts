import type { Em } from '../../core/db/orm.ts';
import type { Erasure, PersonalDataContribution } from '../../core/personal-data.ts';
import { SettingSchema } from './entities.ts';

/** Settings hold no one's data but who changed each last: that names the pseudonym after a deletion. */
export const settingsPersonalData: PersonalDataContribution = {
  async exportFor(userId: string, em: Em) {
    const changed = await em.find(SettingSchema, { updatedBy: userId }, { fields: ['key', 'updatedAt'] });
    return { settingsLastChanged: changed.map((s) => ({ key: s.key, updatedAt: s.updatedAt })) };
  },

  async eraseFor({ userId, pseudonymId }: Erasure, em: Em) {
    await em.nativeUpdate(SettingSchema, { updatedBy: userId }, { updatedBy: pseudonymId });
  },
};
