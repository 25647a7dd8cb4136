import { atom } from 'nanostores';

/** An item on /store as its Buy button hands it to the buy dialog. */
export interface BuyingItem {
  id: string;
  name: string;
  price: number;
  /** What it grants, as the card says it (grantText, site/lib/store-grant.ts). */
  grant: string;
}

/**
 * The item whose Buy was pressed on /store, null while the buy dialog is closed: each card's Buy button (an island)
 * sets it, the buy dialog (another island) opens on it and clears it when it closes. Every press sets a new object, so
 * pressing the same item's Buy again opens the dialog again.
 */
export const $buying = atom<BuyingItem | null>(null);
