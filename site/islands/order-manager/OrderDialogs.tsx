import { useState } from 'react';
import type { OrderView } from '../../../plugins/orders/schemas.ts';
import type { KitchenText } from '../../i18n/kitchen/index.ts';
import type { RefusalWords } from '../../lib/refusal.ts';
import { DeleteDialog } from './DeleteDialog.tsx';
import { DeliverDialog } from './DeliverDialog.tsx';
import type { Viewer } from './OrderCard.tsx';
import { PrepareDialog } from './PrepareDialog.tsx';
import type { Dialog } from './use-order-actions.ts';

interface Props {
  dialog: Dialog;
  viewer: Viewer & { name: string; deliveryMessage: string | null };
  onClose: () => void;
  /** A dialog's success, with its toast. */
  done: (message: string) => (order: OrderView) => void;
  t: KitchenText;
  /** A refusal's words in the page's language (`refusalWords`: the orders schemas', an image URL's problem). */
  words: RefusalWords;
}

/** The order manager's three dialogs (prepare, deliver, delete), one open at a time. */
export function OrderDialogs({ dialog, viewer, onClose, done, t, words }: Props) {
  const [savedMessage, setSavedMessage] = useState(viewer.deliveryMessage);
  const orderFor = (kind: NonNullable<Dialog>['kind']) => (dialog?.kind === kind ? dialog.order : null);
  return (
    <>
      <PrepareDialog
        order={orderFor('prepare')}
        onClose={onClose}
        onPrepared={done(t('toast.prepared'))}
        t={t}
        refusalWords={words}
      />
      <DeliverDialog
        order={orderFor('deliver')}
        deliveryMessage={savedMessage}
        driverName={viewer.name}
        driverId={viewer.id}
        onMessageSaved={setSavedMessage}
        onClose={onClose}
        onDelivered={done(t('toast.delivered'))}
        t={t}
        refusalWords={words}
      />
      <DeleteDialog order={orderFor('delete')} onClose={onClose} onDeleted={done(t('toast.deleted'))} t={t} />
    </>
  );
}
