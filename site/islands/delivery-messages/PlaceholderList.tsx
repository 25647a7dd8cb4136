import { DELIVERY_MESSAGE_PLACEHOLDERS } from '../../../plugins/users/schemas.ts';
import type { DeliveryMessagesTextKey } from '../../i18n/delivery-messages/index.ts';
import type { DeliveryMessagesText } from './use-message-form.ts';

const HELP: Record<(typeof DELIVERY_MESSAGE_PLACEHOLDERS)[number], DeliveryMessagesTextKey> = {
  '{customer}': 'placeholders.customer',
  '{chef}': 'placeholders.chef',
  '{driver}': 'placeholders.driver',
  '{item}': 'placeholders.item',
  '{orderID}': 'placeholders.orderID',
};

interface Props {
  /** Puts the placeholder in the message where the cursor is. */
  onInsert: (placeholder: string) => void;
  disabled: boolean;
  t: DeliveryMessagesText;
}

/** The editor's placeholders (the users plugin's one list), each a button that inserts it, with what it becomes. */
export function PlaceholderList({ onInsert, disabled, t }: Props) {
  return (
    <fieldset className="field placeholder-list">
      <legend className="label">{t('placeholders.legend')}</legend>
      <ul>
        {DELIVERY_MESSAGE_PLACEHOLDERS.map((p) => (
          <li key={p}>
            <button type="button" className="button is-small is-light" onClick={() => onInsert(p)} disabled={disabled}>
              <code>{p}</code>
            </button>{' '}
            {t(HELP[p])}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
