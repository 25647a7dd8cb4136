import { type FormEvent, useState } from 'react';
import { ANSWER_MAX, ANSWER_MIN, CreateAppealBodySchema } from '../../../plugins/appeals/schemas.ts';
import type { AppealFormTexts } from '../../i18n/appeal-form/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import { Field, fieldAria } from '../kit/Field.tsx';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { useAction } from '../kit/use-action.ts';
import { useFields } from '../kit/use-fields.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';

type Answer = 'whyBanned' | 'whyLift' | 'anythingElse';

interface Props {
  /** The questions, worded for a ban or a blacklist (appealWords). */
  questions: { name: Answer; label: string; help: string; required: boolean }[];
  /** Its own words, in the page's language (site/i18n/appeal-form). */
  texts: AppealFormTexts;
}

/**
 * File an appeal: the answers are checked with the server's own schema before they are sent, each field saying what
 * is wrong with it; once filed, the appeal's page opens.
 */
export default function AppealForm({ questions, texts }: Props) {
  const hydrated = useHydrated();
  const t = useTexts(texts);
  const { fields, bind } = useFields({ whyBanned: '', whyLift: '', anythingElse: '' });
  const [errors, setErrors] = useState<Partial<Record<Answer, string>>>({});
  const { busy, run } = useAction<{ appeal: { id: string } }>({
    done: t('filed'),
    next: ({ appeal }) => `/appeal/${appeal.id}`,
  });

  const file = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateAppealBodySchema.safeParse(fields);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])));
      return;
    }
    setErrors({});
    void run(() => answerOf(client.POST('/api/client/appeal', { body: parsed.data })));
  };

  const length = t('length', { min: ANSWER_MIN, max: ANSWER_MAX });
  return (
    <form className="box" id="appeal-form" noValidate onSubmit={file}>
      {questions.map(({ name, label, help, required }) => (
        <Field
          key={name}
          id={name}
          label={label}
          help={{ id: `${name}-help`, text: `${help} ${length}` }}
          error={errors[name]}
        >
          <div className="control">
            <textarea
              className={errors[name] ? 'textarea is-danger' : 'textarea'}
              id={name}
              name={name}
              rows={5}
              required={required}
              minLength={ANSWER_MIN}
              maxLength={ANSWER_MAX}
              {...fieldAria(name, `${name}-help`, errors[name])}
              value={fields[name]}
              disabled={!hydrated || busy}
              onChange={bind(name)}
            />
          </div>
        </Field>
      ))}
      <div className="buttons">
        <SubmitButton className="is-link" busy={busy} disabled={!hydrated}>
          {t('file')}
        </SubmitButton>
      </div>
    </form>
  );
}
