/**
 * The bell's words and rules (pure: unit-tested). The bell itself is site/components/layout/NotificationBell.astro;
 * its behaviour, loaded only when a bell is on the page, is site/lib/notifications-bell.ts.
 */

/** The bell button's accessible name. */
export function bellLabel(unread: number): string {
  return `Notifications, ${unread} unread`;
}

/** The number on the bell: nothing at 0, `99+` past 99. */
export function bellCount(unread: number): string {
  if (unread <= 0) return '';
  return unread > 99 ? '99+' : String(unread);
}

/** When a notice came, as the list shows it: "just now", "5 min ago", "3 h ago", "2 d ago", then the date. */
export function noticeTime(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} d ago`;
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** A notice's link, only when it is a path on this site (a feature's `/appeal/…`): never another origin. */
export function noticeHref(link: string | null): string | null {
  return link?.startsWith('/') && !link.startsWith('//') ? link : null;
}
