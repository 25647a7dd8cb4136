import { answerOf, client } from '../../lib/client.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useStripeRedirect } from './use-stripe-redirect.ts';

/** A plan's Subscribe: opens Stripe Checkout for it. */
export default function SubscribeButton({ planId, label }: { planId: string; label: string }) {
  const hydrated = useHydrated();
  const { busy, go } = useStripeRedirect();
  const subscribe = async () => {
    const body = { subscriptionID: planId };
    return (await answerOf(client.POST('/api/client/stripe/subscriptions/create', { body }))).checkoutURL;
  };
  return (
    <button
      type="button"
      className={busy ? 'button is-primary is-fullwidth is-loading' : 'button is-primary is-fullwidth'}
      disabled={!hydrated || busy}
      onClick={() => void go(subscribe)}
    >
      {label}
    </button>
  );
}
