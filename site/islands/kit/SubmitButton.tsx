import type { ReactNode } from 'react';

interface Props {
  /** Bulma's colour and size classes ("is-primary", "is-small is-warning"). */
  className: string;
  /** The call runs: the spinner shows (for at least 200 ms: useAction) and the button is disabled. */
  busy: boolean;
  /** Not yet usable (the island is not hydrated). */
  disabled?: boolean;
  children: ReactNode;
}

/** A form's submit button with its progress: the form kit's submit. */
export function SubmitButton({ className, busy, disabled, children }: Props) {
  return (
    <button className={`button ${className}${busy ? ' is-loading' : ''}`} type="submit" disabled={busy || disabled}>
      {children}
    </button>
  );
}
