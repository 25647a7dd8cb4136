import { slugify } from '../../plugins/delivery-messages/schemas.ts';
import { DeliveryMessageTextSchema } from '../../plugins/users/schemas.ts';
import { api, errorMessage, withMinimumDisplay } from './api.ts';
import { previewOf } from './message-preview.ts';
import { toast, toastOnNextPage } from './toast.ts';

/**
 * The premade message screens' behaviour on plain server-rendered HTML (no island needed): "Use this message",
 * delete, and the editor (preview as you type, placeholder buttons, the slug following the title until edited).
 */
export function bindDeliveryMessages(root: ParentNode = document): void {
  root.querySelectorAll<HTMLButtonElement>('[data-message-use]').forEach((button) => {
    button.addEventListener('click', async () => {
      button.disabled = true;
      try {
        await withMinimumDisplay(
          api('PATCH', `/api/client/users/${button.dataset.me}/premade-messages`, {
            deliveryMessage: button.dataset.messageUse,
          }),
        );
        toastOnNextPage(`“${button.dataset.title}” is now your delivery message.`, 'is-success');
        location.reload();
      } catch (error) {
        toast(errorMessage(error), 'is-danger');
        button.disabled = false;
      }
    });
  });

  root.querySelectorAll<HTMLButtonElement>('[data-message-delete]').forEach((button) => {
    button.addEventListener('click', async () => {
      if (!confirm(`Delete “${button.dataset.title}”? Drivers who use it keep their copy.`)) return;
      button.disabled = true;
      try {
        await withMinimumDisplay(api('DELETE', `/api/client/delivery-messages/${button.dataset.messageDelete}`));
        toastOnNextPage('Message deleted.', 'is-success');
        location.assign('/staff/delivery-messages');
      } catch (error) {
        toast(errorMessage(error), 'is-danger');
        button.disabled = false;
      }
    });
  });

  root.querySelectorAll<HTMLFormElement>('form[data-message-form]').forEach(bindForm);
}

function bindForm(form: HTMLFormElement): void {
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null;
  const title = field('title');
  const slug = field('slug');
  const message = field('message') as HTMLTextAreaElement;
  const preview = form.querySelector<HTMLElement>('[data-message-preview]')!;
  const problem = form.querySelector<HTMLElement>('[data-message-problem]')!;
  const counter = form.querySelector<HTMLElement>('[data-message-count]');
  // A new message's slug follows its title until someone types one.
  let slugTouched = Boolean(slug?.value);
  slug?.addEventListener('input', () => (slugTouched = slug.value !== ''));
  title?.addEventListener('input', () => {
    if (slug && !slugTouched) slug.placeholder = slugify(title.value || 'your-title');
  });

  const render = () => {
    preview.textContent = message.value.trim()
      ? previewOf(message.value)
      : 'Your message, filled with a sample order, shows here.';
    const checked = DeliveryMessageTextSchema.safeParse(message.value);
    problem.textContent = message.value && !checked.success ? (checked.error.issues[0]?.message ?? '') : '';
    if (counter) counter.textContent = `${message.value.length} / ${message.maxLength}`;
  };
  message.addEventListener('input', render);
  render();

  form.querySelectorAll<HTMLButtonElement>('[data-placeholder]').forEach((button) => {
    button.addEventListener('click', () => {
      const text = button.dataset.placeholder!;
      const start = message.selectionStart ?? message.value.length;
      message.setRangeText(text, start, message.selectionEnd ?? start, 'end');
      message.focus();
      render();
    });
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const value = (name: string) => String(data.get(name) ?? '').trim();
    const mode = form.dataset.messageForm;
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (submit) submit.disabled = true;
    try {
      if (mode === 'own') {
        await withMinimumDisplay(
          api('PATCH', `/api/client/users/${form.dataset.me}/premade-messages`, { deliveryMessage: value('message') }),
        );
        toastOnNextPage('Your delivery message is saved.', 'is-success');
        location.assign('/staff/delivery-messages');
        return;
      }
      const body: Record<string, string> = { title: value('title'), message: value('message') };
      if (value('slug')) body.slug = value('slug');
      const { deliveryMessage } =
        mode === 'create'
          ? await withMinimumDisplay(
              api<{ deliveryMessage: { slug: string } }>('POST', '/api/client/delivery-messages', body),
            )
          : await withMinimumDisplay(
              api<{ deliveryMessage: { slug: string } }>('PATCH', `/api/client/delivery-messages/${mode}`, body),
            );
      toastOnNextPage(mode === 'create' ? 'Message added to the directory.' : 'Message saved.', 'is-success');
      location.assign(`/staff/delivery-messages/${deliveryMessage.slug}`);
    } catch (error) {
      toast(errorMessage(error), 'is-danger');
      if (submit) submit.disabled = false;
    }
  });
}
