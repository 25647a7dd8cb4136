import { useId, useState } from 'react';
import type { FormView } from '../../../plugins/recruitment/schemas.ts';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { useHydrated } from '../kit/use-hydrated.ts';
import { FormPreview } from './FormPreview.tsx';
import { FormSettingsBox, type RankChoice } from './FormSettingsBox.tsx';
import { QuestionEditor } from './QuestionEditor.tsx';
import { useFormBuilder } from './use-form-builder.ts';
import { useQuestions } from './use-questions.ts';

interface Props {
  form: FormView | null;
  ranks: RankChoice[];
}

/** The form builder: fields, requirements, and the questions added, edited, moved (buttons or drag) and removed, with a preview. */
export default function FormBuilder({ form, ranks }: Props) {
  const uid = useId();
  const hydrated = useHydrated();
  const builder = useFormBuilder(form);
  const list = useQuestions(form?.questions, uid);
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
      <FormSettingsBox settings={builder.settings} change={builder.change} ranks={ranks} id={id} off={off} />
      <h2 className="title is-4">Questions</h2>
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
          />
        ))}
      </ol>
      <div className="buttons">
        <button type="button" className="button" disabled={off} onClick={list.add}>
          Add question
        </button>
        <button
          type="button"
          className="button"
          aria-expanded={preview}
          aria-controls={id('preview')}
          disabled={!hydrated}
          onClick={() => setPreview((p) => !p)}
        >
          {preview ? 'Hide preview' : 'Preview'}
        </button>
      </div>
      <div id={id('preview')} hidden={!preview}>
        {preview && (
          <FormPreview title={builder.settings.title} questions={list.questions} idPrefix={`${uid}-preview`} />
        )}
      </div>
      <div className="buttons mt-4">
        <SubmitButton className="is-primary" busy={builder.busy} disabled={!hydrated}>
          {form ? 'Save form' : 'Create form'}
        </SubmitButton>
        {form && (
          <button
            type="button"
            className="button is-danger is-light"
            disabled={off}
            onClick={() => void builder.destroy()}
          >
            Delete form
          </button>
        )}
      </div>
    </form>
  );
}
