import type { AdminSettingsKey } from '../../i18n/admin-settings/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import type { RefusalWords } from '../../lib/refusal.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import { ActionButton } from '../kit/ActionButton.tsx';
import { useTexts } from '../kit/use-texts.ts';
import { RestockForm } from './RestockForm.tsx';

/** The texts an item's actions read (site.admin-settings): the page hands each row only these. */
export const ITEM_ACTION_KEYS = [
  'store.edit',
  'store.takeOff',
  'store.putOn',
  'store.nowOff',
  'store.nowOn',
  'store.delete',
  'store.deleteConfirm',
  'store.deleted',
  'store.restockLabel',
  'store.restock',
  'store.restocked',
] as const satisfies readonly AdminSettingsKey[];

export type ItemActionTexts = BrowserTexts<(typeof ITEM_ACTION_KEYS)[number]>;

interface Props {
  item: { id: string; name: string; onSale: boolean; stock: number | null; sold: number };
  /** Their words in the page's language. */
  texts: ItemActionTexts;
  /** A refusal's words in the page's language (`refusalWords`). */
  refusalWords: RefusalWords;
}

/**
 * An item's actions on Site Settings' Store tab: Edit (the form below, `?edit=`), on or off sale, Restock (a counted
 * stock only) and Delete (an item nobody bought only; asks first). Each call reloads the page with a toast.
 */
export default function StoreItemActions({ item, texts, refusalWords }: Props) {
  const t = useTexts(texts);
  const { id, name } = item;
  const path = { params: { path: { id } } };
  return (
    <div className="buttons">
      <a className="button is-small" href={`/staff/admin/settings?tab=store&edit=${id}#store-form-title`}>
        {t('store.edit')}
      </a>
      <ActionButton
        className="button is-small"
        done={t(item.onSale ? 'store.nowOff' : 'store.nowOn')}
        failureMs={8000}
        call={() => answerOf(client.PATCH('/api/client/store/items/{id}', { ...path, body: { onSale: !item.onSale } }))}
      >
        {t(item.onSale ? 'store.takeOff' : 'store.putOn')}
      </ActionButton>
      {item.stock !== null && <RestockForm id={id} name={name} t={t} words={refusalWords} />}
      {item.sold === 0 && (
        <ActionButton
          className="button is-small"
          confirm={t('store.deleteConfirm', { name })}
          done={t('store.deleted')}
          failureMs={8000}
          call={() => answerOf(client.DELETE('/api/client/store/items/{id}', path))}
        >
          {t('store.delete')}
        </ActionButton>
      )}
    </div>
  );
}
