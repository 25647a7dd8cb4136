import { answerOf, client } from '../../lib/client.ts';
import { ActionButton } from '../kit/ActionButton.tsx';

/** The rank editor's Delete rank (asked first): everyone who holds it loses it; the Rank Manager loads with a toast. */
export function DeleteRankButton({ rankId }: { rankId: string }) {
  return (
    <ActionButton
      className="button is-danger is-light"
      confirm="Delete this rank? Everyone who holds it loses it."
      done="Rank deleted."
      next="/staff/admin/rank-manager"
      call={() => answerOf(client.DELETE('/api/client/ranks/{id}', { params: { path: { id: rankId } } }))}
    >
      Delete rank
    </ActionButton>
  );
}
