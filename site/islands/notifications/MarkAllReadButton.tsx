import { answerOf, client } from '../../lib/client.ts';
import { ActionButton } from '../kit/ActionButton.tsx';

/** The notifications page's Mark all as read; disabled when nothing is unread. */
export default function MarkAllReadButton({ unread }: { unread: number }) {
  return (
    <ActionButton
      className="button is-small"
      disabled={unread === 0}
      aria-describedby="notifications-unread"
      done="All notifications marked as read."
      failure={(message) => `Could not mark as read: ${message}`}
      call={() => answerOf(client.POST('/api/client/notifications/read-all'))}
    >
      Mark all as read
    </ActionButton>
  );
}
