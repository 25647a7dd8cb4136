import { answerOf, client } from '../../lib/client.ts';
import { ActionButton } from '../kit/ActionButton.tsx';

interface Props {
  id: string;
  /** Its words in the page's language: the button and the toast once done. */
  words: { label: string; done: string };
}

/** Marks a claimed custom reward as handed out; the member is told. */
export default function FulfilClaimButton({ id, words }: Props) {
  return (
    <ActionButton
      className="button is-small is-success is-light"
      done={words.done}
      call={() => answerOf(client.POST('/api/client/objectives/claims/{id}/fulfil', { params: { path: { id } } }))}
    >
      {words.label}
    </ActionButton>
  );
}
