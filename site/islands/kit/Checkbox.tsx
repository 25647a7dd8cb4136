import type { ReactNode } from 'react';

interface Props {
  name: string;
  /** The box's id, where something names it (the label wraps the box either way). */
  id?: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  /** What the box says (the label's text). */
  children: ReactNode;
  /** A help line under the label; the box is described by it. */
  help?: { id: string; text: ReactNode };
  /** The label's classes, "checkbox" and a layout class ("checkbox perk-option"); "checkbox" when absent. */
  className?: string;
}

/** A labelled checkbox, Bulma's way, with an optional help line it is described by: the form kit's switch. */
export function Checkbox({ name, id, checked, disabled, onChange, children, help, className = 'checkbox' }: Props) {
  return (
    <>
      <label className={className} htmlFor={id}>
        <input
          type="checkbox"
          id={id}
          name={name}
          checked={checked}
          disabled={disabled}
          aria-describedby={help?.id}
          onChange={(event) => onChange(event.target.checked)}
        />{' '}
        {children}
      </label>
      {help && (
        <p className="help" id={help.id}>
          {help.text}
        </p>
      )}
    </>
  );
}
