import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { type ActionOptions, useAction } from './use-action.ts';
import { useHydrated } from './use-hydrated.ts';

type ButtonAttributes = Pick<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'className' | 'title' | 'disabled' | 'aria-label' | 'aria-describedby'
>;

interface Props<T> extends Omit<ActionOptions<T>, 'inline'>, ButtonAttributes {
  /** The call the button makes (through the typed client). */
  call: () => Promise<T>;
  children: ReactNode;
}

/**
 * A button that makes one call and loads the page again with a toast (useAction), Bulma's spinner on it meanwhile;
 * disabled until hydrated, while busy, and when `disabled` says so (a disabled action gives its reason in `title`
 * and `aria-describedby`).
 */
export function ActionButton<T>({
  call,
  children,
  confirm,
  done,
  next,
  stay,
  failure,
  failureMs,
  disabled,
  className,
  ...attributes
}: Props<T>) {
  const hydrated = useHydrated();
  const { busy, run } = useAction({ confirm, done, next, stay, failure, failureMs });
  return (
    <button
      type="button"
      {...attributes}
      className={busy ? `${className} is-loading` : className}
      disabled={!hydrated || busy || disabled}
      onClick={() => void run(call)}
    >
      {children}
    </button>
  );
}
