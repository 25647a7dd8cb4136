import { type SubmitEvent, useEffect, useMemo, useRef, useState } from 'react';
import { withSchemaWording } from '../../../core/shared/schema-words.ts';
import { type Answer, type Answers, answerErrors, type Question } from '../../../plugins/recruitment/schemas.ts';
import { ApiRequestError, errorMessage, withMinimumDisplay } from '../../lib/api.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, schemaWordingOf } from '../../lib/refusal.ts';
import { toastOnNextPage } from '../../lib/toast.ts';
import { shownValue, toAnswer } from './answers.ts';
import { draftKey, readDraft, saveDraft } from './draft.ts';

export const ID_PREFIX = 'answer';

/**
 * A recruitment form's state as the applicant fills it in: checked as they type (a field's error shows once it was
 * left or the form was sent), a draft kept in this browser until it is sent, what was typed before the island ran
 * adopted, the server's answer kept for the question it names. Values, errors and touched fields are kept by
 * question id in Maps and Sets, never as object keys: a question named `toString` must not find Object.prototype's.
 * `refusalWords`: what the page handed the island (`refusalWords`), so an answer's problems are in its language.
 */
export function useApplication(formId: string, questions: Question[], sent: string, refusalWords: RefusalWords) {
  const [values, setValues] = useState<ReadonlyMap<string, Answer>>(new Map());
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ question: string | null; message: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [restored, setRestored] = useState(false);
  const [interactive, setInteractive] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // Once interactive: the draft, and over it whatever was typed or ticked while the page was still loading (on
  // screen, but not yet in this state; sending without it would lose it). Send waits for this too.
  useEffect(() => {
    const draft = readDraft(formId, questions);
    const shown = new Map<string, Answer>();
    for (const question of questions) {
      const value = formRef.current ? shownValue(formRef.current, question, ID_PREFIX) : undefined;
      if (value !== undefined) shown.set(question.id, value);
    }
    if (draft.size > 0 || shown.size > 0) setValues(new Map([...draft, ...shown]));
    if (draft.size > 0) setRestored(true);
    if (shown.size > 0) saveDraft(formId, new Map([...draft, ...shown]));
    setInteractive(true);
  }, [formId, questions]);

  const answers = useMemo(
    () => Object.fromEntries(questions.map((q) => [q.id, toAnswer(q, values.get(q.id))])) as Answers,
    [questions, values],
  );
  const wording = useMemo(() => schemaWordingOf(refusalWords), [refusalWords]);
  // The server's own rule, its messages worded as the server words them in the page's language.
  const errors = useMemo(
    () => withSchemaWording(wording, () => answerErrors(questions, answers)),
    [questions, answers, wording],
  );

  const change = (id: string, value: Answer) => {
    const next = new Map(values).set(id, value);
    setValues(next);
    if (serverError?.question === id) setServerError(null);
    saveDraft(formId, next);
  };

  const errorOf = (id: string): string | null => {
    if (serverError?.question === id) return serverError.message;
    return (submitted || touched.has(id)) && errors.get(id) ? errors.get(id)! : null;
  };

  const focusQuestion = (id: string) => {
    const field = formRef.current?.querySelector<HTMLElement>(
      `[data-question="${CSS.escape(id)}"] input, [data-question="${CSS.escape(id)}"] textarea`,
    );
    field?.focus();
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    const firstInvalid = questions.find((q) => errors.has(q.id));
    if (firstInvalid) {
      focusQuestion(firstInvalid.id);
      return;
    }
    setSending(true);
    try {
      const { application } = await withMinimumDisplay(
        answerOf(
          client.POST('/api/client/recruitment/forms/{id}/response', {
            params: { path: { id: formId } },
            body: { answers },
          }),
        ),
      );
      localStorage.removeItem(draftKey(formId));
      toastOnNextPage(sent, 'is-success');
      location.assign(`/recruitment/applications/${application.id}`);
    } catch (error) {
      const question =
        error instanceof ApiRequestError && typeof error.body.question === 'string' ? error.body.question : null;
      const named = question ? questions.find((q) => q.id === question) : undefined;
      // The message starts with the question's label; next to the question, the rest says it.
      const message = errorMessage(error);
      setServerError({
        question: named ? named.id : null,
        message: named && message.startsWith(`${named.label}: `) ? message.slice(named.label.length + 2) : message,
      });
      if (named) focusQuestion(named.id);
      setSending(false);
    }
  };

  const touch = (id: string) => setTouched((t) => new Set(t).add(id));
  const invalidCount = submitted ? errors.size : 0;
  return { formRef, values, restored, interactive, sending, serverError, invalidCount, change, touch, errorOf, submit };
}
