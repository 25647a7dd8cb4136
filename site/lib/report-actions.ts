import type { EligibleResponse } from '../../plugins/reports/schemas.ts';
import { api, errorMessage } from './api.ts';
import { toast, toastOnNextPage } from './toast.ts';

/**
 * The order reports' forms (the feedback menu, a report in the Report Manager): plain HTML marked with data
 * attributes, sent with fetch; on success the page reloads (the server renders the new state) with a toast.
 */
export function bindReportActions(root: ParentNode = document): void {
  const check = root.querySelector<HTMLFormElement>('form[data-report-check]');
  const report = root.querySelector<HTMLFormElement>('form[data-report-file]');
  const answer = root.querySelector<HTMLElement>('[data-report-eligibility]');
  if (check && report && answer) {
    check.addEventListener('submit', async (event) => {
      event.preventDefault();
      const orderID = String(new FormData(check).get('orderID') ?? '').trim();
      report.hidden = true;
      try {
        const result = await api<EligibleResponse>('POST', '/api/client/report/order/eligible', { orderID });
        answer.hidden = false;
        answer.className = `notification ${result.eligible ? 'is-success' : 'is-warning'}`;
        answer.textContent = result.eligible
          ? `Order ${result.order!.orderID} (${result.order!.item}) can be reported.`
          : result.message;
        if (result.eligible) {
          (report.elements.namedItem('orderID') as HTMLInputElement).value = result.order!.orderID;
          report.hidden = false;
          report.querySelector<HTMLInputElement>('input[name=category]')?.focus();
        }
      } catch (error) {
        answer.hidden = false;
        answer.className = 'notification is-danger';
        answer.textContent = errorMessage(error);
      }
    });
    const details = report.elements.namedItem('details') as HTMLTextAreaElement;
    const counter = report.querySelector<HTMLElement>('[data-details-count]');
    details.addEventListener('input', () => {
      if (counter)
        counter.textContent = `${details.value.trim().length.toLocaleString('en-GB')} / ${details.maxLength.toLocaleString('en-GB')}`;
    });
    report.addEventListener('submit', async (event) => {
      event.preventDefault();
      const data = new FormData(report);
      try {
        await api('POST', '/api/client/report/order', {
          orderID: data.get('orderID'),
          category: data.get('category'),
          details: String(data.get('details') ?? ''),
        });
        toastOnNextPage('Thank you: your report was sent. You will be told what was done.', 'is-success');
        location.reload();
      } catch (error) {
        toast(errorMessage(error), 'is-danger');
      }
    });
  }

  root.querySelectorAll<HTMLFormElement>('form[data-report-warn]').forEach((form) => {
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const target = String(data.get('target'));
      try {
        await api('POST', `/api/client/report/orders/${form.dataset.reportWarn}/warn`, {
          target,
          reason: String(data.get('reason') ?? ''),
        });
        toastOnNextPage(`The ${target} was warned.`, 'is-success');
        location.reload();
      } catch (error) {
        toast(errorMessage(error), 'is-danger');
      }
    });
  });

  root.querySelectorAll<HTMLFormElement>('form[data-report-complete]').forEach((form) => {
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const outcome = String(new FormData(form).get('outcome') ?? '');
      try {
        await api('POST', `/api/client/report/orders/${form.dataset.reportComplete}/completed`, { outcome });
        toastOnNextPage('Report completed: the reporter is told.', 'is-success');
        location.assign(form.dataset.next ?? location.pathname);
      } catch (error) {
        toast(errorMessage(error), 'is-danger');
      }
    });
  });
}
