import type { AnswerParts } from './QuestionField.tsx';

/** A chosen answer: yes or no, one of the options (radios), or several (checkboxes). */
export function ChoiceAnswer(props: AnswerParts) {
  const { question, value, onChange, onBlur, id, label, help, errorText, aria, words } = props;
  const choices: { value: string | boolean; label: string }[] =
    question.type === 'yesno'
      ? [
          { value: true, label: words.yes },
          { value: false, label: words.no },
        ]
      : question.options.map((o) => ({ value: o, label: o }));
  const picked = Array.isArray(value) ? value : [];
  const toggle = (option: string, on: boolean) =>
    onChange(on ? [...picked, option] : picked.filter((p) => p !== option));
  return (
    <fieldset className="field" data-question={question.id} {...aria}>
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
                onChange={(e) => toggle(choice.value as string, e.target.checked)}
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
