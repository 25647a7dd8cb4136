import { type FormEvent, useState } from 'react';
import { errorMessage, withMinimumDisplay } from '../../lib/api.ts';
import { answerOf, client } from '../../lib/client.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { type Checked, checkedOf } from './checked.ts';

interface Props {
  checked: Checked | null;
  onChecked: (checked: Checked | null) => void;
}

/** The order ID and Check: the answer shows under it (may be reported, or why not). */
export function CheckOrderForm({ checked, onChecked }: Props) {
  const hydrated = useHydrated();
  const [orderID, setOrderID] = useState('');
  const [busy, setBusy] = useState(false);

  const check = async (event: FormEvent) => {
    event.preventDefault();
    onChecked(null);
    setBusy(true);
    try {
      const body = { orderID: orderID.trim() };
      onChecked(
        checkedOf(await withMinimumDisplay(answerOf(client.POST('/api/client/report/order/eligible', { body })))),
      );
    } catch (error) {
      onChecked({ tone: 'is-danger', text: errorMessage(error), orderID: null });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="box" noValidate onSubmit={(event) => void check(event)}>
      <div className="field">
        <label className="label" htmlFor="report-order-id">
          Order ID
        </label>
        <div className="field has-addons">
          <div className="control is-expanded">
            <input
              className="input"
              id="report-order-id"
              name="orderID"
              required
              maxLength={20}
              autoComplete="off"
              placeholder="e.g. ABC234"
              value={orderID}
              disabled={!hydrated}
              onChange={(event) => setOrderID(event.target.value)}
            />
          </div>
          <div className="control">
            <button className={`button is-link${busy ? ' is-loading' : ''}`} type="submit" disabled={!hydrated || busy}>
              Check
            </button>
          </div>
        </div>
      </div>
      <p className={`notification ${checked?.tone ?? ''}`} data-report-eligibility role="status" hidden={!checked}>
        {checked?.text}
      </p>
    </form>
  );
}
