import { answerOf, client } from '../../lib/client.ts';
import { ActionButton } from '../kit/ActionButton.tsx';

interface Props {
  id: string;
  title: string;
}

/** The objective admin's Delete: asks first; claims made of the objective keep their history. */
export default function DeleteObjectiveButton({ id, title }: Props) {
  return (
    <ActionButton
      className="button is-small is-danger is-light"
      confirm={`Delete “${title}”? Claims made of it keep their history.`}
      done="Objective deleted. Claims made of it keep their history."
      call={() => answerOf(client.DELETE('/api/client/objectives/{id}', { params: { path: { id } } }))}
    >
      Delete
    </ActionButton>
  );
}
