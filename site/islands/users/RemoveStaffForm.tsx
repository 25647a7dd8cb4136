import { type ReactNode, type SubmitEvent, useState } from 'react';
import { RemoveStaffBodySchema } from '../../../plugins/users/schemas.ts';
import type { AdminUsersKey } from '../../i18n/admin-users/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, refusalOf } from '../../lib/refusal.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { TextField } from '../kit/TextField.tsx';
import { useAction } from '../kit/use-action.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';

interface Props {
  userId: string;
  /** Why there is nothing to remove (no rank given by hand); null: the ranks given by hand can be removed. */
  blocked: string | null;
  /** What the removal does and the ranks grants hold (server-rendered), above the reason. */
  children?: ReactNode;
  /** The user screens' words in the page's language (site.admin-users). */
  texts: BrowserTexts<AdminUsersKey>;
  /** A refusal's words in the page's language (`refusalWords`: the schemas' messages, the frame, zod's problems). */
  refusalWords: RefusalWords;
}

/** Remove from staff: the ranks given by hand go, with a reason; the User Manager loads with a toast. */
export default function RemoveStaffForm({ userId, blocked, children, texts, refusalWords }: Props) {
  const t = useTexts(texts);
  const hydrated = useHydrated();
  const [reason, setReason] = useState('');
  const { busy, run, refuse } = useAction({ done: t('remove.done'), next: '/staff/admin/users' });

  const remove = (event: SubmitEvent) => {
    event.preventDefault();
    const body = { reason };
    const refusal = refusalOf(RemoveStaffBodySchema, body, {}, 'body', refusalWords);
    if (refusal) return refuse(refusal);
    void run(() =>
      answerOf(client.POST('/api/client/admin/users/{id}/remove-staff', { params: { path: { id: userId } }, body })),
    );
  };

  return (
    <form className="box" id="remove-staff-form" onSubmit={remove}>
      {children}
      <TextField
        id="reason"
        name="reason"
        label={t('remove.reason')}
        rows={3}
        required
        maxLength={500}
        control={false}
        value={reason}
        disabled={!hydrated || busy}
        onChange={setReason}
      />
      <SubmitButton className="is-danger" busy={busy} disabled={!hydrated || blocked !== null}>
        {t('remove.submit')}
      </SubmitButton>
      {blocked && <p className="help">{blocked}</p>}
    </form>
  );
}
