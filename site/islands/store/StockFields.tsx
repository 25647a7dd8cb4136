import type { StoreItemView } from '../../../plugins/store/item-schemas.ts';
import { type ItemMaxima, NumberField } from './ItemFields.tsx';

/** The store item form's last row: the stock, the most one user may get (each empty: no limit) and On sale. */
export function StockFields({
  item,
  maxima,
  disabled,
}: {
  item: StoreItemView | null;
  maxima: ItemMaxima;
  disabled: boolean;
}) {
  return (
    <div className="columns">
      <NumberField
        id="item-stock"
        label="Stock (empty: unlimited)"
        name="stock"
        min={0}
        max={maxima.stock}
        value={item?.stock}
        disabled={disabled}
      />
      <NumberField
        id="item-limit"
        label="Most one user may get (empty: no limit)"
        name="perUserLimit"
        min={1}
        max={maxima.perUserLimit}
        value={item?.perUserLimit}
        disabled={disabled}
      />
      <div className="column field store-on-sale">
        <label className="checkbox">
          <input type="checkbox" name="onSale" defaultChecked={item ? item.onSale : true} disabled={disabled} /> On sale
        </label>
      </div>
    </div>
  );
}
