import type { AdminOrdersKey } from '../../i18n/admin-orders/index.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import { $orderToDelete } from '../../stores/order-to-delete.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';
import type { DeletableOrder } from '../order-manager/DeleteDialog.tsx';

/** Order Management's Delete on a row: opens the page's Delete dialog (DeleteOrderDialog) on this order. */
export default function DeleteOrderButton({
  order,
  texts,
}: {
  order: DeletableOrder;
  texts: BrowserTexts<AdminOrdersKey>;
}) {
  const hydrated = useHydrated();
  const t = useTexts(texts);
  return (
    <button
      type="button"
      className="button is-small is-danger is-light"
      disabled={!hydrated}
      onClick={() => $orderToDelete.set(order)}
    >
      {t('delete')}
    </button>
  );
}
