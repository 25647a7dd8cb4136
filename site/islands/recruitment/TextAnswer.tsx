import type { AnswerParts } from './QuestionField.tsx';

/** A typed answer: a line, a paragraph or a number, with the question's limits. */
export function TextAnswer({
  question,
  value,
  error,
  onChange,
  onBlur,
  id,
  label,
  help,
  errorText,
  aria,
}: AnswerParts) {
  const limits =
    question.type === 'short' || question.type === 'paragraph'
      ? { minLength: question.min ?? undefined, maxLength: question.max ?? undefined }
      : {};
  const common = {
    id,
    name: question.id,
    value: value === null || value === undefined ? '' : String(value),
    ...aria,
    'aria-required': question.required || undefined,
    onBlur,
  };
  const change = (event: { target: { value: string } }) => onChange(event.target.value);
  return (
    <div className="field" data-question={question.id}>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      {help}
      <div className="control">
        {question.type === 'paragraph' ? (
          <textarea
            className={error ? 'textarea is-danger' : 'textarea'}
            rows={4}
            {...common}
            {...limits}
            onChange={change}
          />
        ) : question.type === 'number' ? (
          <input
            className={error ? 'input is-danger' : 'input'}
            type="number"
            inputMode="decimal"
            min={question.min ?? undefined}
            max={question.max ?? undefined}
            step="any"
            {...common}
            onChange={change}
          />
        ) : (
          <input
            className={error ? 'input is-danger' : 'input'}
            type="text"
            {...common}
            {...limits}
            onChange={change}
          />
        )}
      </div>
      {errorText}
    </div>
  );
}
