import type { EligibleResponse } from '../../../plugins/reports/schemas.ts';

/** What the check answered: the notice under the order ID, and the order when it can be reported. */
export interface Checked {
  tone: 'is-success' | 'is-warning' | 'is-danger';
  text: string;
  orderID: string | null;
}

/** What a check's answer means for the form. */
export function checkedOf(result: EligibleResponse): Checked {
  if (result.eligible && result.order)
    return {
      tone: 'is-success',
      text: `Order ${result.order.orderID} (${result.order.item}) can be reported.`,
      orderID: result.order.orderID,
    };
  return { tone: 'is-warning', text: result.message ?? '', orderID: null };
}
