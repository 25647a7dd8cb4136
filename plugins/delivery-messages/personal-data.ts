import type { Em } from '../../core/db/orm.ts';
import type { Erasure, PersonalDataContribution } from '../../core/personal-data.ts';
import { plainRows } from '../../core/personal-data.ts';
import { DeliveryMessageSchema } from './entities.ts';

/** Premade messages the user wrote stay in the directory (drivers use them), written by the pseudonym. */
export const deliveryMessagesPersonalData: PersonalDataContribution = {
  async exportFor(userId: string, em: Em) {
    return { messagesWritten: plainRows(await em.find(DeliveryMessageSchema, { author: userId })) };
  },

  async eraseFor({ userId, pseudonymId }: Erasure, em: Em) {
    await em.nativeUpdate(DeliveryMessageSchema, { author: userId }, { author: pseudonymId });
  },
};
