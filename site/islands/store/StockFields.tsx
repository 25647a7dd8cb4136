import { ITEM_LIMIT_MAX, ITEM_STOCK_MAX, type StoreItemView } from '../../../plugins/store/item-schemas.ts';
import { NumberField } from './ItemField.tsx';

/** The store item form's last row: the stock, the most one user may get (each empty: no limit) and On sale. */
export function StockFields({ item, disabled }: { item: StoreItemView | null; disabled: boolean }) {
  return (
    <div className="columns">
      <NumberField
        id="item-stock"
        label="Stock (empty: unlimited)"
        name="stock"
        min={0}
        max={ITEM_STOCK_MAX}
        value={item?.stock}
        disabled={disabled}
      />
      <NumberField
        id="item-limit"
        label="Most one user may get (empty: no limit)"
        name="perUserLimit"
        min={1}
        max={ITEM_LIMIT_MAX}
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
