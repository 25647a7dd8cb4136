import { answerOf, client } from '../../lib/client.ts';
import { ActionButton } from '../kit/ActionButton.tsx';

/** Its words in the page's language: the button, the question asked first and the toast once done. */
export interface DeleteFoodWords {
  label: string;
  confirm: string;
  done: string;
}

/** Food Lookup's Delete on a food (asked first). */
export default function DeleteFoodButton({ id, words }: { id: string; words: DeleteFoodWords }) {
  return (
    <ActionButton
      className="button is-small is-danger is-light"
      confirm={words.confirm}
      done={words.done}
      call={() => answerOf(client.DELETE('/api/client/orders/food-lookup/{id}', { params: { path: { id } } }))}
    >
      {words.label}
    </ActionButton>
  );
}
