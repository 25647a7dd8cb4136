import { answerOf, client } from '../../lib/client.ts';
import { ActionButton } from '../kit/ActionButton.tsx';

/** Food Lookup's Delete on a food (asked first). */
export default function DeleteFoodButton({ id, name }: { id: string; name: string }) {
  return (
    <ActionButton
      className="button is-small is-danger is-light"
      confirm={`Delete ${name}?`}
      done={`${name} deleted.`}
      call={() => answerOf(client.DELETE('/api/client/orders/food-lookup/{id}', { params: { path: { id } } }))}
    >
      Delete
    </ActionButton>
  );
}
