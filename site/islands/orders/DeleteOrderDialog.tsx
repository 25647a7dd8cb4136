import { useStore } from '@nanostores/react';
import type { KitchenTextKey } from '../../i18n/kitchen/index.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import { toastOnNextPage } from '../../lib/toast.ts';
import { $orderToDelete } from '../../stores/order-to-delete.ts';
import { useTexts } from '../kit/use-texts.ts';
import { DeleteDialog } from '../order-manager/DeleteDialog.tsx';

/**
 * Order Management's Delete dialog (the order manager's own): the reason the customer is told; once deleted, the
 * page loads again with a toast and the row shows Deleted.
 */
export default function DeleteOrderDialog({ texts }: { texts: BrowserTexts<KitchenTextKey> }) {
  const t = useTexts(texts);
  const order = useStore($orderToDelete);
  return (
    <DeleteDialog
      order={order}
      onClose={() => $orderToDelete.set(null)}
      onDeleted={(deleted) => {
        toastOnNextPage(t('toast.orderDeleted', { orderID: deleted.orderID }), 'is-success');
        location.reload();
      }}
      t={t}
    />
  );
}
