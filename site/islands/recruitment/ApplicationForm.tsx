import type { Question } from '../../../plugins/recruitment/schemas.ts';
import { QuestionField } from './QuestionField.tsx';
import { ID_PREFIX, useApplication } from './use-application.ts';

interface Props {
  formId: string;
  questions: Question[];
}

/**
 * A recruitment form as the applicant fills it in (useApplication): the draft restored, each question with its
 * error, how many answers need another look, and Send application.
 */
export default function ApplicationForm({ formId, questions }: Props) {
  const app = useApplication(formId, questions);
  return (
    <form
      ref={app.formRef}
      className="box recruitment-form"
      noValidate
      onSubmit={app.submit}
      aria-describedby="recruitment-form-status"
    >
      {app.restored && (
        <p className="notification is-info is-light">
          Your draft from earlier is back: it stays in this browser until you send it.
        </p>
      )}
      {questions.map((question) => (
        <QuestionField
          key={question.id}
          idPrefix={ID_PREFIX}
          question={question}
          value={app.values.get(question.id)}
          error={app.errorOf(question.id)}
          onChange={(value) => app.change(question.id, value)}
          onBlur={() => app.touch(question.id)}
        />
      ))}
      <div id="recruitment-form-status" role="status">
        {app.invalidCount > 0 && (
          <p className="notification is-danger is-light">
            {app.invalidCount === 1 ? 'One answer needs' : `${app.invalidCount} answers need`} another look before you
            send.
          </p>
        )}
        {app.serverError && !app.serverError.question && (
          <p className="notification is-danger is-light">{app.serverError.message}</p>
        )}
      </div>
      <div className="buttons">
        {/* Disabled until interactive: before, Enter or a click would send the page's own GET, answers in its address. */}
        <button
          className={app.sending ? 'button is-primary is-loading' : 'button is-primary'}
          type="submit"
          disabled={app.sending || !app.interactive}
        >
          Send application
        </button>
      </div>
    </form>
  );
}
