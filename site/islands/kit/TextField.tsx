import type { InputHTMLAttributes, ReactNode } from 'react';
import { describedBy } from './ErrorLine.tsx';
import { Field } from './Field.tsx';
import type { Problem } from './use-action.ts';

type Limits = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'required' | 'minLength' | 'maxLength' | 'placeholder' | 'autoComplete' | 'min' | 'max' | 'pattern'
>;

interface Props extends Limits {
  /** The box's id: the label names it, its help line is `<id>-help`, a problem names it in `field`. */
  id: string;
  label: ReactNode;
  /** The help line under the box; the box is described by it. */
  help?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  /** A textarea of this many rows; absent: an input. */
  rows?: number;
  /** The input's type ("number", "datetime-local", "url"; text when absent) and its number details. */
  type?: 'text' | 'number' | 'datetime-local' | 'url';
  step?: number;
  inputMode?: 'numeric';
  /** Classes added to the field's box ("column" in a row of columns), and the whole field hidden. */
  className?: string;
  hidden?: boolean;
  /** The form's problem (useAction) and its error line's id: the box is invalid and described by it when it is named. */
  problem?: Problem | null;
  errorId?: string;
  /** Bulma's `.control` around the box (default); false: the box sits in the field itself. */
  control?: boolean;
}

/** One labelled text box (an input or a textarea) with its help line and the form's error line: the form kit's. */
export function TextField({
  id,
  label,
  help,
  onChange,
  rows,
  type,
  step,
  inputMode,
  problem = null,
  errorId = '',
  control = true,
  className,
  hidden,
  ...attributes
}: Props) {
  const helpId = help ? `${id}-help` : undefined;
  const common = {
    id,
    ...attributes,
    ...describedBy(id, problem, errorId, helpId),
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  const box = rows ? (
    <textarea className="textarea" rows={rows} {...common} />
  ) : (
    <input className="input" type={type} step={step} inputMode={inputMode} {...common} />
  );
  return (
    <Field
      id={id}
      label={label}
      help={helpId ? { id: helpId, text: help } : undefined}
      className={className}
      hidden={hidden}
    >
      {control ? <div className="control">{box}</div> : box}
    </Field>
  );
}
