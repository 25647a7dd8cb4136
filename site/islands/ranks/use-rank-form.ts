import { type SubmitEvent, useState } from 'react';
import { PERKS, PERMISSION_NAMES } from '../../../core/shared/permissions.ts';
import { CreateRankBodySchema, DEFAULT_RANK_COLOUR, UpdateRankBodySchema } from '../../../plugins/ranks/schemas.ts';
import type { AdminRanksKey } from '../../i18n/admin-ranks/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, refusalOf } from '../../lib/refusal.ts';
import type { TextValues } from '../../lib/texts.ts';
import { useAction } from '../kit/use-action.ts';
import { useToggleSet } from '../kit/use-toggle-set.ts';

/** What the rank editor edits of a rank: its permissions by name. */
export interface RankFields {
  id: string;
  name: string;
  colour: string;
  permissions: string[];
  perks: string[];
  canResign: boolean;
}

/** The rank editor's state and its Save: the rank is created or changed, then the Rank Manager loads with a toast. */
export function useRankForm(
  t: (key: AdminRanksKey, values?: TextValues) => string,
  words: RefusalWords,
  rank?: RankFields,
) {
  const [name, setName] = useState(rank?.name ?? '');
  const [colour, setColour] = useState(rank?.colour ?? DEFAULT_RANK_COLOUR);
  const [permissions, togglePermission] = useToggleSet(rank?.permissions ?? []);
  const [perks, togglePerk] = useToggleSet(rank?.perks ?? []);
  const [canResign, setCanResign] = useState(rank?.canResign ?? false);
  const save = useAction({ done: rank ? t('form.saved') : t('form.created'), next: '/staff/admin/rank-manager' });

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const body = {
      name,
      colour,
      permissions: PERMISSION_NAMES.filter((permission) => permissions.has(permission)),
      perks: PERKS.filter((perk) => perks.has(perk)),
      staff: { canResign },
    };
    const refusal = refusalOf(rank ? UpdateRankBodySchema : CreateRankBodySchema, body, {}, 'body', words);
    if (refusal) return save.refuse(refusal);
    void save.run(() =>
      answerOf(
        rank
          ? client.PATCH('/api/client/ranks/{id}', { params: { path: { id: rank.id } }, body })
          : client.POST('/api/client/ranks', { body }),
      ),
    );
  };

  return {
    fields: { name, colour, permissions, perks, canResign },
    set: { name: setName, colour: setColour, permission: togglePermission, perk: togglePerk, canResign: setCanResign },
    save,
    submit,
  };
}
