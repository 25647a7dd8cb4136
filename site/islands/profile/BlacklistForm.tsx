import { type SubmitEvent, useState } from 'react';
import { SetBlacklistBodySchema } from '../../../plugins/users/schemas.ts';
import type { ProfileFormsTexts } from '../../i18n/profile-forms/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, refusalOf } from '../../lib/refusal.ts';
import { ErrorLine } from '../kit/ErrorLine.tsx';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { TextField } from '../kit/TextField.tsx';
import { useAction } from '../kit/use-action.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';

/** The server's limit for the reason (plugins/users/schemas.ts SetBlacklistBodySchema). */
const MAX_REASON = 500;

interface Props {
  userId: string;
  /** Listed now: the form lifts the blacklist (the reason is optional); else it lists them (a reason is needed). */
  active: boolean;
  texts: ProfileFormsTexts;
  /** A refusal's words in the page's language (`refusalWords`: the schemas' messages, the frame, zod's problems). */
  refusalWords: RefusalWords;
}

/** The manage screen's order blacklist form: list the user with a reason, or lift it; the page loads again. */
export default function BlacklistForm({ userId, active, texts, refusalWords }: Props) {
  const hydrated = useHydrated();
  const t = useTexts(texts);
  const [reason, setReason] = useState('');
  const { busy, run, problem, fail } = useAction({
    done: active ? t('blacklist.lifted') : t('blacklist.listed'),
    inline: true,
  });

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const given = reason.trim();
    if (!active && !given) return fail({ message: t('blacklist.empty'), field: 'blacklist-reason' });
    const body = { data: { active: !active, ...(given ? { reason: given } : {}) } };
    const refusal = refusalOf(SetBlacklistBodySchema, body, { data: 'blacklist-reason' }, 'body', refusalWords);
    if (refusal) return fail(refusal);
    void run(() =>
      answerOf(client.POST('/api/client/admin/blacklist/{id}', { params: { path: { id: userId } }, body })),
    );
  };

  return (
    <form id="blacklist-form" noValidate onSubmit={submit}>
      <TextField
        id="blacklist-reason"
        name="reason"
        label={active ? t('blacklist.liftLabel') : t('blacklist.listLabel')}
        help={active ? t('blacklist.liftHelp') : t('blacklist.listHelp')}
        rows={2}
        required={!active}
        maxLength={MAX_REASON}
        problem={problem}
        errorId="blacklist-error"
        value={reason}
        disabled={!hydrated || busy}
        onChange={setReason}
      />
      <ErrorLine id="blacklist-error" problem={problem} data-blacklist-error />
      <div className="buttons">
        <SubmitButton className={active ? 'is-success' : 'is-danger'} busy={busy} disabled={!hydrated}>
          {active ? t('blacklist.lift') : t('blacklist.list')}
        </SubmitButton>
      </div>
    </form>
  );
}
