import { ANNOUNCEMENT_TYPES } from '../../plugins/settings/schemas.ts';
import { ANNOUNCEMENT_MAX, announcementHtml, characterCounter } from './announcement.ts';
import { api, errorMessage, withMinimumDisplay } from './api.ts';
import { markInvalid } from './field-errors.ts';
import { toast } from './toast.ts';

const COUNTER_CLASS = { ok: 'vd-tag', near: 'vd-state-warning', over: 'vd-state-danger' } as const;

/**
 * The Announce page: as you type or pick, the preview is re-rendered with the banner's own function (so it is the
 * banner) and the counter follows; over 2,000 characters Save is blocked. Save sends the whole announcement to
 * POST /api/client/settings/currentAnnouncement and toasts.
 */
export function bindAnnouncementForm(root: ParentNode = document): void {
  const form = root.querySelector<HTMLFormElement>('form[data-announcement-form]');
  if (!form) return;
  const content = form.elements.namedItem('content') as HTMLTextAreaElement;
  const enabled = form.elements.namedItem('enabled') as HTMLInputElement;
  const preview = form.querySelector<HTMLElement>('[data-announcement-preview]')!;
  const counter = form.querySelector<HTMLElement>('[data-announcement-count]')!;
  const problem = form.querySelector<HTMLElement>('[data-announcement-problem]')!;
  const off = form.querySelector<HTMLElement>('[data-announcement-off]')!;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;

  const render = () => {
    const type = new FormData(form).get('type');
    preview.className = `notification announcement ${typeof type === 'string' ? type : ANNOUNCEMENT_TYPES[0]}`;
    preview.innerHTML = announcementHtml(content.value);
    const count = characterCounter(content.value.length);
    counter.textContent = count.text;
    counter.dataset.state = count.state;
    counter.className = `tag ${COUNTER_CLASS[count.state]}`;
    const over = count.state === 'over';
    submit.disabled = over;
    markInvalid(content, problem, over);
    problem.textContent = over ? `Too long: at most ${ANNOUNCEMENT_MAX.toLocaleString('en')} characters.` : '';
    off.hidden = enabled.checked;
  };
  form.addEventListener('input', render);
  form.addEventListener('change', render);
  render();

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (content.value.length > ANNOUNCEMENT_MAX) return;
    submit.classList.add('is-loading');
    try {
      await withMinimumDisplay(
        api('POST', '/api/client/settings/currentAnnouncement', {
          val: { enabled: enabled.checked, type: new FormData(form).get('type'), content: content.value },
        }),
      );
      toast(
        enabled.checked ? 'Announcement saved: the banner is on every page.' : 'Announcement saved: the banner is off.',
        'is-success',
      );
    } catch (error) {
      problem.textContent = errorMessage(error);
    } finally {
      submit.classList.remove('is-loading');
    }
  });
}
