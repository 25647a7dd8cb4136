import { answerOf, client } from '../../lib/client.ts';
import { ActionButton } from '../kit/ActionButton.tsx';

/** Site Settings' Store tab: marks a custom reward's purchase as handed over; the recipient is told. */
export default function FulfilPurchaseButton({ id }: { id: string }) {
  return (
    <ActionButton
      className="button is-small is-success"
      done="Marked as handed over."
      failureMs={8000}
      call={() => answerOf(client.POST('/api/client/store/items/purchases/{id}/fulfil', { params: { path: { id } } }))}
    >
      Mark handed over
    </ActionButton>
  );
}
