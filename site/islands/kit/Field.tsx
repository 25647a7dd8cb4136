import type { ReactNode } from 'react';

interface Props {
  /** The control's id: the label names it. */
  id: string;
  label: ReactNode;
  /** The label's size modifier where the form is compact ("is-small"). */
  size?: 'is-small';
  /** The control (an input, a textarea, a select, or a Bulma group of them). */
  children: ReactNode;
  /** A help line under the control; give it the id the control's `aria-describedby` names. */
  help?: { id: string; text: ReactNode };
  /** What is wrong with the value, under the control (`fieldAria` links the control to it). */
  error?: string | null;
  /** Classes added to Bulma's `field` box ("column" in a row of columns). */
  className?: string;
  /** The whole field hidden (a field the form's other choices make irrelevant). */
  hidden?: boolean;
}

/** The id of a field's error line. */
export const errorId = (id: string) => `${id}-error`;

/**
 * What a field's control says of its state (the form kit's rule): described by its help line and, while an error
 * stands, by its error line, `aria-invalid="true"` and Bulma's red outline.
 */
export function fieldAria(id: string, help: string | undefined, error: string | null | undefined) {
  const ids = [help, error ? errorId(id) : undefined].filter(Boolean).join(' ');
  return { 'aria-describedby': ids || undefined, 'aria-invalid': error ? true : undefined } as const;
}

/** One labelled control, Bulma's way, with its help and error lines: the form kit's field. */
export function Field({ id, label, size, children, help, error, className, hidden }: Props) {
  return (
    <div className={className ? `${className} field` : 'field'} hidden={hidden}>
      <label className={size ? `label ${size}` : 'label'} htmlFor={id}>
        {label}
      </label>
      {children}
      {help && (
        <p className="help" id={help.id}>
          {help.text}
        </p>
      )}
      {error && (
        <p className="help is-danger" id={errorId(id)} data-error-for={id}>
          {error}
        </p>
      )}
    </div>
  );
}
