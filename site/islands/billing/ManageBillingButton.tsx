import { answerOf, client } from '../../lib/client.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useStripeRedirect } from './use-stripe-redirect.ts';

/** The current plan's Manage billing: opens Stripe's billing portal. */
export default function ManageBillingButton({ label }: { label: string }) {
  const hydrated = useHydrated();
  const { busy, go } = useStripeRedirect();
  const portal = async () => (await answerOf(client.GET('/api/client/stripe/billing-portal-url'))).sessionURL;
  return (
    <button
      type="button"
      className={busy ? 'button is-link is-light is-loading' : 'button is-link is-light'}
      disabled={!hydrated || busy}
      onClick={() => void go(portal)}
    >
      {label}
    </button>
  );
}
