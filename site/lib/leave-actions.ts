import { api, errorMessage, withMinimumDisplay } from './api.ts';
import { toast, toastOnNextPage } from './toast.ts';

/**
 * The leave screens' buttons (Take a Vacation, On Leave Requests): plain HTML forms and buttons marked with data
 * attributes, sent with fetch; on success the page reloads (the server renders the new state) with a toast.
 */
export function bindLeaveActions(root: ParentNode = document): void {
  const done = (message: string) => {
    toastOnNextPage(message, 'is-success');
    location.reload();
  };

  root.querySelectorAll<HTMLButtonElement>('[data-leave-cancel]').forEach((button) => {
    button.addEventListener('click', async () => {
      if (button.dataset.confirm && !confirm(button.dataset.confirm)) return;
      button.disabled = true;
      try {
        await withMinimumDisplay(api('DELETE', `/api/client/onleave/requests/${button.dataset.leaveCancel}`));
        done('Leave request cancelled.');
      } catch (error) {
        toast(errorMessage(error), 'is-danger');
        button.disabled = false;
      }
    });
  });

  root.querySelectorAll<HTMLFormElement>('form[data-leave-decide]').forEach((form) => {
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const status = (event.submitter as HTMLButtonElement | null)?.value;
      const note = String(new FormData(form).get('note') ?? '').trim();
      if (!note) return toast('Write a note for the member first.', 'is-warning');
      try {
        await api('POST', `/api/client/onleave/requests/${form.dataset.leaveDecide}/update-status`, { status, note });
        done(status === 'APPROVED' ? 'Leave approved.' : 'Leave denied.');
      } catch (error) {
        toast(errorMessage(error), 'is-danger');
      }
    });
  });

  root.querySelectorAll<HTMLFormElement>('form[data-leave-request]').forEach((form) => {
    const from = form.elements.namedItem('from') as HTMLInputElement;
    const until = form.elements.namedItem('until') as HTMLInputElement;
    // The last day cannot be before the first: the picker offers no earlier day.
    from.addEventListener('change', () => {
      if (from.value) until.min = from.value;
      if (until.value && until.value < from.value) until.value = from.value;
    });
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const request = {
        from: String(data.get('from') ?? ''),
        until: String(data.get('until') ?? ''),
        reason: String(data.get('reason') ?? ''),
      };
      const target = form.dataset.leaveRequest;
      try {
        await api('POST', `/api/client/onleave/requests${target ? `/${target}` : ''}`, { request });
        if (form.dataset.next) {
          toastOnNextPage('Leave created.', 'is-success');
          location.assign(form.dataset.next);
        } else done('Leave requested: a manager will look at it.');
      } catch (error) {
        toast(errorMessage(error), 'is-danger');
      }
    });
  });
}
