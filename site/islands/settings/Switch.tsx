import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { Switch as KitSwitch } from '../kit/Switch.tsx';

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
 * The kit's switch in the settings' 44 px row (`setting-check`), holding its own state: a real checkbox named `name`
 * in its form, which is read from its data on submit.
 */
export function Switch({ defaultChecked, onChange, children, ...input }: Props) {
  const [checked, setChecked] = useState(defaultChecked);
  const change = (on: boolean) => {
    setChecked(on);
    onChange?.(on);
  };
  return (
    <KitSwitch className="setting-check" checked={checked} onChange={change} {...input}>
      {children}
    </KitSwitch>
  );
}
