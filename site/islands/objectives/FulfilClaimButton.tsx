import { answerOf, client } from '../../lib/client.ts';
import { ActionButton } from '../kit/ActionButton.tsx';

/** Marks a claimed custom reward as handed out; the member is told. */
export default function FulfilClaimButton({ id }: { id: string }) {
  return (
    <ActionButton
      className="button is-small is-success is-light"
      done="Marked as handed out. They have been told."
      call={() => answerOf(client.POST('/api/client/objectives/claims/{id}/fulfil', { params: { path: { id } } }))}
    >
      Mark handed out
    </ActionButton>
  );
}
