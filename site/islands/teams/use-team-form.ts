import type { FormEvent } from 'react';
import {
  CreateTeamBodySchema,
  DEFAULT_TEAM_COLOUR,
  type TeamView,
  UpdateTeamBodySchema,
} from '../../../plugins/teams/schemas.ts';
import type { AdminTeamsKey } from '../../i18n/admin-teams/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, refusalOf } from '../../lib/refusal.ts';
import type { TextValues } from '../../lib/texts.ts';
import { useAction } from '../kit/use-action.ts';
import { useFields } from '../kit/use-fields.ts';

/** What the form edits of a team. */
export type TeamFields = Pick<TeamView, '_id' | 'name' | 'icon' | 'colour' | 'description'>;

/**
 * A team form's fields and save: PATCH /api/client/teams/{id} for a team being edited (the page again, "Team saved."),
 * POST /api/client/teams for a new one (to the Team Manager with the new team open).
 */
export function useTeamForm(
  team: TeamFields | undefined,
  t: (key: AdminTeamsKey, values?: TextValues) => string,
  words: RefusalWords,
) {
  const { fields, bind, set } = useFields({
    name: team?.name ?? '',
    icon: team?.icon ?? '🍔',
    colour: team?.colour ?? DEFAULT_TEAM_COLOUR,
    description: team?.description ?? '',
  });
  const save = useAction<{ team: TeamView }>({
    done: ({ team: saved }) => (team ? t('form.saved') : t('form.created', { name: saved.name })),
    next: ({ team: saved }) => (team ? undefined : `/staff/admin/teams?team=${saved._id}`),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refusal = refusalOf(team ? UpdateTeamBodySchema : CreateTeamBodySchema, fields, {}, 'body', words);
    if (refusal) return save.refuse(refusal);
    void save.run(() =>
      answerOf(
        team
          ? client.PATCH('/api/client/teams/{id}', { params: { path: { id: team._id } }, body: fields })
          : client.POST('/api/client/teams', { body: fields }),
      ),
    );
  };
  return { fields, bind, set, busy: save.busy, submit };
}
