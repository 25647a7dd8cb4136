import type { InputHTMLAttributes, ReactNode } from 'react';

type InputAttributes = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'role' | 'checked' | 'defaultChecked' | 'onChange' | 'className' | 'children'
>;

interface Props extends InputAttributes {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Added to Bulma's `checkbox` label (its layout: `resign-switch`, `setting-check`). */
  className?: string;
  children: ReactNode;
}

/**
 * An on/off setting: a checkbox with the switch role, its state said to screen readers too (the form kit's switch).
 * Other attributes (`name`, `disabled`, `aria-describedby`) go to the input.
 */
export function Switch({ checked, onChange, className, children, ...input }: Props) {
  return (
    <label className={className ? `checkbox ${className}` : 'checkbox'}>
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        {...input}
      />{' '}
      {children}
    </label>
  );
}
