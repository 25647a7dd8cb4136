import { type EligibleResponse, REPORT_WINDOW_DAYS } from '../../../plugins/reports/schemas.ts';
import type { ReportOrderT } from '../../i18n/report-order/index.ts';

/** What the check answered: the notice under the order ID, and the order when it can be reported. */
export interface Checked {
  tone: 'is-success' | 'is-warning' | 'is-danger';
  text: string;
  orderID: string | null;
}

/** What a check's answer means for the form, in the page's language (a reason the page does not know: the server's words). */
export function checkedOf(result: EligibleResponse, t: ReportOrderT): Checked {
  if (result.eligible && result.order)
    return {
      tone: 'is-success',
      text: t('check.ok', { id: result.order.orderID, item: result.order.item }),
      orderID: result.order.orderID,
    };
  const text = result.reason ? t(`check.${result.reason}`, { days: REPORT_WINDOW_DAYS }) : result.message;
  return { tone: 'is-warning', text: text ?? '', orderID: null };
}
