import { useState } from 'react';
import type { Answer, Question } from '../../../plugins/recruitment/schemas.ts';
import type { AdminRecruitmentT } from '../../i18n/admin-recruitment/index.ts';
import { type AnswerWords, QuestionField } from './QuestionField.tsx';

interface Props {
  title: string;
  questions: Question[];
  /** Prefix of the preview's control ids. */
  idPrefix: string;
  t: AdminRecruitmentT;
  /** What the fields say themselves, in the page's language. */
  words: AnswerWords;
}

/** The form as the applicant sees it; what is typed into it stays here and is never sent. */
export function FormPreview({ title, questions, idPrefix, t, words }: Props) {
  const [values, setValues] = useState<ReadonlyMap<string, Answer>>(new Map());
  return (
    <section className="box recruitment-preview" aria-label={t('preview.label')}>
      <h2 className="title is-5">{title || t('preview.untitledForm')}</h2>
      {questions.map((q) => (
        <QuestionField
          key={q.id}
          idPrefix={idPrefix}
          question={{ ...q, label: q.label || t('preview.untitledQuestion'), options: q.options.filter(Boolean) }}
          value={values.get(q.id)}
          error={null}
          words={words}
          onChange={(value) => setValues((v) => new Map(v).set(q.id, value))}
        />
      ))}
    </section>
  );
}
