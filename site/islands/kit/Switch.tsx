import type { ReactNode } from 'react';

interface Props {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Added to Bulma's `checkbox` label (its layout in a dialog). */
  className?: string;
  disabled?: boolean;
  children: ReactNode;
}

/** An on/off setting: a checkbox with the switch role, its state said to screen readers too (the form kit's switch). */
export function Switch({ checked, onChange, className, disabled, children }: Props) {
  return (
    <label className={className ? `checkbox ${className}` : 'checkbox'}>
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />{' '}
      {children}
    </label>
  );
}
