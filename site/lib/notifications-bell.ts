/**
 * The bell's behaviour (site/components/layout/NotificationBell.astro): opens and closes its panel, reads the
 * newest notices on first open, marks one read when followed and all on "Mark all as read", and counts up as the
 * gateway's `notice` events arrive. A lazy chunk: site-client.ts imports it only when a bell is on the page.
 */
import type { NoticeEventData, NotificationView } from '../../plugins/notifications/schemas.ts';
import { errorMessage, withMinimumDisplay } from './api.ts';
import { answerOf, client } from './client.ts';
import { bellCount, bellLabel, noticeHref, noticeTime } from './notifications.ts';
import { siteText } from './site-texts.ts';

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
  /** Every notice the bell has counted (read or heard live): an event about one of them adds nothing. */
  const counted = new Set<string>();
  /** Notices heard live while a read was under way: the read may have been answered without them. */
  const heardDuringRead = new Map<string, NotificationView>();
  /** A fresh read was asked for while one was under way: it runs after it. */
  let readAgain = false;

  function setUnread(value: number): void {
    unread = Math.max(0, value);
    toggle.setAttribute('aria-label', bellLabel(unread, siteText));
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
        void client.POST('/api/client/notifications/{id}/read', {
          params: { path: { id: notice.id } },
          keepalive: true,
        });
      });
    }
    if (!notice.readAt) {
      const marker = document.createElement('span');
      marker.className = 'notification-unread-dot';
      const words = document.createElement('span');
      words.className = 'is-sr-only';
      words.textContent = siteText('bell.unread');
      body.append(marker, words);
    }
    const text = document.createElement('span');
    text.className = 'notification-item-text';
    text.textContent = notice.text;
    const time = document.createElement('time');
    time.className = 'notification-item-time';
    time.dateTime = notice.createdAt;
    time.textContent = noticeTime(notice.createdAt, siteText, document.documentElement.lang);
    body.append(text, time);
    li.append(body);
    return li;
  }

  function render(): void {
    if (!notices) return;
    list.replaceChildren(...notices.slice(0, SHOWN).map(item));
    status.textContent = notices.length === 0 ? siteText('bell.empty') : '';
    status.hidden = notices.length > 0;
  }

  /** Reads the newest notices and the count: on first open, and (`again`) each time the gateway (re)connects. */
  async function load(again = false): Promise<void> {
    if (loading) {
      readAgain = true;
      return;
    }
    if (notices && !again) return;
    loading = true;
    heardDuringRead.clear();
    try {
      const answer = await answerOf(
        client.GET('/api/client/notifications', { params: { query: { pageSize: SHOWN } } }),
      );
      const missed = [...heardDuringRead.values()].filter(
        (heard) => !answer.notifications.some((n) => n.id === heard.id),
      );
      // The list is kept once the panel has been opened; before that only the count is news.
      if (notices || !again || !panel.hidden) notices = [...missed, ...answer.notifications];
      for (const notice of answer.notifications) counted.add(notice.id);
      setUnread(answer.unread + missed.length);
      render();
    } catch (error) {
      status.textContent = siteText('bell.failed', { message: errorMessage(error) });
    } finally {
      loading = false;
      if (readAgain) {
        readAgain = false;
        void load(true);
      }
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
      await withMinimumDisplay(answerOf(client.POST('/api/client/notifications/read-all')));
      const now = new Date().toISOString();
      notices = notices?.map((n) => ({ ...n, readAt: n.readAt ?? now })) ?? null;
      setUnread(0);
      render();
    } catch (error) {
      status.hidden = false;
      status.textContent = siteText('bell.markFailed', { message: errorMessage(error) });
    } finally {
      readAll.classList.remove('is-loading');
    }
  });

  // The gateway chunk (shared with the staff islands, about 27 KB gz) waits until the page is idle: the page first.
  if (root.dataset.live === 'true') whenIdle(() => live());

  function live(): void {
    void import('../stores/gateway.ts').then(({ startGateway, $gatewayStatus }) => {
      // What was stored before the connection (or while it was down) comes with a fresh read once it is up.
      if ($gatewayStatus.get() === 'connected') void load(true);
      $gatewayStatus.listen((status) => {
        if (status === 'connected') void load(true);
      });
      startGateway().on('notice', (data) => {
        const notice = data as NoticeEventData;
        if (counted.has(notice.id)) return;
        counted.add(notice.id);
        if (loading) heardDuringRead.set(notice.id, { ...notice, readAt: null });
        notices?.unshift({ ...notice, readAt: null });
        setUnread(unread + 1);
        render();
      });
    });
  }
}

function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 200);
}
