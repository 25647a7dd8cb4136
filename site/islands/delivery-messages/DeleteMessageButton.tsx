import { answerOf, client } from '../../lib/client.ts';
import { ActionButton } from '../kit/ActionButton.tsx';

/** A premade message's Delete (its author or a manager): asks first, then back to the directory with a toast. */
export default function DeleteMessageButton({ id, title }: { id: string; title: string }) {
  return (
    <ActionButton
      className="button is-danger is-light"
      confirm={`Delete “${title}”? Drivers who use it keep their copy.`}
      done="Message deleted."
      next="/staff/delivery-messages"
      call={() => answerOf(client.DELETE('/api/client/delivery-messages/{ref}', { params: { path: { ref: id } } }))}
    >
      Delete
    </ActionButton>
  );
}
