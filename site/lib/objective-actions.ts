import { api, errorMessage, withMinimumDisplay } from './api.ts';
import { toast, toastOnNextPage } from './toast.ts';

/** The objective admin's buttons: delete an objective, mark a custom reward fulfilled; the page reloads with a toast. */
export function bindObjectiveActions(root: ParentNode = document): void {
  const bind = (selector: string, send: (id: string) => Promise<unknown>, done: string) => {
    root.querySelectorAll<HTMLButtonElement>(selector).forEach((button) => {
      button.addEventListener('click', async () => {
        if (button.dataset.confirm && !confirm(button.dataset.confirm)) return;
        button.disabled = true;
        try {
          await withMinimumDisplay(send(button.dataset.id!));
          toastOnNextPage(done, 'is-success');
          location.reload();
        } catch (error) {
          toast(errorMessage(error), 'is-danger');
          button.disabled = false;
        }
      });
    });
  };
  bind(
    '[data-objective-delete]',
    (id) => api('DELETE', `/api/client/objectives/${id}`),
    'Objective deleted. Claims made of it keep their history.',
  );
  bind(
    '[data-claim-fulfil]',
    (id) => api('POST', `/api/client/objectives/claims/${id}/fulfil`),
    'Marked as handed out. They have been told.',
  );
}
