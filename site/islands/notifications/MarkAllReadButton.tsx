import type { NotificationsTexts } from '../../i18n/notifications/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import { ActionButton } from '../kit/ActionButton.tsx';
import { useTexts } from '../kit/use-texts.ts';

/** The notifications page's Mark all as read; disabled when nothing is unread. */
export default function MarkAllReadButton({ unread, texts }: { unread: number; texts: NotificationsTexts }) {
  const t = useTexts(texts);
  return (
    <ActionButton
      className="button is-small"
      disabled={unread === 0}
      aria-describedby="notifications-unread"
      done={t('markedAll')}
      failure={(message) => t('markFailed', { message })}
      call={() => answerOf(client.POST('/api/client/notifications/read-all'))}
    >
      {t('markAll')}
    </ActionButton>
  );
}
