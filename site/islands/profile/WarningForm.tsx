import { type SubmitEvent, useState } from 'react';
import { CreateWarningBodySchema } from '../../../plugins/users/schemas.ts';
import type { ProfileFormsTexts } from '../../i18n/profile-forms/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, refusalOf } from '../../lib/refusal.ts';
import { ErrorLine } from '../kit/ErrorLine.tsx';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { TextField } from '../kit/TextField.tsx';
import { useAction } from '../kit/use-action.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';

/** The server's limit for a warning's reason (plugins/users/schemas.ts CreateWarningBodySchema). */
const MAX_REASON = 500;

/** The manage screen's New warning (a user manager on someone they outrank): the user is told, the page loads again. */
export default function WarningForm({
  userId,
  texts,
  refusalWords,
}: {
  userId: string;
  texts: ProfileFormsTexts;
  /** A refusal's words in the page's language (`refusalWords`). */
  refusalWords: RefusalWords;
}) {
  const hydrated = useHydrated();
  const t = useTexts(texts);
  const [reason, setReason] = useState('');
  const { busy, run, problem, fail } = useAction({ done: t('warning.added'), inline: true });

  const warn = (event: SubmitEvent) => {
    event.preventDefault();
    const body = { reason: reason.trim() };
    if (!body.reason) return fail({ message: t('warning.empty'), field: 'warning-reason' });
    const refusal = refusalOf(CreateWarningBodySchema, body, { reason: 'warning-reason' }, 'body', refusalWords);
    if (refusal) return fail(refusal);
    void run(() =>
      answerOf(client.POST('/api/client/admin/users/{id}/warnings', { params: { path: { id: userId } }, body })),
    );
  };

  return (
    <form id="warning-form" noValidate onSubmit={warn}>
      <TextField
        id="warning-reason"
        name="reason"
        label={t('warning.label')}
        help={t('warning.help', { max: MAX_REASON })}
        rows={2}
        required
        maxLength={MAX_REASON}
        problem={problem}
        errorId="warning-error"
        value={reason}
        disabled={!hydrated || busy}
        onChange={setReason}
      />
      <ErrorLine id="warning-error" problem={problem} data-warning-error />
      <div className="buttons">
        <SubmitButton className="is-warning" busy={busy} disabled={!hydrated}>
          {t('warning.add')}
        </SubmitButton>
      </div>
    </form>
  );
}
