import type { InputHTMLAttributes, ReactNode } from 'react';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  /** The help line under the field, `helpId` its id (for the input's `aria-describedby`). */
  help: ReactNode;
  helpId: string;
}

/** A setting's labelled field with its help line under it; the other attributes go to the input. */
export function SettingField({ label, help, helpId, ...input }: Props) {
  return (
    <div className="field">
      <label className="label" htmlFor={input.id}>
        {label}
      </label>
      <input {...input} />
      <p className="help" id={helpId}>
        {help}
      </p>
    </div>
  );
}
