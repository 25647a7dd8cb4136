import { answerOf, client } from '../../lib/client.ts';
import { ActionButton } from '../kit/ActionButton.tsx';

/**
 * Site Settings' Store tab: marks a custom reward's purchase as handed over; the recipient is told. `words`: the button
 * and the toast once done, in the page's language.
 */
export default function FulfilPurchaseButton({ id, words }: { id: string; words: { label: string; done: string } }) {
  return (
    <ActionButton
      className="button is-small is-success"
      done={words.done}
      failureMs={8000}
      call={() => answerOf(client.POST('/api/client/store/items/purchases/{id}/fulfil', { params: { path: { id } } }))}
    >
      {words.label}
    </ActionButton>
  );
}
