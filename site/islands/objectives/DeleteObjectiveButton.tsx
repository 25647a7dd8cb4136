import { answerOf, client } from '../../lib/client.ts';
import { ActionButton } from '../kit/ActionButton.tsx';

interface Props {
  id: string;
  /** Its words in the page's language: the button, the question asked first and the toast once done. */
  words: { label: string; confirm: string; done: string };
}

/** The objective admin's Delete: asks first; claims made of the objective keep their history. */
export default function DeleteObjectiveButton({ id, words }: Props) {
  return (
    <ActionButton
      className="button is-small is-danger is-light"
      confirm={words.confirm}
      done={words.done}
      call={() => answerOf(client.DELETE('/api/client/objectives/{id}', { params: { path: { id } } }))}
    >
      {words.label}
    </ActionButton>
  );
}
