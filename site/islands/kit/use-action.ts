import { useState } from 'react';
import { errorMessage, withMinimumDisplay } from '../../lib/api.ts';
import { toast, toastOnNextPage } from '../../lib/toast.ts';

export interface ActionOptions {
  /** Asked first (the browser's confirm); the call is not made unless the user agrees. */
  confirm?: string;
  /** The success toast, shown on the page that loads next. */
  done: string;
  /** Where to go on success; the current page again when absent (the server renders the new state). */
  next?: string;
  /** How long a refusal's toast stays, in ms; the toast's default (5 s) when absent. */
  refusalMs?: number;
}

/**
 * A call that changes what the server renders: `busy` while it runs (at least 200 ms, the specification's minimum
 * loading display), then the page loads again (or `next`) with `done` as a toast; a refusal is toasted with the
 * server's message and the control is usable again.
 */
export function useAction(options: ActionOptions): {
  busy: boolean;
  run: (call: () => Promise<unknown>) => Promise<void>;
} {
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<unknown>) => {
    if (options.confirm && !window.confirm(options.confirm)) return;
    setBusy(true);
    try {
      await withMinimumDisplay(call());
      toastOnNextPage(options.done, 'is-success');
      if (options.next) location.assign(options.next);
      else location.reload();
    } catch (error) {
      toast(errorMessage(error), 'is-danger', options.refusalMs);
      setBusy(false);
    }
  };
  return { busy, run };
}
