import type { FormEvent } from 'react';
import { useState } from 'react';
import { PERKS } from '../../../core/shared/permissions.ts';
import { CreateItemBodySchema, type StoreItemView, UpdateItemBodySchema } from '../../../plugins/store/schemas.ts';
import type { AdminSettingsKey } from '../../i18n/admin-settings/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, refusalOf } from '../../lib/refusal.ts';
import { storeItemBody, storeItemFields } from '../../lib/store-admin.ts';
import type { TextValues } from '../../lib/texts.ts';
import { useAction } from '../kit/use-action.ts';
import { useFields } from '../kit/use-fields.ts';

/**
 * The store item form's state and save: its fields as typed, On sale, and the save (POST or PATCH
 * /api/client/store/items, storeItemBody), checked first with the route's own schema. Saved: back to the Store tab
 * with a toast; refused, before the call or by the server: the server's message as a toast, kept 8 s (it may name a
 * field).
 */
export function useStoreItemForm(
  item: StoreItemView | null,
  ranks: { id: string }[],
  t: StoreFormT,
  words: RefusalWords,
) {
  const initial = storeItemFields(item, PERKS[0], ranks[0]?.id ?? '');
  const { fields, set } = useFields(initial.fields);
  const [onSale, setOnSale] = useState(initial.onSale);
  const { busy, run, refuse } = useAction({
    done: t(item ? 'item.saved' : 'item.added', { name: fields.name.trim() }),
    next: '/staff/admin/settings?tab=store',
    failureMs: 8000,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = storeItemBody(fields, onSale);
    const refusal = refusalOf(item ? UpdateItemBodySchema : CreateItemBodySchema, body, {}, 'body', words);
    if (refusal) return refuse(refusal);
    void run(() =>
      answerOf(
        item
          ? client.PATCH('/api/client/store/items/{id}', { params: { path: { id: item.id } }, body })
          : client.POST('/api/client/store/items', { body }),
      ),
    );
  };
  return { fields, set, onSale, setOnSale, busy, submit };
}

/** The store item form's words in the page's language (site.admin-settings). */
export type StoreFormT = (key: AdminSettingsKey, values?: TextValues) => string;

/** What the form's rows are given: the fields, a change to one, whether the controls are usable yet, and the words. */
export type ItemFieldProps = Pick<ReturnType<typeof useStoreItemForm>, 'fields' | 'set'> & {
  disabled: boolean;
  t: StoreFormT;
};
