import { Checkbox } from '../kit/Checkbox.tsx';

interface Props<T extends string> {
  legend: string;
  /** The checkboxes' name ("permissions", "perks"). */
  name: string;
  /** Every choice, in the order shown. */
  choices: readonly T[];
  label: (choice: T) => string;
  checked: Set<string>;
  disabled: boolean;
  onToggle: (choice: T, on: boolean) => void;
}

/** The rank editor's group of labelled checkboxes (its permissions, its perks), in a grid. */
export function RankChecks<T extends string>({ legend, name, choices, label, checked, disabled, onToggle }: Props<T>) {
  return (
    <fieldset className="field">
      <legend className="label">{legend}</legend>
      <div className="rank-checks">
        {choices.map((choice) => (
          <Checkbox
            key={choice}
            name={name}
            checked={checked.has(choice)}
            disabled={disabled}
            onChange={(on) => onToggle(choice, on)}
          >
            {label(choice)}
          </Checkbox>
        ))}
      </div>
    </fieldset>
  );
}
