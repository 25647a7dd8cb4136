import { useEffect, useRef } from 'react';
import type { Problem } from './use-action.ts';

interface Props {
  /** The line's id: the control the problem speaks of names it in `aria-describedby` (describedBy). */
  id: string;
  problem: Problem | null;
  /** The control a problem names takes the focus as the problem is found (the user's Save was refused there). */
  focus?: boolean;
  /** The data-* attributes tests and scripts find the line by (`data-adjust-error`). */
  [data: `data-${string}`]: string | boolean;
}

/**
 * A form's error line (useAction's `problem`): in the page while empty, a live region (`role="alert"`), so the
 * message put in it is announced.
 */
export function ErrorLine({ id, problem, focus, ...data }: Props) {
  const line = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus && problem?.field) line.current?.ownerDocument.getElementById(problem.field)?.focus();
  }, [focus, problem]);
  return (
    <p className="help is-danger" id={id} role="alert" ref={line} {...data}>
      {problem?.message}
    </p>
  );
}

/**
 * A control's `aria-invalid` and `aria-describedby`: its help line (`help`, ids separated by spaces), and the
 * form's error line (`errorId`) while the problem speaks of this control (`problem.field` is its id).
 */
export function describedBy(
  id: string,
  problem: Problem | null,
  errorId: string,
  help?: string,
): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  const invalid = problem?.field === id;
  const ids = [help, invalid ? errorId : undefined].filter(Boolean).join(' ');
  return { 'aria-invalid': invalid ? true : undefined, 'aria-describedby': ids || undefined };
}
