import { useState } from 'react';
import { errorMessage, withMinimumDisplay } from '../../lib/api.ts';
import { $billingError } from '../../stores/billing.ts';

/**
 * A button that asks the API for a Stripe page and goes there; on failure the page's billing error says why and
 * nothing changes.
 */
export function useStripeRedirect(): { busy: boolean; go: (call: () => Promise<string>) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const go = async (call: () => Promise<string>) => {
    setBusy(true);
    $billingError.set(null);
    try {
      location.assign(await withMinimumDisplay(call()));
    } catch (error) {
      $billingError.set(errorMessage(error));
      setBusy(false);
    }
  };
  return { busy, go };
}
