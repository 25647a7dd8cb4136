import type { Em } from '../../core/db/orm.ts';
import type { Erasure, PersonalDataContribution } from '../../core/personal-data.ts';
import { plainRows } from '../../core/personal-data.ts';
import { DiscordRankAnnouncementSchema } from './entities.ts';

/** The rank changes announced about the user: claims that keep an announcement from being posted twice, pseudonymised. */
export const discordPersonalData: PersonalDataContribution = {
  async exportFor(userId: string, em: Em) {
    return { rankAnnouncements: plainRows(await em.find(DiscordRankAnnouncementSchema, { userId })) };
  },

  async eraseFor({ userId, pseudonymId }: Erasure, em: Em) {
    await em.nativeUpdate(DiscordRankAnnouncementSchema, { userId }, { userId: pseudonymId });
  },
};
