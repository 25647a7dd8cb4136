import type { Perk } from '../../../core/shared/permissions.ts';
import { ITEM_PRICE_MAX, type StoreItemView } from '../../../plugins/store/schemas.ts';
import type { AdminSettingsKey } from '../../i18n/admin-settings/index.ts';
import type { RefusalWords } from '../../lib/refusal.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { TextField } from '../kit/TextField.tsx';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';
import { GrantFields } from './GrantFields.tsx';
import { NumberField } from './ItemFields.tsx';
import { StockFields } from './StockFields.tsx';
import { useStoreItemForm } from './use-store-item-form.ts';

interface Props {
  /** The item in `?edit=`, or null: the form adds one. */
  item: StoreItemView | null;
  ranks: { id: string; name: string }[];
  /** Its words in the page's language (site.admin-settings). */
  texts: BrowserTexts<AdminSettingsKey>;
  /** A refusal's words in the page's language (`refusalWords`). */
  refusalWords: RefusalWords;
  /** The perks by their names in the page's language. */
  perkNames: Readonly<Record<Perk, string>>;
}

/**
 * Site Settings' Store tab: the form that adds an item, or edits the one in `?edit=` (useStoreItemForm). Disabled
 * until hydrated.
 */
export default function StoreItemForm({ item, ranks, texts, perkNames, refusalWords }: Props) {
  const hydrated = useHydrated();
  const t = useTexts(texts);
  const { fields, set, onSale, setOnSale, busy, submit } = useStoreItemForm(item, ranks, t, refusalWords);
  const disabled = !hydrated;
  return (
    <form className="box store-admin-form" aria-labelledby="store-form-title" noValidate onSubmit={submit}>
      <h3 className="title is-5" id="store-form-title">
        {item ? t('item.edit', { name: item.name }) : t('item.add')}
      </h3>
      <div className="columns">
        <TextField
          className="column"
          control={false}
          id="item-name"
          label={t('item.name')}
          name="name"
          required
          maxLength={100}
          value={fields.name}
          onChange={(value) => set('name', value)}
          disabled={disabled}
        />
        <NumberField
          id="item-price"
          label={t('item.price')}
          name="price"
          required
          min={1}
          max={ITEM_PRICE_MAX}
          value={fields.price}
          onChange={(value) => set('price', value)}
          disabled={disabled}
        />
      </div>
      <TextField
        id="item-description"
        label={t('item.description')}
        name="description"
        rows={2}
        maxLength={1000}
        control={false}
        value={fields.description}
        onChange={(value) => set('description', value)}
        disabled={disabled}
      />
      <TextField
        id="item-picture"
        label={t('item.picture')}
        name="picture"
        type="url"
        maxLength={500}
        placeholder="https://…"
        control={false}
        value={fields.picture}
        onChange={(value) => set('picture', value)}
        disabled={disabled}
      />
      <GrantFields fields={fields} set={set} ranks={ranks} perkNames={perkNames} disabled={disabled} t={t} />
      <StockFields fields={fields} set={set} onSale={onSale} setOnSale={setOnSale} disabled={disabled} t={t} />
      <div className="buttons">
        <SubmitButton className="is-primary" busy={busy} disabled={disabled}>
          {t(item ? 'item.save' : 'item.addButton')}
        </SubmitButton>
        {item && (
          <a className="button" href="/staff/admin/settings?tab=store">
            {t('item.cancel')}
          </a>
        )}
      </div>
    </form>
  );
}
