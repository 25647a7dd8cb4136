import type { ReactNode } from 'react';
import { type ActionOptions, useAction } from './use-action.ts';
import { useHydrated } from './use-hydrated.ts';

interface Props extends ActionOptions {
  /** The call the button makes (through the typed client). */
  call: () => Promise<unknown>;
  className: string;
  children: ReactNode;
}

/** A button that makes one call and reloads the page with a toast (useAction); disabled until hydrated and while busy. */
export function ActionButton({ call, className, children, ...options }: Props) {
  const hydrated = useHydrated();
  const { busy, run } = useAction(options);
  return (
    <button type="button" className={className} disabled={!hydrated || busy} onClick={() => void run(call)}>
      {children}
    </button>
  );
}
