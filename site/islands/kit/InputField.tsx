import type { InputHTMLAttributes, ReactNode } from 'react';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  /** The field's box: Bulma's `field` by default (`column field` in a row of columns). */
  box?: string;
  /** A help line under the input, `helpId` its id (for the input's `aria-describedby`). */
  help?: ReactNode;
  helpId?: string;
}

/**
 * A labelled Bulma input (`.input`, unless `className` says otherwise), with a help line under it when given; the
 * other attributes go to the input, `hidden` to the box. For forms read from their data on submit (Site Settings,
 * the store's item form, the message editor: `defaultValue`, no state); a form that holds its fields in state uses
 * `Field` or `TextField`.
 */
export function InputField({ label, box = 'field', hidden, help, helpId, ...input }: Props) {
  return (
    <div className={box} hidden={hidden}>
      <label className="label" htmlFor={input.id}>
        {label}
      </label>
      <input className="input" {...input} />
      {help !== undefined && (
        <p className="help" id={helpId}>
          {help}
        </p>
      )}
    </div>
  );
}
