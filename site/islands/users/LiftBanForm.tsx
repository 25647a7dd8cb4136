import { type SubmitEvent, useState } from 'react';
import type { AdminUsersKey } from '../../i18n/admin-users/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import { Checkbox } from '../kit/Checkbox.tsx';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { useAction } from '../kit/use-action.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';

/** The ban page's Lift ban: the user is told unless it is lifted silently; the User Manager loads with a toast. */
export default function LiftBanForm({ userId, texts }: { userId: string; texts: BrowserTexts<AdminUsersKey> }) {
  const t = useTexts(texts);
  const hydrated = useHydrated();
  const [silent, setSilent] = useState(false);
  const { busy, run } = useAction({ done: t('lift.done'), next: '/staff/admin/users' });

  const lift = (event: SubmitEvent) => {
    event.preventDefault();
    void run(() =>
      answerOf(
        client.DELETE('/api/client/admin/users/{id}/ban', { params: { path: { id: userId } }, body: { silent } }),
      ),
    );
  };

  return (
    <form className="box" id="unban-form" onSubmit={lift}>
      <div className="field">
        <Checkbox
          name="silent"
          checked={silent}
          disabled={!hydrated || busy}
          onChange={setSilent}
          help={{
            id: 'unban-silent-help',
            text: t('lift.silentHelp'),
          }}
        >
          {t('lift.silent')}
        </Checkbox>
      </div>
      <div className="buttons">
        <SubmitButton className="is-success" busy={busy} disabled={!hydrated}>
          {t('lift.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
