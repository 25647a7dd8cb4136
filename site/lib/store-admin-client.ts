import { api, errorMessage, withMinimumDisplay } from './api.ts';
import { toast, toastOnNextPage } from './toast.ts';

/** A number field: null when left empty. */
const numberOf = (data: FormData, name: string) =>
  String(data.get(name) ?? '').trim() === '' ? null : Number(data.get(name));

/** The form's grant fields as the API wants them (item-schemas.ts ItemGrantSchema). */
function grantOf(data: FormData): Record<string, unknown> {
  const number = (name: string) => numberOf(data, name);
  switch (data.get('grantKind')) {
    case 'perk':
      return { kind: 'perk', perk: data.get('perk'), days: number('days') };
    case 'rank':
      return { kind: 'rank', rankID: data.get('rankID'), days: number('days') };
    case 'coins':
      return { kind: 'coins', coins: number('coins') };
    default:
      return { kind: 'custom' };
  }
}

/**
 * Site Settings' Store tab: add or edit an item, on sale, restock, delete, mark a custom reward handed over. Each
 * sends its call and reloads the page (the server renders the new state) with a toast; an error stays as a toast.
 */
export function bindStoreAdmin(root: ParentNode = document): void {
  const done = (message: string, href?: string) => {
    toastOnNextPage(message, 'is-success');
    if (href) location.assign(href);
    else location.reload();
  };
  const run = async (button: HTMLButtonElement, call: () => Promise<unknown>, message: string) => {
    button.classList.add('is-loading');
    try {
      await withMinimumDisplay(call());
      done(message);
    } catch (error) {
      toast(errorMessage(error), 'is-danger', 8000);
    } finally {
      button.classList.remove('is-loading');
    }
  };

  const form = root.querySelector<HTMLFormElement>('form[data-store-item-form]');
  if (form) {
    const kind = form.querySelector<HTMLSelectElement>('[data-grant-kind]')!;
    const show = () => {
      form.querySelectorAll<HTMLElement>('[data-grant-for]').forEach((field) => {
        field.hidden = !field.dataset.grantFor!.split(' ').includes(kind.value);
      });
    };
    kind.addEventListener('change', show);
    show();
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const number = (name: string) => numberOf(data, name);
      const body = {
        name: String(data.get('name') ?? '').trim(),
        description: String(data.get('description') ?? '').trim(),
        picture: String(data.get('picture') ?? '').trim() || null,
        price: number('price'),
        grant: grantOf(data),
        stock: number('stock'),
        perUserLimit: number('perUserLimit'),
        onSale: data.get('onSale') === 'on',
      };
      const id = form.dataset.storeItemForm;
      try {
        await api(id ? 'PATCH' : 'POST', id ? `/api/client/store/items/${id}` : '/api/client/store/items', body);
        done(id ? `${body.name} saved.` : `${body.name} added to the store.`, '/staff/admin/settings?tab=store');
      } catch (error) {
        toast(errorMessage(error), 'is-danger', 8000);
      }
    });
  }

  root.querySelectorAll<HTMLButtonElement>('[data-store-toggle]').forEach((button) => {
    const onSale = button.dataset.onSale !== 'true';
    button.addEventListener('click', () =>
      run(
        button,
        () => api('PATCH', `/api/client/store/items/${button.dataset.storeToggle}`, { onSale }),
        onSale ? 'The item is on sale.' : 'The item is off sale.',
      ),
    );
  });
  root.querySelectorAll<HTMLFormElement>('form[data-store-restock]').forEach((restock) => {
    restock.addEventListener('submit', (event) => {
      event.preventDefault();
      const add = Number(new FormData(restock).get('add'));
      void run(
        restock.querySelector('button')!,
        () => api('POST', `/api/client/store/items/${restock.dataset.storeRestock}/restock`, { add }),
        `Restocked: ${add} more.`,
      );
    });
  });
  root.querySelectorAll<HTMLButtonElement>('[data-store-delete]').forEach((button) => {
    button.addEventListener('click', () => {
      if (button.dataset.confirm && !confirm(button.dataset.confirm)) return;
      void run(button, () => api('DELETE', `/api/client/store/items/${button.dataset.storeDelete}`), 'Item deleted.');
    });
  });
  root.querySelectorAll<HTMLButtonElement>('[data-store-fulfil]').forEach((button) => {
    button.addEventListener('click', () =>
      run(
        button,
        () => api('POST', `/api/client/store/items/purchases/${button.dataset.storeFulfil}/fulfil`),
        'Marked as handed over.',
      ),
    );
  });
}
