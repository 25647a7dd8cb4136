import { useState } from 'react';
import type { StoreItemView } from '../../../plugins/store/item-schemas.ts';
import { answerOf, client } from '../../lib/client.ts';
import { storeItemBody } from '../../lib/store-admin.ts';
import { InputField } from '../kit/InputField.tsx';
import { useAction } from '../kit/use-action.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { GrantFields } from './GrantFields.tsx';
import { type ItemMaxima, NumberField } from './ItemFields.tsx';
import { StockFields } from './StockFields.tsx';

interface Props {
  /** The item in `?edit=`, or null: the form adds one. */
  item: StoreItemView | null;
  ranks: { id: string; name: string }[];
  maxima: ItemMaxima;
}

/**
 * Site Settings' Store tab: the form that adds an item, or edits the one in `?edit=` (POST or PATCH
 * /api/client/store/items, storeItemBody). Saved: back to the tab with a toast; refused: the server's message as a
 * toast. Disabled until hydrated.
 */
export default function StoreItemForm({ item, ranks, maxima }: Props) {
  const hydrated = useHydrated();
  const [name, setName] = useState(item?.name ?? '');
  const { busy, run } = useAction({
    done: item ? `${name.trim()} saved.` : `${name.trim()} added to the store.`,
    next: '/staff/admin/settings?tab=store',
    failureMs: 8000,
  });
  const save = (body: ReturnType<typeof storeItemBody>) =>
    answerOf(
      item
        ? client.PATCH('/api/client/store/items/{id}', { params: { path: { id: item.id } }, body })
        : client.POST('/api/client/store/items', { body }),
    );
  const disabled = !hydrated;
  return (
    <form
      className="box store-admin-form"
      aria-labelledby="store-form-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const body = storeItemBody(new FormData(event.currentTarget));
        void run(() => save(body));
      }}
    >
      <h3 className="title is-5" id="store-form-title">
        {item ? `Edit ${item.name}` : 'Add an item'}
      </h3>
      <div className="columns">
        <InputField
          box="column field"
          id="item-name"
          label="Name"
          name="name"
          required
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
          disabled={disabled}
        />
        <NumberField
          id="item-price"
          label="Price in coins"
          name="price"
          required
          min={1}
          max={maxima.price}
          value={item?.price}
          disabled={disabled}
        />
      </div>
      <div className="field">
        <label className="label" htmlFor="item-description">
          Description
        </label>
        <textarea
          className="textarea"
          id="item-description"
          name="description"
          rows={2}
          maxLength={1000}
          defaultValue={item?.description ?? ''}
          disabled={disabled}
        />
      </div>
      <InputField
        id="item-picture"
        label="Picture address (https, optional)"
        name="picture"
        type="url"
        maxLength={500}
        placeholder="https://…"
        defaultValue={item?.picture ?? ''}
        disabled={disabled}
      />
      <GrantFields grant={item?.grant ?? null} ranks={ranks} maxima={maxima} disabled={disabled} />
      <StockFields item={item} maxima={maxima} disabled={disabled} />
      <div className="buttons">
        <button
          type="submit"
          className={busy ? 'button is-primary is-loading' : 'button is-primary'}
          disabled={disabled}
        >
          {item ? 'Save changes' : 'Add item'}
        </button>
        {item && (
          <a className="button" href="/staff/admin/settings?tab=store">
            Cancel
          </a>
        )}
      </div>
    </form>
  );
}
