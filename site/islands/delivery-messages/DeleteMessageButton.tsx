import { answerOf, client } from '../../lib/client.ts';
import { ActionButton } from '../kit/ActionButton.tsx';

/** A premade message's Delete (its author or a manager): asks first, then back to the directory with a toast. */
export default function DeleteMessageButton({
  id,
  words,
}: {
  id: string;
  /** Its words in the page's language: the button, the question asked first, the toast once done. */
  words: { label: string; confirm: string; done: string };
}) {
  return (
    <ActionButton
      className="button is-danger is-light"
      confirm={words.confirm}
      done={words.done}
      next="/staff/delivery-messages"
      call={() => answerOf(client.DELETE('/api/client/delivery-messages/{ref}', { params: { path: { ref: id } } }))}
    >
      {words.label}
    </ActionButton>
  );
}
