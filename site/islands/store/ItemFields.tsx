import { InputField } from '../kit/InputField.tsx';

/**
 * Each number field's most, from the item schema's bounds: the page reads them from item-schemas.ts and passes them
 * (browser code imports a plugin's schemas.ts only).
 */
export interface ItemMaxima {
  price: number;
  coins: number;
  days: number;
  stock: number;
  perUserLimit: number;
}

interface NumberProps {
  id: string;
  label: string;
  name: string;
  min: number;
  max: number;
  /** What it holds now: empty for none (null in the item). */
  value: number | null | undefined;
  disabled: boolean;
  hidden?: boolean;
  required?: boolean;
}

/** A whole number of the store item form, from `min` to `max`, empty for none. */
export function NumberField({ value, ...field }: NumberProps) {
  return <InputField box="column field" type="number" step="1" defaultValue={value ?? ''} {...field} />;
}

interface SelectProps {
  id: string;
  label: string;
  name: string;
  options: readonly { value: string; label: string }[];
  /** The option chosen; the first when absent. */
  value: string | undefined;
  disabled: boolean;
  hidden: boolean;
}

/** A labelled choice in a column of the store item form. */
export function SelectField({ id, label, name, options, value, disabled, hidden }: SelectProps) {
  return (
    <div className="column field" hidden={hidden}>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <div className="select is-fullwidth">
        <select id={id} name={name} defaultValue={value} disabled={disabled}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
