/**
 * The bell's behaviour (site/components/layout/NotificationBell.astro): opens and closes its panel, reads the
 * newest notices on first open, marks one read when followed and all on "Mark all as read", and counts up as the
 * gateway's `notice` events arrive. A lazy chunk: site-client.ts imports it only when a bell is on the page.
 */
import type { NoticeEventData, NotificationsResponse, NotificationView } from '../../plugins/notifications/schemas.ts';
import { api, errorMessage } from './api.ts';
import { bellCount, bellLabel, noticeHref, noticeTime } from './notifications.ts';

const SHOWN = 10;

export function startBell(root: HTMLElement): void {
  const toggle = root.querySelector<HTMLButtonElement>('[data-bell-toggle]')!;
  const count = root.querySelector<HTMLElement>('[data-bell-count]')!;
  const panel = root.querySelector<HTMLElement>('[data-bell-panel]')!;
  const list = root.querySelector<HTMLUListElement>('[data-bell-list]')!;
  const status = root.querySelector<HTMLElement>('[data-bell-status]')!;
  const readAll = root.querySelector<HTMLButtonElement>('[data-bell-read-all]')!;
  let unread = Number(root.dataset.unread) || 0;
  let notices: NotificationView[] | null = null;
  let loading = false;

  function setUnread(value: number): void {
    unread = Math.max(0, value);
    toggle.setAttribute('aria-label', bellLabel(unread));
    count.textContent = bellCount(unread);
    count.hidden = unread === 0;
    root.dataset.unread = String(unread);
  }

  function item(notice: NotificationView): HTMLLIElement {
    const li = document.createElement('li');
    li.className = `notification-item${notice.readAt ? '' : ' is-unread'}`;
    li.dataset.testid = 'notification';
    const href = noticeHref(notice.link);
    const body = document.createElement(href ? 'a' : 'div');
    body.className = 'notification-item-body';
    if (href) {
      (body as HTMLAnchorElement).href = href;
      body.addEventListener('click', () => {
        if (notice.readAt) return;
        // keepalive: the mark survives the navigation the click starts.
        void fetch(`/api/client/notifications/${notice.id}/read`, { method: 'POST', credentials: 'same-origin', keepalive: true });
      });
    }
    if (!notice.readAt) {
      const marker = document.createElement('span');
      marker.className = 'notification-unread-dot';
      const words = document.createElement('span');
      words.className = 'is-sr-only';
      words.textContent = 'Unread: ';
      body.append(marker, words);
    }
    const text = document.createElement('span');
    text.className = 'notification-item-text';
    text.textContent = notice.text;
    const time = document.createElement('time');
    time.className = 'notification-item-time';
    time.dateTime = notice.createdAt;
    time.textContent = noticeTime(notice.createdAt);
    body.append(text, time);
    li.append(body);
    return li;
  }

  function render(): void {
    if (!notices) return;
    list.replaceChildren(...notices.slice(0, SHOWN).map(item));
    status.textContent = notices.length === 0 ? 'Nothing yet. Decisions about you will appear here.' : '';
    status.hidden = notices.length > 0;
  }

  async function load(): Promise<void> {
    if (notices || loading) return;
    loading = true;
    try {
      const answer = await api<NotificationsResponse>('GET', `/api/client/notifications?pageSize=${SHOWN}`);
      notices = answer.notifications;
      setUnread(answer.unread);
      render();
    } catch (error) {
      status.textContent = `Could not load notifications: ${errorMessage(error)}`;
    } finally {
      loading = false;
    }
  }

  function open(value: boolean): void {
    panel.hidden = !value;
    toggle.setAttribute('aria-expanded', String(value));
    root.classList.toggle('is-open', value);
    if (value) void load();
  }

  toggle.addEventListener('click', () => open(panel.hidden));
  document.addEventListener('click', (event) => {
    if (!panel.hidden && !root.contains(event.target as Node)) open(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !panel.hidden) {
      open(false);
      toggle.focus();
    }
  });

  readAll.addEventListener('click', async () => {
    readAll.classList.add('is-loading');
    try {
      await api('POST', '/api/client/notifications/read-all');
      const now = new Date().toISOString();
      notices = notices?.map((n) => ({ ...n, readAt: n.readAt ?? now })) ?? null;
      setUnread(0);
      render();
    } catch (error) {
      status.hidden = false;
      status.textContent = `Could not mark as read: ${errorMessage(error)}`;
    } finally {
      readAll.classList.remove('is-loading');
    }
  });

  if (root.dataset.live === 'true') {
    void import('../stores/gateway.ts').then(({ startGateway }) => {
      startGateway().on('notice', (data) => {
        const notice = data as NoticeEventData;
        if (notices?.some((n) => n.id === notice.id)) return;
        notices?.unshift({ ...notice, readAt: null });
        setUnread(unread + 1);
        render();
      });
    });
  }
}
