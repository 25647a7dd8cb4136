/** Toasts: top-right, 5 s unless told otherwise, announced to screen readers. No framework needed. */
export type ToastType = 'is-success' | 'is-danger' | 'is-info' | 'is-warning';

export const TOAST_DURATION_MS = 5000;

function container(): HTMLElement {
  let box = document.getElementById('toasts');
  if (!box) {
    box = document.createElement('div');
    box.id = 'toasts';
    box.className = 'toasts';
    box.setAttribute('role', 'status');
    box.setAttribute('aria-live', 'polite');
    document.body.append(box);
  }
  return box;
}

export function toast(message: string, type: ToastType = 'is-info', durationMs = TOAST_DURATION_MS): void {
  const item = document.createElement('div');
  item.className = `notification toast ${type}`;
  item.dataset.testid = 'toast';
  const close = document.createElement('button');
  close.className = 'delete';
  close.type = 'button';
  close.setAttribute('aria-label', 'Dismiss');
  close.addEventListener('click', () => item.remove());
  const text = document.createElement('span');
  text.textContent = message;
  item.append(close, text);
  container().append(item);
  setTimeout(() => item.remove(), durationMs);
}

/** A toast to show on the next page (after a navigation the current page cannot survive). */
const NEXT_PAGE_KEY = 'vd-next-toast';

export function toastOnNextPage(message: string, type: ToastType = 'is-info', durationMs = TOAST_DURATION_MS): void {
  sessionStorage.setItem(NEXT_PAGE_KEY, JSON.stringify({ message, type, durationMs }));
}

export function showPendingToast(): void {
  const pending = sessionStorage.getItem(NEXT_PAGE_KEY);
  if (!pending) return;
  sessionStorage.removeItem(NEXT_PAGE_KEY);
  try {
    const { message, type, durationMs } = JSON.parse(pending) as {
      message: string;
      type: ToastType;
      durationMs: number;
    };
    toast(message, type, durationMs);
  } catch {
    // A value we did not write: nothing to show.
  }
}
