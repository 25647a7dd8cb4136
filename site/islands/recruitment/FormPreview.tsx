import { useState } from 'react';
import type { Answer, Question } from '../../../plugins/recruitment/schemas.ts';
import { QuestionField } from './QuestionField.tsx';

interface Props {
  title: string;
  questions: Question[];
  /** Prefix of the preview's control ids. */
  idPrefix: string;
}

/** The form as the applicant sees it; what is typed into it stays here and is never sent. */
export function FormPreview({ title, questions, idPrefix }: Props) {
  const [values, setValues] = useState<ReadonlyMap<string, Answer>>(new Map());
  return (
    <section className="box recruitment-preview" aria-label="Preview as the applicant sees it">
      <h2 className="title is-5">{title || 'Untitled form'}</h2>
      {questions.map((q) => (
        <QuestionField
          key={q.id}
          idPrefix={idPrefix}
          question={{ ...q, label: q.label || 'Untitled question', options: q.options.filter(Boolean) }}
          value={values.get(q.id)}
          error={null}
          onChange={(value) => setValues((v) => new Map(v).set(q.id, value))}
        />
      ))}
    </section>
  );
}
