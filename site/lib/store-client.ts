import type { PurchaseResponse, RecipientView } from '../../plugins/store/item-schemas.ts';
import { api, errorMessage, withMinimumDisplay } from './api.ts';
import { avatarUrl } from './avatar.ts';
import { toast, toastOnNextPage } from './toast.ts';

/**
 * /store's buy dialog: opened by any `[data-buy]` button, it buys for the user or, with "As a gift", for someone found
 * by exact username or ID (GET /api/client/store/recipient) and shown with avatar and name before paying. On success
 * the page reloads (the balance and "Your items" are rendered by the server) with a toast.
 */
export function bindBuyDialog(root: Document = document): void {
  const opened = root.querySelector<HTMLDialogElement>('[data-buy-dialog]');
  if (!opened) return;
  const dialog = opened;
  const form = dialog.querySelector<HTMLFormElement>('[data-buy-form]')!;
  const title = dialog.querySelector<HTMLElement>('[data-buy-title]')!;
  const summary = dialog.querySelector<HTMLElement>('[data-buy-summary]')!;
  const giftFields = dialog.querySelector<HTMLElement>('[data-gift-fields]')!;
  const query = dialog.querySelector<HTMLInputElement>('#gift-query')!;
  const status = dialog.querySelector<HTMLElement>('[data-gift-status]')!;
  const found = dialog.querySelector<HTMLElement>('[data-gift-recipient]')!;
  const pay = dialog.querySelector<HTMLButtonElement>('[data-buy-pay]')!;
  let item: { id: string; name: string; price: number } | null = null;
  let recipient: RecipientView | null = null;

  const isGift = () => (form.elements.namedItem('for') as RadioNodeList).value === 'gift';
  const coins = (n: number) => `${n.toLocaleString('en')} coins`;
  function refresh(): void {
    giftFields.hidden = !isGift();
    if (!item) return;
    pay.textContent = isGift()
      ? recipient
        ? `Send to ${recipient.name} for ${coins(item.price)}`
        : 'Find who it is for first'
      : `Pay ${coins(item.price)}`;
    pay.disabled = isGift() && !recipient;
  }
  function clearRecipient(): void {
    recipient = null;
    found.hidden = true;
    status.textContent = '';
  }

  root.querySelectorAll<HTMLButtonElement>('[data-buy]').forEach((button) => {
    button.addEventListener('click', () => {
      item = { id: button.dataset.buy!, name: button.dataset.name!, price: Number(button.dataset.price) };
      title.textContent = `Buy ${item.name}`;
      summary.textContent = `${button.dataset.grant}, for ${coins(item.price)}.`;
      form.reset();
      clearRecipient();
      refresh();
      dialog.showModal();
    });
  });
  form.addEventListener('change', refresh);
  query.addEventListener('input', () => {
    clearRecipient();
    refresh();
  });
  dialog.querySelector('[data-buy-cancel]')!.addEventListener('click', () => dialog.close());

  async function find(): Promise<void> {
    const text = query.value.trim();
    if (!text) {
      status.textContent = 'Type their username or user ID.';
      return;
    }
    status.textContent = 'Looking…';
    try {
      ({ recipient } = await api<{ recipient: RecipientView }>(
        'GET',
        `/api/client/store/recipient?query=${encodeURIComponent(text)}`,
      ));
      dialog.querySelector<HTMLImageElement>('[data-gift-avatar]')!.src = avatarUrl(recipient, 64);
      dialog.querySelector<HTMLElement>('[data-gift-name]')!.textContent = recipient.name;
      dialog.querySelector<HTMLElement>('[data-gift-id]')!.textContent = recipient.id;
      found.hidden = false;
      status.textContent = 'Is this who you mean? Check the name and picture before paying.';
    } catch (error) {
      clearRecipient();
      status.textContent = errorMessage(error);
    }
    refresh();
  }
  dialog.querySelector('[data-gift-find]')!.addEventListener('click', () => void find());
  query.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void find();
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!item || (isGift() && !recipient)) return;
    pay.classList.add('is-loading');
    try {
      const gift = isGift() ? recipient : null;
      const { purchased } = await withMinimumDisplay(
        api<PurchaseResponse>(
          'POST',
          '/api/client/store/items/purchase',
          gift ? { id: item.id, giftUserID: gift.id } : { id: item.id },
        ),
      );
      dialog.close();
      toastOnNextPage(
        gift
          ? `${purchased.itemName} is on its way to ${gift.name}. Thank you!`
          : `You bought ${purchased.itemName}. Enjoy!`,
        'is-success',
      );
      location.reload();
    } catch (error) {
      toast(errorMessage(error), 'is-danger', 8000);
    } finally {
      pay.classList.remove('is-loading');
    }
  });
}
