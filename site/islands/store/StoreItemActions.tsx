import { answerOf, client } from '../../lib/client.ts';
import { ActionButton } from '../kit/ActionButton.tsx';
import { RestockForm } from './RestockForm.tsx';

interface Props {
  item: { id: string; name: string; onSale: boolean; stock: number | null; sold: number };
}

/**
 * An item's actions on Site Settings' Store tab: Edit (the form below, `?edit=`), on or off sale, Restock (a counted
 * stock only) and Delete (an item nobody bought only; asks first). Each call reloads the page with a toast.
 */
export default function StoreItemActions({ item }: Props) {
  const { id, name } = item;
  const path = { params: { path: { id } } };
  return (
    <div className="buttons">
      <a className="button is-small" href={`/staff/admin/settings?tab=store&edit=${id}#store-form-title`}>
        Edit
      </a>
      <ActionButton
        className="button is-small"
        done={item.onSale ? 'The item is off sale.' : 'The item is on sale.'}
        failureMs={8000}
        call={() => answerOf(client.PATCH('/api/client/store/items/{id}', { ...path, body: { onSale: !item.onSale } }))}
      >
        {item.onSale ? 'Take off sale' : 'Put on sale'}
      </ActionButton>
      {item.stock !== null && <RestockForm id={id} name={name} />}
      {item.sold === 0 && (
        <ActionButton
          className="button is-small"
          confirm={`Delete ${name}? Nobody bought it yet.`}
          done="Item deleted."
          failureMs={8000}
          call={() => answerOf(client.DELETE('/api/client/store/items/{id}', path))}
        >
          Delete
        </ActionButton>
      )}
    </div>
  );
}
