import { atom } from 'nanostores';
import type { DeletableOrder } from '../islands/order-manager/DeleteDialog.tsx';

/** Order Management's order being deleted: a row's Delete sets it, the page's one Delete dialog shows it. */
export const $orderToDelete = atom<DeletableOrder | null>(null);
