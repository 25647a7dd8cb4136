import type { ReactNode } from 'react';
import type { Answer, Question } from '../../../plugins/recruitment/schemas.ts';
import { ChoiceAnswer } from './ChoiceAnswer.tsx';
import { TextAnswer } from './TextAnswer.tsx';

interface Props {
  question: Question;
  /** The field's raw value: text (a number too, as typed), a list for multiple choice, a boolean for yes/no. */
  value: Answer | undefined;
  error: string | null;
  onChange: (value: Answer) => void;
  onBlur?: () => void;
  /** Prefix for element ids (the builder's preview and the form may share a page). */
  idPrefix: string;
  /** The field's own words in the page's language. */
  words: AnswerWords;
}

/** What a field says itself: an optional question's mark and a yes/no question's choices. */
export interface AnswerWords {
  optional: string;
  yes: string;
  no: string;
}

/** What every kind of answer shares: its ids, the label with required or optional, the help and error lines. */
export interface AnswerParts extends Omit<Props, 'idPrefix' | 'words'> {
  words: AnswerWords;
  id: string;
  label: ReactNode;
  help: ReactNode;
  errorText: ReactNode;
  /** The control's (or the group's) `aria-invalid` and `aria-describedby`. */
  aria: { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };
}

/** One question as the applicant sees it: its label, help, control and the error next to it. */
export function QuestionField({ question, idPrefix, words, ...rest }: Props) {
  const id = `${idPrefix}-${question.id}`;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [question.help ? helpId : null, rest.error ? errorId : null].filter(Boolean).join(' ');
  const parts: AnswerParts = {
    question,
    ...rest,
    words,
    id,
    label: (
      <>
        {question.label}
        {question.required ? (
          <span className="has-text-danger" aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <span className="has-text-grey"> {words.optional}</span>
        )}
      </>
    ),
    help: question.help ? (
      <p className="help" id={helpId}>
        {question.help}
      </p>
    ) : null,
    errorText: rest.error ? (
      <p className="help is-danger" id={errorId} role="alert">
        {rest.error}
      </p>
    ) : null,
    aria: { 'aria-invalid': rest.error ? true : undefined, 'aria-describedby': describedBy || undefined },
  };
  const typed = question.type === 'short' || question.type === 'paragraph' || question.type === 'number';
  return typed ? <TextAnswer {...parts} /> : <ChoiceAnswer {...parts} />;
}
