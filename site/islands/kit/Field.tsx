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
}

/** One labelled control, Bulma's way: the form kit's field. */
export function Field({ id, label, size, children, help }: Props) {
  return (
    <div className="field">
      <label className={size ? `label ${size}` : 'label'} htmlFor={id}>
        {label}
      </label>
      {children}
      {help && (
        <p className="help" id={help.id}>
          {help.text}
        </p>
      )}
    </div>
  );
}
