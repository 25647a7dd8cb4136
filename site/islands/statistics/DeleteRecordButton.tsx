import { answerOf, client } from '../../lib/client.ts';
import { ActionButton } from '../kit/ActionButton.tsx';

interface Props {
  /** The stored weekly record's id. */
  id: string;
  /** Whose record it is, and the period's label, for the question and the toast. */
  name: string;
  period: string;
}

/**
 * Management Statistics' Delete on a stored weekly record: asks first, then the page loads again with a toast; the
 * week's other records stay, and the deleted one is not written again (docs/statistics.md).
 */
export default function DeleteRecordButton({ id, name, period }: Props) {
  return (
    <ActionButton
      className="button is-small"
      confirm={`Delete ${name}'s stored record for ${period}? It is not written again.`}
      done={`Deleted ${name}'s stored record.`}
      call={() => answerOf(client.DELETE('/api/client/statistics/management/{id}', { params: { path: { id } } }))}
    >
      Delete<span className="is-sr-only"> {name}'s record</span>
    </ActionButton>
  );
}
