import { type FormEvent, useState } from 'react';
import { MAX_WARNING_LENGTH, WarnBodySchema } from '../../../plugins/reports/schemas.ts';
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
  target: 'chef' | 'driver';
  /** The person's name, for the label. */
  name: string;
  /** Order Reports' words in the page's language (site.admin-reports). */
  texts: BrowserTexts<AdminReportsKey>;
  /** A refusal's words in the page's language (`refusalWords`: the schemas' messages, the frame, zod's problems). */
  refusalWords: RefusalWords;
}

/** The Report Manager's Warn the chef / the driver: a reason, then the page loads again with a toast. */
export default function WarnForm({ reportId, target, name, texts, refusalWords }: Props) {
  const hydrated = useHydrated();
  const t = useTexts(texts);
  const [reason, setReason] = useState('');
  const { busy, run, refuse } = useAction({ done: t('warn.done', { target }) });

  const warn = (event: FormEvent) => {
    event.preventDefault();
    const body = { target, reason };
    const refusal = refusalOf(WarnBodySchema, body, {}, 'body', refusalWords);
    if (refusal) return refuse(refusal);
    void run(() =>
      answerOf(client.POST('/api/client/report/orders/{id}/warn', { params: { path: { id: reportId } }, body })),
    );
  };

  return (
    <form className="report-warn" onSubmit={warn}>
      <label className="label" htmlFor={`warn-${target}`}>
        {t('warn.label', { target, name })}
      </label>
      <textarea
        className="textarea is-small"
        id={`warn-${target}`}
        name="reason"
        required
        minLength={3}
        maxLength={MAX_WARNING_LENGTH}
        rows={2}
        value={reason}
        disabled={!hydrated || busy}
        onChange={(event) => setReason(event.target.value)}
      />
      <SubmitButton className="is-small is-warning" busy={busy} disabled={!hydrated}>
        {t('warn.submit', { target })}
      </SubmitButton>
    </form>
  );
}
