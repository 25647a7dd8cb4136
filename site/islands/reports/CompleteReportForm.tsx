import { type FormEvent, useState } from 'react';
import { CompleteReportBodySchema, MAX_OUTCOME_LENGTH } from '../../../plugins/reports/schemas.ts';
import type { AdminReportsKey } from '../../i18n/admin-reports/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, refusalOf } from '../../lib/refusal.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { useAction } from '../kit/use-action.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';

interface Props {
  reportId: string;
  /** Where the manager goes once it is completed (the Report Manager's list). */
  next: string;
  /** Order Reports' words in the page's language (site.admin-reports). */
  texts: BrowserTexts<AdminReportsKey>;
  /** A refusal's words in the page's language (`refusalWords`: the schemas' messages, the frame, zod's problems). */
  refusalWords: RefusalWords;
}

/** The Report Manager's Mark completed: the outcome the reporter reads; the reporter is told. */
export default function CompleteReportForm({ reportId, next, texts, refusalWords }: Props) {
  const hydrated = useHydrated();
  const t = useTexts(texts);
  const [outcome, setOutcome] = useState('');
  const { busy, run, refuse } = useAction({ done: t('complete.done'), next });

  const complete = (event: FormEvent) => {
    event.preventDefault();
    const body = { outcome };
    const refusal = refusalOf(CompleteReportBodySchema, body, {}, 'body', refusalWords);
    if (refusal) return refuse(refusal);
    void run(() =>
      answerOf(client.POST('/api/client/report/orders/{id}/completed', { params: { path: { id: reportId } }, body })),
    );
  };

  return (
    <form className="report-complete" onSubmit={complete}>
      <label className="label" htmlFor="report-outcome">
        {t('complete.outcome')}
      </label>
      <textarea
        className="textarea"
        id="report-outcome"
        name="outcome"
        required
        minLength={3}
        maxLength={MAX_OUTCOME_LENGTH}
        rows={3}
        value={outcome}
        disabled={!hydrated || busy}
        onChange={(event) => setOutcome(event.target.value)}
      />
      <SubmitButton className="is-primary" busy={busy} disabled={!hydrated}>
        {t('complete.submit')}
      </SubmitButton>
    </form>
  );
}
