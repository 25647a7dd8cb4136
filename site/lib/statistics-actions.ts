import { api, errorMessage, withMinimumDisplay } from './api.ts';
import { toast, toastOnNextPage } from './toast.ts';

/**
 * Management Statistics' Delete on a stored weekly record (DELETE /api/client/statistics/management/{id}): asks
 * first, then the page loads again with a toast; the week's other records stay, and the deleted one is not written
 * again (docs/statistics.md).
 */
export function bindStatisticsActions(root: ParentNode = document): void {
  root.querySelectorAll<HTMLButtonElement>('button[data-statistics-delete]').forEach((button) => {
    button.addEventListener('click', async () => {
      if (!confirm(button.dataset.confirm ?? 'Delete this stored record?')) return;
      button.disabled = true;
      try {
        await withMinimumDisplay(api('DELETE', `/api/client/statistics/management/${button.dataset.statisticsDelete}`));
        toastOnNextPage(`Deleted ${button.dataset.name}'s stored record.`, 'is-success');
        location.reload();
      } catch (error) {
        toast(errorMessage(error), 'is-danger');
        button.disabled = false;
      }
    });
  });
}
