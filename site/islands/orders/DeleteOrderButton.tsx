import { $orderToDelete } from '../../stores/order-to-delete.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import type { DeletableOrder } from '../order-manager/DeleteDialog.tsx';

/** Order Management's Delete on a row: opens the page's Delete dialog (DeleteOrderDialog) on this order. */
export default function DeleteOrderButton({ order }: { order: DeletableOrder }) {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className="button is-small is-danger is-light"
      disabled={!hydrated}
      onClick={() => $orderToDelete.set(order)}
    >
      Delete
    </button>
  );
}
