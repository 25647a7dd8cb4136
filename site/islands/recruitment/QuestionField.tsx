import type { Answer, Question } from '../../../plugins/recruitment/schemas.ts';

interface Props {
  question: Question;
  /** The field's raw value: text (a number too, as typed), a list for multiple choice, a boolean for yes/no. */
  value: Answer | undefined;
  error: string | null;
  onChange: (value: Answer) => void;
  onBlur?: () => void;
  /** Prefix for element ids (the builder's preview and the form may share a page). */
  idPrefix: string;
}

/** One question as the applicant sees it: its label, help, control and the error next to it. */
export function QuestionField({ question, value, error, onChange, onBlur, idPrefix }: Props) {
  const id = `${idPrefix}-${question.id}`;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [question.help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const invalid = error ? true : undefined;
  const label = (
    <>
      {question.label}
      {question.required ? (
        <span className="has-text-danger" aria-hidden="true">
          {' '}
          *
        </span>
      ) : (
        <span className="has-text-grey"> (optional)</span>
      )}
    </>
  );
  const help = question.help ? (
    <p className="help" id={helpId}>
      {question.help}
    </p>
  ) : null;
  const errorText = error ? (
    <p className="help is-danger" id={errorId} role="alert">
      {error}
    </p>
  ) : null;
  const limits =
    question.type === 'short' || question.type === 'paragraph'
      ? { minLength: question.min ?? undefined, maxLength: question.max ?? undefined }
      : {};

  if (question.type === 'short' || question.type === 'paragraph' || question.type === 'number') {
    const common = {
      id,
      name: question.id,
      value: value === null || value === undefined ? '' : String(value),
      'aria-invalid': invalid,
      'aria-describedby': describedBy,
      'aria-required': question.required || undefined,
      onBlur,
    };
    return (
      <div className="field" data-question={question.id}>
        <label className="label" htmlFor={id}>
          {label}
        </label>
        {help}
        <div className="control">
          {question.type === 'paragraph' ? (
            <textarea
              className={`textarea${error ? ' is-danger' : ''}`}
              rows={4}
              {...common}
              {...limits}
              onChange={(e) => onChange(e.target.value)}
            />
          ) : question.type === 'number' ? (
            <input
              className={`input${error ? ' is-danger' : ''}`}
              type="number"
              inputMode="decimal"
              min={question.min ?? undefined}
              max={question.max ?? undefined}
              step="any"
              {...common}
              onChange={(e) => onChange(e.target.value)}
            />
          ) : (
            <input
              className={`input${error ? ' is-danger' : ''}`}
              type="text"
              {...common}
              {...limits}
              onChange={(e) => onChange(e.target.value)}
            />
          )}
        </div>
        {errorText}
      </div>
    );
  }

  const choices: { value: string | boolean; label: string }[] =
    question.type === 'yesno'
      ? [
          { value: true, label: 'Yes' },
          { value: false, label: 'No' },
        ]
      : question.options.map((o) => ({ value: o, label: o }));
  const picked = Array.isArray(value) ? value : [];
  return (
    <fieldset className="field" data-question={question.id} aria-invalid={invalid} aria-describedby={describedBy}>
      <legend className="label">{label}</legend>
      {help}
      <div className="control recruitment-choices">
        {choices.map((choice, index) =>
          question.type === 'multiple' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a question's options are fixed while the form is open, and two may read the same
            <label className="checkbox" key={index}>
              <input
                type="checkbox"
                name={id}
                value={String(choice.value)}
                checked={picked.includes(choice.value as string)}
                onChange={(e) =>
                  onChange(
                    e.target.checked ? [...picked, choice.value as string] : picked.filter((p) => p !== choice.value),
                  )
                }
                onBlur={onBlur}
              />{' '}
              {choice.label}
            </label>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: a question's options are fixed while the form is open, and two may read the same
            <label className="radio" key={index}>
              <input
                type="radio"
                name={id}
                value={String(choice.value)}
                checked={value === choice.value}
                onChange={() => onChange(choice.value)}
                onBlur={onBlur}
              />{' '}
              {choice.label}
            </label>
          ),
        )}
      </div>
      {errorText}
    </fieldset>
  );
}

/**
 * The field's raw value as the page shows it (`undefined` when left empty): what an applicant typed or ticked
 * before the island ran is on screen, not in React's state, until it is read from there.
 */
export function shownValue(form: HTMLFormElement, question: Question, idPrefix: string): Answer | undefined {
  const data = new FormData(form);
  if (question.type === 'short' || question.type === 'paragraph' || question.type === 'number') {
    const text = data.get(question.id);
    return typeof text === 'string' && text !== '' ? text : undefined;
  }
  const picked = data.getAll(`${idPrefix}-${question.id}`).map(String);
  if (question.type === 'multiple') return picked.length > 0 ? picked : undefined;
  if (picked.length === 0) return undefined;
  return question.type === 'yesno' ? picked[0] === 'true' : picked[0];
}

/** What the page sends for a field's raw value: a typed number becomes a number ('' stays empty: no answer). */
export function toAnswer(question: Question, value: Answer | undefined): Answer {
  if (value === undefined) return null;
  if (question.type === 'number' && typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return null;
    const n = Number(trimmed);
    return Number.isNaN(n) ? trimmed : n;
  }
  return value;
}
