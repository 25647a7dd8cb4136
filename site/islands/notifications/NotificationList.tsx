import type { NotificationsTexts } from '../../i18n/notifications/index.ts';
import { client } from '../../lib/client.ts';
import { useTexts } from '../kit/use-texts.ts';

/** A notice as the list shows it: its time already worded by the server (so hydration finds the same text). */
export interface ListedNotice {
  id: string;
  text: string;
  /** Where it leads (a path on the site), or null. */
  href: string | null;
  unread: boolean;
  createdAt: string;
  time: string;
}

/** Following an unread notice marks it read; keepalive: the mark survives the navigation the click starts. */
function markRead(id: string): void {
  void client.POST('/api/client/notifications/{id}/read', { params: { path: { id } }, keepalive: true });
}

/** The notifications page's list, newest first: unread ones marked, each leading where it says. */
export default function NotificationList({ notices, texts }: { notices: ListedNotice[]; texts: NotificationsTexts }) {
  const t = useTexts(texts);
  return (
    <ul className="notification-list box notifications-page-list">
      {notices.map((notice) => {
        const content = (
          <>
            {notice.unread && (
              <>
                <span className="notification-unread-dot" />
                <span className="is-sr-only">{`${t('unreadLabel')} `}</span>
              </>
            )}
            <span className="notification-item-text">{notice.text}</span>
            <time className="notification-item-time" dateTime={notice.createdAt}>
              {notice.time}
            </time>
          </>
        );
        return (
          <li
            className={notice.unread ? 'notification-item is-unread' : 'notification-item'}
            data-testid="notification"
            key={notice.id}
          >
            {notice.href ? (
              <a
                className="notification-item-body"
                href={notice.href}
                onClick={notice.unread ? () => markRead(notice.id) : undefined}
              >
                {content}
              </a>
            ) : (
              <div className="notification-item-body">{content}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
