import { useState } from 'react';
import { errorMessage, withMinimumDisplay } from '../../lib/api.ts';
import { toast, toastOnNextPage } from '../../lib/toast.ts';

export interface ActionOptions<T> {
  /** Asked first (the browser's confirm); the call is not made unless the user agrees. */
  confirm?: string;
  /** The success toast, shown on the page that loads next (from the call's answer where it names something). */
  done: string | ((answer: T) => string);
  /** Where to go on success; the current page again when absent (the server renders the new state). */
  next?: string | ((answer: T) => string | undefined);
  /** The failure toast from the server's message; the message itself when absent. */
  failure?: (message: string) => string;
  /** How long the failure toast stays (a long message naming a field needs longer than the usual 5 s). */
  failureMs?: number;
}

/**
 * A call that changes what the server renders: `busy` while it runs (at least 200 ms, the specification's minimum
 * loading display), then the page loads again (or `next`) with `done` as a toast; a refusal is toasted with the
 * server's message and the control is usable again.
 */
export function useAction<T>(options: ActionOptions<T>): {
  busy: boolean;
  run: (call: () => Promise<T>) => Promise<void>;
} {
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<T>) => {
    if (options.confirm && !window.confirm(options.confirm)) return;
    setBusy(true);
    try {
      const answer = await withMinimumDisplay(call());
      const { done, next } = options;
      toastOnNextPage(typeof done === 'function' ? done(answer) : done, 'is-success');
      const href = typeof next === 'function' ? next(answer) : next;
      if (href) location.assign(href);
      else location.reload();
    } catch (error) {
      const message = errorMessage(error);
      toast(options.failure ? options.failure(message) : message, 'is-danger', options.failureMs);
      setBusy(false);
    }
  };
  return { busy, run };
}
