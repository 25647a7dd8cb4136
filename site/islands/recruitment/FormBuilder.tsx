import { useId, useState } from 'react';
import type { FormView } from '../../../plugins/recruitment/schemas.ts';
import type { AdminRecruitmentTexts } from '../../i18n/admin-recruitment/index.ts';
import type { RefusalWords } from '../../lib/refusal.ts';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';
import { FormPreview } from './FormPreview.tsx';
import { FormSettingsBox, type RankChoice } from './FormSettingsBox.tsx';
import { QuestionEditor } from './QuestionEditor.tsx';
import type { AnswerWords } from './QuestionField.tsx';
import { useFormBuilder } from './use-form-builder.ts';
import { useQuestions } from './use-questions.ts';

interface Props {
  form: FormView | null;
  ranks: RankChoice[];
  /** Its words in the page's language (site.admin-recruitment). */
  texts: AdminRecruitmentTexts;
  /** What the preview's fields say themselves, as the applicant reads them (site.application). */
  words: AnswerWords;
  /** A refusal's words in the page's language (`refusalWords`). */
  refusalWords: RefusalWords;
}

/** The form builder: fields, requirements, and the questions added, edited, moved (buttons or drag) and removed, with a preview. */
export default function FormBuilder({ form, ranks, texts, words, refusalWords }: Props) {
  const uid = useId();
  const hydrated = useHydrated();
  const t = useTexts(texts);
  const builder = useFormBuilder(form, t, refusalWords);
  const list = useQuestions(form?.questions, uid, t);
  const [preview, setPreview] = useState(false);
  const id = (name: string) => `${uid}-${name}`;
  const off = !hydrated || builder.busy;

  return (
    <form
      className="recruitment-builder"
      onSubmit={(event) => {
        event.preventDefault();
        builder.save(list.questions);
      }}
    >
      <FormSettingsBox settings={builder.settings} change={builder.change} ranks={ranks} id={id} off={off} t={t} />
      <h2 className="title is-4">{t('builder.questions')}</h2>
      <p className="is-sr-only" role="status" aria-live="polite">
        {list.announce}
      </p>
      <ol className="recruitment-builder-list">
        {list.questions.map((q, index) => (
          <QuestionEditor
            key={q.id}
            question={q}
            index={index}
            list={list}
            qid={(name) => `${uid}-q-${index}-${name}`}
            off={off}
            t={t}
          />
        ))}
      </ol>
      <div className="buttons">
        <button type="button" className="button" disabled={off} onClick={list.add}>
          {t('builder.add')}
        </button>
        <button
          type="button"
          className="button"
          aria-expanded={preview}
          aria-controls={id('preview')}
          disabled={!hydrated}
          onClick={() => setPreview((p) => !p)}
        >
          {t(preview ? 'builder.hidePreview' : 'builder.preview')}
        </button>
      </div>
      <div id={id('preview')} hidden={!preview}>
        {preview && (
          <FormPreview
            title={builder.settings.title}
            questions={list.questions}
            idPrefix={`${uid}-preview`}
            t={t}
            words={words}
          />
        )}
      </div>
      <div className="buttons mt-4">
        <SubmitButton className="is-primary" busy={builder.busy} disabled={!hydrated}>
          {t(form ? 'builder.save' : 'builder.create')}
        </SubmitButton>
        {form && (
          <button
            type="button"
            className="button is-danger is-light"
            disabled={off}
            onClick={() => void builder.destroy()}
          >
            {t('builder.delete')}
          </button>
        )}
      </div>
    </form>
  );
}
