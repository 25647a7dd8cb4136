import { useEffect, useRef, useState } from 'react';

/**
 * The current time, re-rendering every `intervalMs` (countdowns, ages); null on the server and in the render that
 * hydrates the server's HTML. The server's clock and the browser's differ (by the time between rendering and
 * hydrating, and by however far the visitor's clock is off), so anything computed from the time is rendered in the
 * browser only: otherwise the texts differ and React throws away the server's HTML (error #418).
 */
export function useNow(intervalMs = 1000): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** A native <dialog> opened as a modal while `open` is true; Escape and the backdrop call onClose. */
export function useModal(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const cancel = (event: Event) => {
      event.preventDefault();
      onClose();
    };
    const backdrop = (event: MouseEvent) => {
      if (event.target === dialog) onClose();
    };
    dialog.addEventListener('cancel', cancel);
    dialog.addEventListener('click', backdrop);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      dialog.removeEventListener('click', backdrop);
    };
  }, [onClose]);
  return ref;
}
