import { useState } from 'react';
import { RestockBodySchema } from '../../../plugins/store/schemas.ts';
import type { AdminSettingsKey } from '../../i18n/admin-settings/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, refusalOf } from '../../lib/refusal.ts';
import type { TextValues } from '../../lib/texts.ts';
import { useAction } from '../kit/use-action.ts';
import { useHydrated } from '../kit/use-hydrated.ts';

interface Props {
  id: string;
  name: string;
  /** Its words in the page's language. */
  t: (
    key: Extract<AdminSettingsKey, 'store.restockLabel' | 'store.restock' | 'store.restocked'>,
    values?: TextValues,
  ) => string;
  /** A refusal's words in the page's language (`refusalWords`). */
  words: RefusalWords;
}

/**
 * A counted item's Restock on Site Settings' Store tab: adds the number typed (a whole number, at least 1: the browser
 * checks that, this form is not `novalidate`; then the route's schema, for its most) to the stock, then the page
 * loads again with a toast. Refused, before the call or by the server: the server's message as a toast.
 */
export function RestockForm({ id, name, t, words }: Props) {
  const hydrated = useHydrated();
  const [add, setAdd] = useState('');
  const { busy, run, refuse } = useAction({ done: t('store.restocked', { count: Number(add) }), failureMs: 8000 });
  const restock = () => {
    const body = { add: Number(add) };
    const refusal = refusalOf(RestockBodySchema, body, {}, 'body', words);
    if (refusal) return refuse(refusal);
    void run(() => answerOf(client.POST('/api/client/store/items/{id}/restock', { params: { path: { id } }, body })));
  };
  return (
    <form
      className="store-restock"
      onSubmit={(event) => {
        event.preventDefault();
        restock();
      }}
    >
      <label className="is-sr-only" htmlFor={`restock-${id}`}>
        {t('store.restockLabel', { name })}
      </label>
      <input
        className="input is-small"
        id={`restock-${id}`}
        name="add"
        type="number"
        min="1"
        step="1"
        placeholder="+10"
        required
        value={add}
        onChange={(event) => setAdd(event.target.value)}
        disabled={!hydrated}
      />
      <button type="submit" className="button is-small" disabled={!hydrated || busy}>
        {t('store.restock')}
      </button>
    </form>
  );
}
