import { type SubmitEvent, useState } from 'react';
import { CreateBanBodySchema, UpdateBanBodySchema } from '../../../plugins/users/schemas.ts';
import type { AdminUsersKey } from '../../i18n/admin-users/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, refusalOf } from '../../lib/refusal.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import { toast } from '../../lib/toast.ts';
import { Checkbox } from '../kit/Checkbox.tsx';
import { Field } from '../kit/Field.tsx';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { TextField } from '../kit/TextField.tsx';
import { useAction } from '../kit/use-action.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';

/** The ban being edited, as the form shows it. */
export interface BanFields {
  reason: string;
  /** When it ends, UTC wall time for the datetime-local box ("2026-12-24T18:00"); '' when permanent. */
  expires: string;
  permanent: boolean;
}

interface Props {
  userId: string;
  /** The user's ban (Save ban changes it); null: Ban user bans them. */
  ban: BanFields | null;
  /** The user screens' words in the page's language (site.admin-users). */
  texts: BrowserTexts<AdminUsersKey>;
  /** A refusal's words in the page's language (`refusalWords`: the schemas' messages, the frame, zod's problems). */
  refusalWords: RefusalWords;
}

/** The ban page's form: the reason the user sees and when it ends (or permanent); the User Manager loads with a toast. */
export default function BanForm({ userId, ban, texts, refusalWords }: Props) {
  const t = useTexts(texts);
  const hydrated = useHydrated();
  const [reason, setReason] = useState(ban?.reason ?? '');
  const [expires, setExpires] = useState(ban?.expires ?? '');
  const [permanent, setPermanent] = useState(ban?.permanent ?? false);
  const { busy, run, refuse } = useAction({ done: t('ban.saved'), next: '/staff/admin/users' });
  const off = !hydrated || busy;

  const save = (event: SubmitEvent) => {
    event.preventDefault();
    if (!permanent && !expires) return toast(t('ban.chooseExpiry'), 'is-warning');
    const body = { reason, expires: permanent ? null : new Date(`${expires}:00Z`).toISOString() };
    const refusal = refusalOf(ban ? UpdateBanBodySchema : CreateBanBodySchema, body, {}, 'body', refusalWords);
    if (refusal) return refuse(refusal);
    const params = { path: { id: userId } };
    void run(() =>
      answerOf(
        ban
          ? client.PATCH('/api/client/admin/users/{id}/ban', { params, body })
          : client.POST('/api/client/admin/users/{id}/ban', { params, body }),
      ),
    );
  };

  return (
    <form className="box" id="ban-form" onSubmit={save}>
      <TextField
        id="reason"
        name="reason"
        label={t('ban.reason')}
        help={t('ban.reasonHelp')}
        rows={3}
        required
        maxLength={500}
        control={false}
        value={reason}
        disabled={off}
        onChange={setReason}
      />
      <Field id="expires" label={t('ban.expires')}>
        <input
          className="input"
          id="expires"
          name="expires"
          type="datetime-local"
          value={expires}
          disabled={off}
          onChange={(event) => setExpires(event.target.value)}
        />
        <Checkbox
          className="checkbox admin-permanent"
          name="permanent"
          checked={permanent}
          disabled={off}
          onChange={setPermanent}
        >
          {t('ban.permanent')}
        </Checkbox>
      </Field>
      <div className="buttons">
        <SubmitButton className="is-danger" busy={busy} disabled={!hydrated}>
          {ban ? t('ban.save') : t('ban.banUser')}
        </SubmitButton>
      </div>
    </form>
  );
}
