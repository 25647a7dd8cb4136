import { useStore } from '@nanostores/react';
import { $billingError } from '../../stores/billing.ts';

/** The subscriptions page's one error line: why Subscribe or Manage billing could not open Stripe. */
export default function BillingError() {
  const error = useStore($billingError);
  return (
    <div
      className={error ? 'notification is-danger' : 'notification is-danger is-hidden'}
      role="alert"
      data-billing-error
    >
      {error}
    </div>
  );
}
