import type { Question } from '../../../plugins/recruitment/schemas.ts';
import type { ApplicationTexts } from '../../i18n/application/index.ts';
import type { RefusalWords } from '../../lib/refusal.ts';
import { useTexts } from '../kit/use-texts.ts';
import { QuestionField } from './QuestionField.tsx';
import { ID_PREFIX, useApplication } from './use-application.ts';

interface Props {
  formId: string;
  questions: Question[];
  /** Its words, in the page's language (site/i18n/application). */
  texts: ApplicationTexts;
  /** A refusal's words in the page's language (`refusalWords`): an answer's problems (`schema.answer.*`) among them. */
  refusalWords: RefusalWords;
}

/**
 * A recruitment form as the applicant fills it in (useApplication): the draft restored, each question with its
 * error, how many answers need another look, and Send application.
 */
export default function ApplicationForm({ formId, questions, texts, refusalWords }: Props) {
  const t = useTexts(texts);
  const app = useApplication(formId, questions, t('form.sent'), refusalWords);
  const words = { optional: t('form.optional'), yes: t('form.yes'), no: t('form.no') };
  return (
    <form
      ref={app.formRef}
      className="box recruitment-form"
      noValidate
      onSubmit={app.submit}
      aria-describedby="recruitment-form-status"
    >
      {app.restored && <p className="notification is-info is-light">{t('form.restored')}</p>}
      {questions.map((question) => (
        <QuestionField
          key={question.id}
          idPrefix={ID_PREFIX}
          words={words}
          question={question}
          value={app.values.get(question.id)}
          error={app.errorOf(question.id)}
          onChange={(value) => app.change(question.id, value)}
          onBlur={() => app.touch(question.id)}
        />
      ))}
      <div id="recruitment-form-status" role="status">
        {app.invalidCount > 0 && (
          <p className="notification is-danger is-light">{t('form.invalid', { count: app.invalidCount })}</p>
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
          {t('form.send')}
        </button>
      </div>
    </form>
  );
}
