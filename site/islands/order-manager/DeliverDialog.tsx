import { useId } from 'react';
import { MAX_REASON_LENGTH, type OrderView } from '../../../plugins/orders/schemas.ts';
import { fillDeliveryMessage } from '../../../plugins/users/schemas.ts';
import type { KitchenText } from '../../i18n/kitchen/index.ts';
import { displayNameOf } from '../../lib/avatar.ts';
import type { RefusalWords } from '../../lib/refusal.ts';
import { Switch } from '../kit/Switch.tsx';
import { KitchenDialog } from './KitchenDialog.tsx';
import { PremadePicker } from './PremadePicker.tsx';
import { useDeliver } from './use-deliver.ts';
import { useDeliveryDefault } from './use-delivery-default.ts';

interface Props {
  order: OrderView | null;
  /** The driver's own delivery message (profile), or null for the default. */
  deliveryMessage: string | null;
  driverName: string;
  driverId: string;
  /** A premade message became the driver's saved message (they delivered with it). */
  onMessageSaved: (message: string) => void;
  onClose: () => void;
  onDelivered: (order: OrderView) => void;
  t: KitchenText;
  /** A refusal's words in the page's language (`refusalWords`: the orders schemas', an image URL's problem). */
  refusalWords: RefusalWords;
}

/**
 * Deliver: preview what the bot will post (the default message in the language it posts it in, asked when the dialog
 * opens), with the driver's saved message or one picked from the premade message directory (which becomes their saved
 * message: the bot reads it when the order is delivered), or report the order (troll or invalid) with a reason instead.
 */
export function DeliverDialog({
  order,
  deliveryMessage,
  driverName,
  driverId,
  onMessageSaved,
  onClose,
  onDelivered,
  t,
  refusalWords,
}: Props) {
  const reasonId = useId();
  const deliver = useDeliver({ order, driverId, onMessageSaved, onDelivered, words: refusalWords });
  const { report, setReport, reason, setReason, error, saving, picked, setPicked, submit } = deliver;

  // The default's words, and the name of a missing chef, are in the language the bot posts in; a driver's own
  // message is as they wrote it.
  const { words, loading } = useDeliveryDefault(order?.id ?? null);
  const own = picked?.message || deliveryMessage || null;
  const preview = order
    ? fillDeliveryMessage(own ?? words.message, {
        customer: `@${displayNameOf(order.orderedBy)}`,
        chef: order.preparedBy ? displayNameOf(order.preparedBy) : words.theKitchen,
        driver: driverName,
        item: order.item,
        orderID: order.orderID,
      })
    : '';

  return (
    <KitchenDialog
      open={order !== null}
      title={t('deliver.title', { orderID: order?.orderID ?? '' })}
      onClose={onClose}
      onSubmit={() => void submit()}
      error={error}
      saving={saving}
      submitLabel={report ? t('deliver.report') : t('deliver.submit')}
      submitClass={report ? 'is-danger' : 'is-success'}
      t={t}
    >
      {order && !report && (
        <>
          <p className="label">{t('deliver.willPost')}</p>
          <blockquote className="delivery-preview" aria-busy={loading}>
            <p lang={own ? undefined : words.locale}>{preview}</p>
            {order.images.length > 0 && (
              <div className="order-images">
                {order.images.map((src) => (
                  <img key={src} src={src} alt={t('picture.alt', { item: order.item })} width="64" height="64" />
                ))}
              </div>
            )}
          </blockquote>
          <p className="help">
            {picked
              ? t('deliver.fromDirectory', { title: picked.title })
              : deliveryMessage
                ? t('deliver.fromProfile')
                : t('deliver.default')}
          </p>
          <PremadePicker saved={deliveryMessage} picked={picked} onPick={setPicked} t={t} />
        </>
      )}
      <div className="field">
        <Switch checked={report} onChange={setReport}>
          {t('deliver.reportSwitch')}
        </Switch>
      </div>
      {report && (
        <div className="field">
          <label className="label" htmlFor={reasonId}>
            {t('deliver.reason')}
          </label>
          <textarea
            className="textarea"
            id={reasonId}
            rows={2}
            maxLength={MAX_REASON_LENGTH}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
      )}
    </KitchenDialog>
  );
}
