import { Field } from '../kit/Field.tsx';
import { Select } from '../kit/Select.tsx';
import { TextField } from '../kit/TextField.tsx';

interface NumberProps {
  id: string;
  label: string;
  name: string;
  min: number;
  max: number;
  /** What it holds: empty for none (null in the item). */
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  hidden?: boolean;
  required?: boolean;
}

/** A whole number of the store item form, from `min` to `max`, empty for none, in a column of its row. */
export function NumberField(props: NumberProps) {
  return <TextField className="column" type="number" step={1} control={false} {...props} />;
}

interface SelectProps {
  id: string;
  label: string;
  name: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  hidden: boolean;
}

/** A labelled choice in a column of the store item form. */
export function SelectField({ id, label, options, onChange, hidden, ...select }: SelectProps) {
  return (
    <Field id={id} label={label} className="column" hidden={hidden}>
      <Select id={id} onChange={(event) => onChange(event.target.value)} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
