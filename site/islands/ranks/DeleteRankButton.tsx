import type { AdminRanksKey } from '../../i18n/admin-ranks/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import type { TextValues } from '../../lib/texts.ts';
import { ActionButton } from '../kit/ActionButton.tsx';

/** The rank editor's Delete rank (asked first): everyone who holds it loses it; the Rank Manager loads with a toast. */
export function DeleteRankButton({
  rankId,
  t,
}: {
  rankId: string;
  t: (key: AdminRanksKey, values?: TextValues) => string;
}) {
  return (
    <ActionButton
      className="button is-danger is-light"
      confirm={t('delete.confirm')}
      done={t('delete.done')}
      next="/staff/admin/rank-manager"
      call={() => answerOf(client.DELETE('/api/client/ranks/{id}', { params: { path: { id: rankId } } }))}
    >
      {t('delete.button')}
    </ActionButton>
  );
}
