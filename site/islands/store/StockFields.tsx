import { ITEM_LIMIT_MAX, ITEM_STOCK_MAX } from '../../../plugins/store/schemas.ts';
import { Checkbox } from '../kit/Checkbox.tsx';
import { NumberField } from './ItemFields.tsx';
import type { ItemFieldProps } from './use-store-item-form.ts';

interface Props extends ItemFieldProps {
  onSale: boolean;
  setOnSale: (onSale: boolean) => void;
}

/** The store item form's last row: the stock, the most one user may get (each empty: no limit) and On sale. */
export function StockFields({ fields, set, onSale, setOnSale, disabled, t }: Props) {
  return (
    <div className="columns">
      <NumberField
        id="item-stock"
        label={t('item.stock')}
        name="stock"
        min={0}
        max={ITEM_STOCK_MAX}
        value={fields.stock}
        onChange={(value) => set('stock', value)}
        disabled={disabled}
      />
      <NumberField
        id="item-limit"
        label={t('item.limit')}
        name="perUserLimit"
        min={1}
        max={ITEM_LIMIT_MAX}
        value={fields.perUserLimit}
        onChange={(value) => set('perUserLimit', value)}
        disabled={disabled}
      />
      <div className="column field store-on-sale">
        <Checkbox name="onSale" id="item-on-sale" checked={onSale} onChange={setOnSale} disabled={disabled}>
          {t('item.onSale')}
        </Checkbox>
      </div>
    </div>
  );
}
