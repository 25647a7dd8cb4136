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
  /**
   * The page stays on success: `done` is toasted at once, `next` is not followed and the control is usable again
   * (the island shows the new state itself, from what `run` returns).
   */
  stay?: boolean;
  /**
   * A refusal is not toasted but kept in `problem`, for the form's error line (ErrorLine) to say under the form.
   * Off: the refusal is toasted.
   */
  inline?: boolean;
  /** The toast for a refusal, from the server's message (the message itself when absent). */
  failure?: (message: string) => string;
  /** How long the refusal's toast stays (a long message naming a field needs longer than the usual 5 s). */
  failureMs?: number;
}

/** What went wrong with a form: the message, and the control it speaks of (absent: the form as a whole). */
export interface Problem {
  message: string;
  /** The control's id: it is marked invalid and described by the error line. */
  field?: string;
}

/**
 * A call that changes what the server renders: `busy` while it runs (at least 200 ms, the specification's minimum
 * loading display), then the page loads again (or `next`) with `done` as a toast; a refusal is toasted with the
 * server's message (or kept in `problem`, `inline`) and the control is usable again. `fail` reports a problem a
 * check found before any call (`run` clears it). `run` gives the answer, or undefined when no call succeeded (so
 * `stay` is for calls whose answer has a body).
 */
export function useAction<T>(options: ActionOptions<T>): {
  busy: boolean;
  run: (call: () => Promise<T>) => Promise<T | undefined>;
  problem: Problem | null;
  fail: (problem: Problem) => void;
  refuse: (refusal: Problem) => void;
} {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const run = async (call: () => Promise<T>) => {
    if (options.confirm && !window.confirm(options.confirm)) return undefined;
    setProblem(null);
    setBusy(true);
    try {
      const answer = await withMinimumDisplay(call());
      const { done, next, stay } = options;
      const message = typeof done === 'function' ? done(answer) : done;
      if (stay) {
        toast(message, 'is-success');
        setBusy(false);
        return answer;
      }
      toastOnNextPage(message, 'is-success');
      const href = typeof next === 'function' ? next(answer) : next;
      if (href) location.assign(href);
      else location.reload();
      return answer;
    } catch (error) {
      const message = errorMessage(error);
      if (options.inline) setProblem({ message });
      else toast(options.failure ? options.failure(message) : message, 'is-danger', options.failureMs);
      setBusy(false);
      return undefined;
    }
  };
  /** A refusal found before any call (refusalOf: the route's schema): shown where the server's would be. */
  const refuse = (refusal: Problem) => {
    if (options.inline) setProblem(refusal);
    else toast(options.failure ? options.failure(refusal.message) : refusal.message, 'is-danger', options.failureMs);
  };
  return { busy, run, problem, fail: setProblem, refuse };
}
