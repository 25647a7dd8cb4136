import { type SubmitEvent, useState } from 'react';
import { DELIVERY_MESSAGE_MAX, DeliveryMessageTextSchema } from '../../../plugins/users/schemas.ts';
import type { DeliveryMessagesTextKey } from '../../i18n/delivery-messages/index.ts';
import { errorMessage, withMinimumDisplay } from '../../lib/api.ts';
import { answerOf, client } from '../../lib/client.ts';
import { previewOf } from '../../lib/message-preview.ts';
import type { TextValues } from '../../lib/texts.ts';
import { toast, toastOnNextPage } from '../../lib/toast.ts';
import { useFields } from '../kit/use-fields.ts';

/** The directory's words (its catalogue, in the page's language). */
export type DeliveryMessagesText = (key: DeliveryMessagesTextKey, values?: TextValues) => string;

export interface MessageFormProps {
  /** `create`, `own` (the user's own delivery message), or the id of the premade message being edited. */
  mode: string;
  /** The signed-in user's id. */
  me: string;
  title?: string;
  slug?: string;
  message?: string;
}

/**
 * The premade message editor's state and save: the title, slug and message as typed, the message's preview with the
 * sample order, its length and what the rule says is wrong with it. Saved (POST or PATCH
 * /api/client/delivery-messages, or PATCH …/users/{id}/premade-messages for `own`): to the message's page, or the
 * directory, with a toast; refused: the server's message as a toast and Save usable again.
 */
export function useMessageForm({ mode, me, ...initial }: MessageFormProps, t: DeliveryMessagesText) {
  const { fields, set } = useFields({
    title: initial.title ?? '',
    slug: initial.slug ?? '',
    message: initial.message ?? '',
  });
  const { title, slug, message } = fields;
  const [busy, setBusy] = useState(false);
  const checked = DeliveryMessageTextSchema.safeParse(message);

  const save = async (): Promise<{ done: string; next: string }> => {
    if (mode === 'own') {
      await answerOf(
        client.PATCH('/api/client/users/{id}/premade-messages', {
          params: { path: { id: me } },
          body: { deliveryMessage: message.trim() },
        }),
      );
      return { done: t('form.ownSaved'), next: '/staff/delivery-messages' };
    }
    const body = { title: title.trim(), message: message.trim(), ...(slug.trim() ? { slug: slug.trim() } : {}) };
    const { deliveryMessage } = await answerOf(
      mode === 'create'
        ? client.POST('/api/client/delivery-messages', { body })
        : client.PATCH('/api/client/delivery-messages/{ref}', { params: { path: { ref: mode } }, body }),
    );
    const done = mode === 'create' ? t('form.added') : t('form.saved');
    return { done, next: `/staff/delivery-messages/${deliveryMessage.slug}` };
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const { done, next } = await withMinimumDisplay(save());
      toastOnNextPage(done, 'is-success');
      location.assign(next);
    } catch (error) {
      toast(errorMessage(error), 'is-danger');
      setBusy(false);
    }
  };

  return {
    fields,
    set,
    preview: message.trim() ? previewOf(message) : t('form.previewEmpty'),
    problem: message && !checked.success ? (checked.error.issues[0]?.message ?? '') : '',
    count: `${message.length} / ${DELIVERY_MESSAGE_MAX}`,
    busy,
    submit,
  };
}
