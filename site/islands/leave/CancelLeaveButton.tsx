import { answerOf, client } from '../../lib/client.ts';
import { ActionButton } from '../kit/ActionButton.tsx';

interface Props {
  id: string;
  /** The question asked first. */
  confirm: string;
  /** "Cancel", or "End leave" for a leave that has begun. */
  label: string;
  /** The toast once cancelled, in the page's language. */
  done: string;
}

/** Cancels a leave request (the member's own, or a manager's on any): asks first, then the page loads again. */
export default function CancelLeaveButton({ id, confirm, label, done }: Props) {
  return (
    <ActionButton
      className="button is-small"
      confirm={confirm}
      done={done}
      call={() => answerOf(client.DELETE('/api/client/onleave/requests/{id}', { params: { path: { id } } }))}
    >
      {label}
    </ActionButton>
  );
}
