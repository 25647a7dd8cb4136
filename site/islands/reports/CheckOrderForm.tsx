import { type FormEvent, useState } from 'react';
import { EligibleBodySchema } from '../../../plugins/reports/schemas.ts';
import type { ReportOrderT } from '../../i18n/report-order/index.ts';
import { errorMessage, withMinimumDisplay } from '../../lib/api.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, refusalOf } from '../../lib/refusal.ts';
import { Field } from '../kit/Field.tsx';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { useHydrated } from '../kit/use-hydrated.ts';
import { type Checked, checkedOf } from './checked.ts';

interface Props {
  checked: Checked | null;
  onChecked: (checked: Checked | null) => void;
  t: ReportOrderT;
  /** A refusal's words in the page's language (`refusalWords`). */
  words: RefusalWords;
}

/**
 * The order ID and Check: the answer shows under it (may be reported, or why not). What was typed is checked first
 * with the route's own schema, so an ID that is no order ID gets the server's message there without a call.
 */
export function CheckOrderForm({ checked, onChecked, t, words }: Props) {
  const hydrated = useHydrated();
  const [orderID, setOrderID] = useState('');
  const [busy, setBusy] = useState(false);

  const check = async (event: FormEvent) => {
    event.preventDefault();
    onChecked(null);
    const body = { orderID: orderID.trim() };
    const refusal = refusalOf(EligibleBodySchema, body, {}, 'body', words);
    if (refusal) return onChecked({ tone: 'is-danger', text: refusal.message, orderID: null });
    setBusy(true);
    try {
      onChecked(
        checkedOf(await withMinimumDisplay(answerOf(client.POST('/api/client/report/order/eligible', { body }))), t),
      );
    } catch (error) {
      onChecked({ tone: 'is-danger', text: errorMessage(error), orderID: null });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="box" noValidate onSubmit={(event) => void check(event)}>
      <Field id="report-order-id" label={t('check.label')}>
        <div className="field has-addons">
          <div className="control is-expanded">
            <input
              className="input"
              id="report-order-id"
              name="orderID"
              required
              maxLength={20}
              autoComplete="off"
              placeholder={t('check.placeholder')}
              value={orderID}
              disabled={!hydrated}
              onChange={(event) => setOrderID(event.target.value)}
            />
          </div>
          <div className="control">
            <SubmitButton className="is-link" busy={busy} disabled={!hydrated}>
              {t('check.button')}
            </SubmitButton>
          </div>
        </div>
      </Field>
      <p className={`notification ${checked?.tone ?? ''}`} data-report-eligibility role="status" hidden={!checked}>
        {checked?.text}
      </p>
    </form>
  );
}
