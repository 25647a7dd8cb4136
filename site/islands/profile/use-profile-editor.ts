import { type SubmitEvent, useState } from 'react';
import { PERKS } from '../../../core/shared/permissions.ts';
import { UserManagerUpdateBodySchema } from '../../../plugins/users/schemas.ts';
import type { ProfileFormsT } from '../../i18n/profile-forms/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, refusalOf } from '../../lib/refusal.ts';
import { useAction } from '../kit/use-action.ts';
import { useToggleSet } from '../kit/use-toggle-set.ts';

interface Initial {
  userId: string;
  profileHref: string;
  displayName: string;
  /** null: the field is not shown (and not sent). */
  deliveryMessage: string | null;
  /** A user manager on someone else: the perks given by hand (sent); null: the user themself. */
  perks: string[] | null;
  t: ProfileFormsT;
  /** A refusal's words in the page's language (`refusalWords`). */
  words: RefusalWords;
}

/** Edit Profile's form state and its Save: the delivery message must mention {customer}; saving returns to the profile. */
export function useProfileEditor({ userId, profileHref, t, words, ...initial }: Initial) {
  const [displayName, setDisplayName] = useState(initial.displayName);
  const [deliveryMessage, setDeliveryMessage] = useState(initial.deliveryMessage ?? '');
  const [perks, togglePerk] = useToggleSet(initial.perks ?? []);
  const save = useAction({ done: t('editor.saved'), next: profileHref, inline: true });

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const message = deliveryMessage.trim();
    if (initial.deliveryMessage !== null && message && !message.includes('{customer}'))
      return save.fail({ message: t('editor.mustGreet', { placeholder: '{customer}' }), field: 'deliveryMessage' });
    const body = {
      displayName: displayName.trim() || null,
      ...(initial.deliveryMessage !== null && { settings: { deliveryMessage: message ? { message } : null } }),
      ...(initial.perks !== null && { perks: PERKS.filter((perk) => perks.has(perk)) }),
    };
    const refusal = refusalOf(UserManagerUpdateBodySchema, body, { settings: 'deliveryMessage' }, 'body', words);
    if (refusal) return save.fail(refusal);
    void save.run(() => answerOf(client.PATCH('/api/client/users/{id}', { params: { path: { id: userId } }, body })));
  };

  return {
    fields: { displayName, deliveryMessage, perks },
    set: { displayName: setDisplayName, deliveryMessage: setDeliveryMessage, perk: togglePerk },
    save,
    submit,
  };
}
