import { type FormEvent, useState } from 'react';
import { CompleteReportBodySchema, MAX_OUTCOME_LENGTH } from '../../../plugins/reports/schemas.ts';
import { answerOf, client } from '../../lib/client.ts';
import { refusalOf } from '../../lib/refusal.ts';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { useAction } from '../kit/use-action.ts';
import { useHydrated } from '../kit/use-hydrated.ts';

interface Props {
  reportId: string;
  /** Where the manager goes once it is completed (the Report Manager's list). */
  next: string;
}

/** The Report Manager's Mark completed: the outcome the reporter reads; the reporter is told. */
export default function CompleteReportForm({ reportId, next }: Props) {
  const hydrated = useHydrated();
  const [outcome, setOutcome] = useState('');
  const { busy, run, refuse } = useAction({ done: 'Report completed: the reporter is told.', next });

  const complete = (event: FormEvent) => {
    event.preventDefault();
    const body = { outcome };
    const refusal = refusalOf(CompleteReportBodySchema, body);
    if (refusal) return refuse(refusal);
    void run(() =>
      answerOf(client.POST('/api/client/report/orders/{id}/completed', { params: { path: { id: reportId } }, body })),
    );
  };

  return (
    <form className="report-complete" onSubmit={complete}>
      <label className="label" htmlFor="report-outcome">
        Outcome (the reporter reads it)
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
        Mark completed
      </SubmitButton>
    </form>
  );
}
