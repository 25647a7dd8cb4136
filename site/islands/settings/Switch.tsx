import { type InputHTMLAttributes, type ReactNode, useState } from 'react';

interface Props
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role' | 'checked' | 'defaultChecked' | 'onChange'> {
  name: string;
  defaultChecked: boolean;
  /** Told each time it is switched (the form reads its value from the form's data anyway). */
  onChange?: (checked: boolean) => void;
  /** The label's text. */
  children: ReactNode;
}

/**
 * A checkbox shown as a switch in the settings' 44 px row (`label.checkbox.setting-check`): `role="switch"` with its
 * state in `aria-checked`, a real checkbox named `name` in its form. Other attributes (the description, `disabled`,
 * `aria-invalid`) go to the input.
 */
export function Switch({ defaultChecked, onChange, children, ...input }: Props) {
  const [checked, setChecked] = useState(defaultChecked);
  return (
    <label className="checkbox setting-check">
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        aria-checked={checked}
        onChange={(event) => {
          setChecked(event.target.checked);
          onChange?.(event.target.checked);
        }}
        {...input}
      />
      {children}
    </label>
  );
}
